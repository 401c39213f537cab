import { describe, expect, test } from 'vitest';
import { expectDeclared, foreignTool, lintForeign } from './foreign-tool.js';

/**
 * shfilter (fixtures/foreign/shfilter/shfilter.sh): a POSIX shell filter that reads its standard input to the end,
 * as wc and sort do, without declaring an input mode. The kit gives every probe that feeds no input EOF, so the
 * clean tool gets no finding (an open pipe held by every probe once made it AOI-03/timed-out); the one probe about
 * stdin, a pipe nobody writes, waits on it without blaming it. Its defect twin asks before reading: a prompt there.
 */
const tool = foreignTool('shfilter');

describe('aoi-testkit lint on shfilter, a shell tool that reads stdin to EOF', () => {
  test('the clean tool: zero findings, ok', { timeout: 300_000 }, async () => {
    const report = await lintForeign(tool);
    expectDeclared(report, []);
    expect(report.ok).toBe(true);
    expect(report.commands).toEqual(['lines', 'stats']);
    for (const rule of ['AOI-03', 'AOI-05'])
      expect(report.verdicts.filter((v) => v.rule === rule).map((v) => v.status)).toEqual([
        'pass',
        'pass',
      ]);
  });

  test.each(Object.entries(tool.defects))(
    'defect %s: exactly its declared findings',
    { timeout: 300_000 },
    async (defect, { findings }) => {
      const report = await lintForeign(tool, defect);
      expectDeclared(report, findings);
    },
  );
});
