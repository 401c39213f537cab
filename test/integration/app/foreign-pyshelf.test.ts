import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAgentApplication } from '../../../src/lint/app/application.js';

/**
 * The app probes on an application the kit did not shape (fixtures/foreign/pyshelf: Python, standard library,
 * `--format text` for people, `--yes` to confirm), its setup given (the kit derives one only from add/create-like names, and this app says `shelve`), the rest of
 * the probes read from its APP.md: clean, no finding and every
 * rule passes; each defect its app.json declares gets exactly its sub-rules.
 */
const dir = new URL('../../../fixtures/foreign/pyshelf/', import.meta.url).pathname;
const tool = JSON.parse(readFileSync(`${dir}app.json`, 'utf8')) as {
  options: { setup: string[][] };
  defectEnv: string;
  defects: Record<string, { findings: string[] }>;
};

describe('checkAgentApplication on pyshelf (a foreign Python app)', () => {
  it('the clean app: no finding, every rule passes, the human-output switch read from APP.md is `--format text`', async () => {
    const report = await checkAgentApplication(dir, { ...tool.options, timeoutMs: 30_000 });
    expect(report.findings).toEqual([]);
    expect(report.plan).toEqual({
      setup: tool.options.setup,
      setupFrom: 'options',
      read: ['books'],
      humanSwitch: ['--format', 'text'],
    });
    expect(report.verdicts.map((v) => `${v.rule}:${v.status}`)).toEqual(
      report.verdicts.map((v) => `${v.rule}:pass`),
    );
  }, 60_000);

  it('without the setup the kit cannot derive one (`shelve` is not add/create-like): `discard` goes bare, and the warning says why', async () => {
    const report = await checkAgentApplication(dir, { timeoutMs: 30_000 });
    expect(report.plan?.setupFrom).toBe('none');
    expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
      ['APP-13/not-enforced', 'warning'],
    ]);
    expect(report.findings[0]!.message).toMatch(
      /error\.code "NOT_FOUND", not a failure with error\.code CONFIRMATION_REQUIRED\. It was called with no argument: no entity id was seen/,
    );
  }, 60_000);

  for (const [defect, { findings }] of Object.entries(tool.defects)) {
    it(`${defect}: exactly ${findings.join(', ')}`, async () => {
      const report = await checkAgentApplication(dir, {
        ...tool.options,
        env: { [tool.defectEnv]: defect },
        timeoutMs: 30_000,
      });
      expect(report.findings.map((f) => f.id)).toEqual(findings);
    }, 60_000);
  }
});
