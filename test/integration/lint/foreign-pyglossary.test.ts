import { describe, expect, test } from 'vitest';
import { expectDeclared, foreignTool, lintForeign } from './foreign-tool.js';

/**
 * pyglossary (fixtures/foreign/pyglossary/pyglossary.py): a Python tool whose terms are their own keys, so `add`
 * of a term the glossary has replaces its definition in place and reports the same id (§14.4, a natural key).
 * AOI-08 runs a create twice: the second run repeats the id and changes the state, which alone cannot tell an
 * update from a second resource under one id. The kit counts the resources with the tool's own `list` around a
 * third run: the same count is an update, no finding. Its twin appends instead: the count grows, and the repeated
 * id is AOI-08/id-not-unique.
 */
const tool = foreignTool('pyglossary');
const verdictOf = (
  report: Awaited<ReturnType<typeof lintForeign>>,
  rule: string,
  command: string,
) => report.verdicts.find((v) => v.rule === rule && v.command === command)!;

describe('aoi-testkit lint on pyglossary, whose add of a known key updates it', () => {
  test(
    'the clean tool: zero findings, and AOI-08 on add was judged',
    { timeout: 300_000 },
    async () => {
      const report = await lintForeign(tool);
      expectDeclared(report, []);
      expect(report.ok).toBe(true);
      const add = verdictOf(report, 'AOI-08', 'add');
      expect(add.status).toBe('pass');
      // Judged on a count, not left undecided.
      expect(add.notes ?? []).toEqual([]);
    },
  );

  test.each(Object.entries(tool.defects))(
    'defect %s: exactly its declared findings',
    { timeout: 300_000 },
    async (defect, { findings }) => {
      const report = await lintForeign(tool, defect);
      expectDeclared(report, findings);
      const finding = report.findings.find((f) => f.id === 'AOI-08/id-not-unique');
      expect(finding?.message).toMatch(
        /`list --output jsonl` showed \d+ resources before it and \d+ after/,
      );
    },
  );
});
