import { describe, expect, test } from 'vitest';
import { expectDeclared, foreignTool, lintForeign } from './foreign-tool.js';

/**
 * pynotes (fixtures/foreign/pynotes): a Python notes tool written as an outside author writes one — its state
 * under its own $PYNOTES_HOME, machine mode spelt `--format jsonl`, the `--schema`/`--capabilities` flag forms.
 * Clean, the lint finds nothing; each defect is caught by exactly the sub-rules tool.json declares.
 */
const tool = foreignTool('pynotes');

// Concurrent: each lint waits on the tool's processes far more than it computes, and each has its own state.
describe.concurrent('aoi-testkit lint on pynotes, a foreign Python tool', () => {
  test(
    'the clean tool: zero findings, ok, every rule it can be judged on exercised',
    { timeout: 180_000 },
    async () => {
      const report = await lintForeign(tool);
      expectDeclared(report, []);
      expect(report.ok).toBe(true);
      expect(report.commands).toEqual(['list', 'search', 'get', 'add', 'delete', 'import']);
      // Judged on evidence, not skipped: the state it keeps under $PYNOTES_HOME={stateDir} is what the side-effect rules see.
      const passed = (rule: string) =>
        report.verdicts.filter((v) => v.rule === rule && v.status === 'pass').map((v) => v.command);
      // The reads too: §14.1's read-only default, judged on the same files.
      expect(passed('AOI-06')).toEqual(['list', 'search', 'get', 'delete']);
      expect(passed('AOI-07')).toEqual(['add']);
      expect(passed('AOI-12')).toEqual(['import']);
      expect(passed('AOI-01')).toEqual(['schema', 'capabilities', '--help']);
      expect(
        report.verdicts
          .filter((v) => v.status === 'skip')
          .map((v) => `${v.rule} ${v.command}: ${v.reason}`),
      ).toEqual([]);
    },
  );

  test.each(Object.entries(tool.defects))(
    'defect %s: exactly its declared findings',
    { timeout: 300_000 },
    async (defect, { findings }) => {
      const report = await lintForeign(tool, defect);
      expectDeclared(report, findings);
    },
  );
});
