import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkAgentApplication, type AppCheckOptions } from '../../../src/checks/app/application.js';
import { toBeAgentApplication } from '../../../src/matchers/to-be-agent-application.js';
import { APP_SUB_RULES } from '../../../src/spec/app/rules.js';

const apps = fileURLToPath(new URL('../../../fixtures/apps/', import.meta.url));
const expected = JSON.parse(readFileSync(`${apps}expected.json`, 'utf8')) as {
  options: AppCheckOptions;
  packages: { path: string; valid: boolean; findings: { id: string; line?: number }[] }[];
};
const slug = (id: string) => id.toLowerCase().replace('/', '--');

describe('fixtures/apps: every package gets the verdict expected.json gives it', () => {
  for (const pkg of expected.packages) {
    it(pkg.path, async () => {
      const report = await checkAgentApplication(`${apps}${pkg.path}`, expected.options);
      expect(report.findings.map((f) => ({ id: f.id, ...(f.line !== undefined ? { line: f.line } : {}) }))).toEqual(pkg.findings);
      expect(report.valid).toBe(pkg.valid);
    }, 30_000);
  }

  it('the todo app passes every rule it was probed for, and no rule is skipped', async () => {
    const report = await checkAgentApplication(`${apps}todo`, expected.options);
    expect(report.verdicts.map((v) => `${v.rule}:${v.status}`)).toEqual(report.verdicts.map((v) => `${v.rule}:pass`));
  }, 30_000);

  it('every sub-rule has exactly one broken package, which breaks only that sub-rule', () => {
    for (const sub of APP_SUB_RULES) {
      const pkg = expected.packages.find((p) => p.path === `broken/${slug(sub.id)}`);
      expect(pkg, `no broken/${slug(sub.id)}`).toBeDefined();
      expect(new Set(pkg!.findings.map((f) => f.id))).toEqual(new Set([sub.id]));
    }
    expect(expected.packages.filter((p) => p.path.startsWith('broken/')).length).toBe(APP_SUB_RULES.length);
  });

  it('a warning-only package fails under strict', async () => {
    const report = await checkAgentApplication(`${apps}broken/app-12--unstructured-error`, { ...expected.options, strict: true });
    expect(report.valid).toBe(false);
    expect(report.verdicts.find((v) => v.rule === 'APP-12')?.status).toBe('fail');
  }, 30_000);
});

describe('toBeAgentApplication', () => {
  it('passes on the todo app', async () => {
    const result = await toBeAgentApplication.call(undefined, `${apps}todo`, expected.options);
    expect(result.pass).toBe(true);
  }, 30_000);

  it('fails with hint, rule id, evidence and docs link, never printing a secret from the environment', async () => {
    const secret = 'sk-live-abcdefghijklmnop0123456789';
    // The app echoes nothing secret itself; put the secret where the probe line would show it.
    const result = await toBeAgentApplication.call(undefined, `${apps}broken/app-13--not-enforced`, {
      ...expected.options,
      confirmArgs: { remove: [secret] },
      env: { TODO_API_TOKEN: secret },
    });
    expect(result.pass).toBe(false);
    const message = result.message();
    expect(message).toMatch(/^expect\(received\)\.toBeAgentApplication\(\)/);
    expect(message).toContain('APP-13/not-enforced');
    expect(message).toContain('see node_modules/aoi-testkit/docs/rules/APP-13.md');
    expect(message).not.toContain(secret);
  }, 30_000);

  it('a manifest failure names the APP.md line', async () => {
    const result = await toBeAgentApplication.call(undefined, `${apps}broken/app-06--unknown-command`, expected.options);
    expect(result.message()).toMatch(/APP-06\/unknown-command[^\n]*\n {2}line 7: confirmationRequired: \[remove, purge\]/);
  });

  it('rejects a non-path', async () => {
    expect((await toBeAgentApplication.call(undefined, 42)).pass).toBe(false);
  });
});
