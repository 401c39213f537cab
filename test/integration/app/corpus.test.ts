import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkAgentApplication, type AppCheckOptions } from '../../../src/lint/app/application.js';
import { APP_SUB_RULES } from '../../../src/spec/app/rules.js';

const apps = fileURLToPath(new URL('../../../fixtures/apps/', import.meta.url));
const expected = JSON.parse(readFileSync(`${apps}expected.json`, 'utf8')) as {
  options: AppCheckOptions;
  packages: { path: string; valid: boolean; findings: { id: string; line?: number }[] }[];
};
const slug = (id: string) => id.toLowerCase().replace('/', '--');

describe('fixtures/apps: every package gets the verdict expected.json gives it', () => {
  for (const pkg of expected.packages) {
    it(`${pkg.path}, with the options and with the probes read from APP.md`, async () => {
      for (const options of [expected.options, {}]) {
        const report = await checkAgentApplication(`${apps}${pkg.path}`, options);
        expect(
          report.findings.map((f) => ({
            id: f.id,
            ...(f.line !== undefined ? { line: f.line } : {}),
          })),
        ).toEqual(pkg.findings);
        expect(report.valid).toBe(pkg.valid);
      }
    }, 30_000);
  }

  it('the todo app passes every rule it was probed for, and no rule is skipped', async () => {
    const report = await checkAgentApplication(`${apps}todo`, expected.options);
    expect(report.verdicts.map((v) => `${v.rule}:${v.status}`)).toEqual(
      report.verdicts.map((v) => `${v.rule}:pass`),
    );
  }, 30_000);

  it('every sub-rule has exactly one broken package, which breaks only that sub-rule', () => {
    for (const sub of APP_SUB_RULES) {
      const pkg = expected.packages.find((p) => p.path === `broken/${slug(sub.id)}`);
      expect(pkg, `no broken/${slug(sub.id)}`).toBeDefined();
      expect(new Set(pkg!.findings.map((f) => f.id))).toEqual(new Set([sub.id]));
    }
    expect(expected.packages.filter((p) => p.path.startsWith('broken/')).length).toBe(
      APP_SUB_RULES.length,
    );
  });

  it('every package that is run ships its own program: app/cli.js is a copy of the todo app’s, and entry.command stays inside', async () => {
    const program = readFileSync(`${apps}todo/app/cli.js`);
    const run = expected.packages.filter(
      (p) =>
        p.path.startsWith('broken/') &&
        existsSync(`${apps}${p.path}/app/cli.js`) &&
        p.path !== 'broken/app-15--does-not-start',
    );
    expect(run.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'broken/app-07--undocumented',
        'broken/app-13--state-changed',
        'broken/app-14--unstable-ids',
      ]),
    );
    for (const pkg of run)
      expect(
        readFileSync(`${apps}${pkg.path}/app/cli.js`).equals(program),
        `${pkg.path}/app/cli.js differs from todo/app/cli.js`,
      ).toBe(true);
    for (const pkg of expected.packages.filter(
      (p) => p.path !== 'broken/app-04--outside-package' && existsSync(`${apps}${p.path}/APP.md`),
    ))
      expect(readFileSync(`${apps}${pkg.path}/APP.md`, 'utf8').includes('../'), pkg.path).toBe(
        false,
      );
  });

  it('without options the probes are read from APP.md (a documented add, then the read), and the todo app passes them all', async () => {
    const report = await checkAgentApplication(`${apps}todo`);
    expect(report.plan).toEqual({
      setup: [['add', 'Write docs', '--due-at', '2026-04-05']],
      setupFrom: 'APP.md',
      read: ['list'],
      humanSwitch: ['--human'],
    });
    expect(report.verdicts.map((v) => `${v.rule}:${v.status}`)).toEqual(
      report.verdicts.map((v) => `${v.rule}:pass`),
    );
    const unstable = await checkAgentApplication(`${apps}broken/app-14--unstable-ids`);
    expect(unstable.findings.map((f) => f.id)).toEqual(['APP-14/unstable-ids']);
  }, 30_000);

  it('APP-14 is not_applicable, with the reason, when the reads show no ids (no vacuous pass)', async () => {
    const empty = await checkAgentApplication(`${apps}todo`, { setup: [] });
    const verdict = empty.verdicts.find((v) => v.rule === 'APP-14')!;
    expect(verdict).toMatchObject({ status: 'not_applicable' });
    expect(verdict.reason).toMatch(
      /^two runs of `list` returned no entity ids to compare; give a setup invocation that creates one/,
    );
    expect(empty.valid).toBe(true);

    // A derived setup that fails is no finding (the kit guessed it), but the reason says what happened.
    const dir = mkdtempSync(join(tmpdir(), 'app-bad-example-'));
    cpSync(`${apps}todo`, dir, { recursive: true });
    writeFileSync(
      join(dir, 'APP.md'),
      readFileSync(join(dir, 'APP.md'), 'utf8').replace('--due-at 2026-04-05', '--due-at tomorrow'),
    );
    const guessed = await checkAgentApplication(dir);
    expect(guessed.findings).toEqual([]);
    expect(guessed.verdicts.find((v) => v.rule === 'APP-14')!.reason).toMatch(
      /the setup read from APP\.md, `add Write docs --due-at tomorrow`, exited 1/,
    );
  }, 30_000);

  it('human output is opt-in: the environment does not choose it, and the documented switch does not stick', async () => {
    const byEnv = await checkAgentApplication(
      `${apps}broken/app-10--human-by-environment`,
      expected.options,
    );
    expect(byEnv.findings.map((f) => [f.id, f.probe, f.excerpt])).toEqual([
      [
        'APP-10/human-by-environment',
        'TODO_FAULT=human-when-terminal node app/cli.js list',
        'td_0001  [ ] Probe item  (due 2026-04-05)',
      ],
    ]);
    const sticky = await checkAgentApplication(
      `${apps}broken/app-10--human-sticky`,
      expected.options,
    );
    expect(sticky.findings.map((f) => f.message)).toEqual([
      'after `list --human`, `list` without the switch printed no JSON document: the switch stuck.',
    ]);
    // The switch is probed only when known: APP.md's, or the caller's.
    const unknown = await checkAgentApplication(`${apps}broken/app-10--human-sticky`, {
      ...expected.options,
      humanSwitch: [],
    });
    expect(unknown.findings).toEqual([]);
    const given = await checkAgentApplication(`${apps}broken/app-10--human-sticky`, {
      ...expected.options,
      humanSwitch: ['--human'],
    });
    expect(given.findings.map((f) => f.id)).toEqual(['APP-10/human-sticky']);
  }, 60_000);

  it('APP-13 by state: the refusal that deletes anyway passes every output check, and fails APP-13/state-changed', async () => {
    const report = await checkAgentApplication(
      `${apps}broken/app-13--state-changed`,
      expected.options,
    );
    expect(report.findings.map((f) => [f.id, f.probe])).toEqual([
      ['APP-13/state-changed', 'TODO_FAULT=refuses-after-deleting node app/cli.js remove td_0001'],
    ]);
    expect(report.findings[0]!.message).toMatch(
      /refused \(exited 1\), yet `list` no longer shows td_0001/,
    );
  }, 30_000);

  it('an app that does not refuse an unconfirmed remove is warned (the runtime holds the duty), and fails under strict', async () => {
    const lenient = await checkAgentApplication(
      `${apps}broken/app-13--not-enforced`,
      expected.options,
    );
    expect(lenient.valid).toBe(true);
    expect(lenient.findings.map((f) => [f.id, f.severity])).toEqual([
      ['APP-13/not-enforced', 'warning'],
    ]);
    const strict = await checkAgentApplication(`${apps}broken/app-13--not-enforced`, {
      ...expected.options,
      strict: true,
    });
    expect(strict.valid).toBe(false);
  }, 30_000);

  it('a warning-only package fails under strict', async () => {
    const report = await checkAgentApplication(`${apps}broken/app-12--unstructured-error`, {
      ...expected.options,
      strict: true,
    });
    expect(report.valid).toBe(false);
    expect(report.verdicts.find((v) => v.rule === 'APP-12')?.status).toBe('fail');
  }, 30_000);
});
