import { describe, expect, test } from 'vitest';
import { expectDeclared, foreignTool, lintForeign } from './foreign-tool.js';

/**
 * jsonl-only (fixtures/foreign/jsonl-only/colours.sh): a POSIX shell tool that only speaks AOI JSONL, linted with
 * an empty --machine-flag (nothing to add: discovery is the bare `schema` and `capabilities`). Clean, the lint
 * finds nothing; each defect is caught by exactly the sub-rules tool.json declares.
 */
const tool = foreignTool('jsonl-only');

describe('aoi-testkit lint on jsonl-only, an always-machine-mode shell tool', () => {
  test('the clean tool: zero findings, ok; every probe ran without a machine-mode flag', { timeout: 180_000 }, async () => {
    const report = await lintForeign(tool);
    expectDeclared(report, []);
    expect(report.ok).toBe(true);
    expect(report.commands).toEqual(['list', 'get', 'status']);
    expect(report.verdicts.filter((v) => v.rule === 'AOI-01').map((v) => v.status)).toEqual(['pass', 'pass', 'pass']); // schema, capabilities, --help
    expect(report.verdicts.filter((v) => v.rule === 'AOI-02').map((v) => v.status)).toEqual(['pass', 'pass', 'pass']);
  });

  test.each(Object.entries(tool.defects))('defect %s: exactly its declared findings', { timeout: 300_000 }, async (defect, { findings }) => {
    const report = await lintForeign(tool, defect);
    expectDeclared(report, findings);
    expect(report.ok).toBe(false);
  });
});
