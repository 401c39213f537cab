/** §18.1: the (characteristic × command) matrix, from verdicts, and on a lint report where one defect breaks two characteristics. */
import { describe, expect, it } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { characteristicMatrix } from '../../../src/checks/characteristics.js';
import { checkText } from '../../../src/report/text/check.js';
import { aoiText as renderLint } from '../../../src/report/text/lint.js';
import { makeVerdict } from '../../../src/checks/verdict.js';
import { makeFault } from '../../../src/fakes/aoi/faults/index.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';

const verdict = (
  rule: string,
  command: string,
  status: 'pass' | 'fail' | 'skip' | 'not_applicable',
) =>
  makeVerdict(rule, {
    command,
    status,
    errors: status === 'fail' ? 1 : 0,
    warnings: 0,
    findings: [],
    ...(status === 'skip' || status === 'not_applicable' ? { reason: 'x' } : {}),
  });

describe('characteristicMatrix', () => {
  it('a failed rule fails each of its characteristics; a skipped one proves nothing; pass needs a judged rule', () => {
    const matrix = characteristicMatrix([
      verdict('AOI-04', 'search', 'fail'), // Typed, Verifiable
      verdict('AOI-02', 'search', 'pass'), // Typed
      verdict('AOI-03', 'search', 'pass'), // Verifiable
      verdict('AOI-11', 'search', 'pass'), // Bounded, Streamable
      verdict('AOI-07', 'search', 'skip'), // Idempotent
      verdict('AOI-06', 'search', 'not_applicable'), // Safe
      verdict('AOI-09', 'list', 'pass'), // Safe
    ]);
    expect(matrix.search).toMatchObject({
      Typed: 'fail',
      Verifiable: 'fail',
      Bounded: 'pass',
      Streamable: 'pass',
      Idempotent: 'not_judged',
      Safe: 'not_judged',
      Versioned: 'not_judged',
    });
    expect(matrix.list).toMatchObject({ Safe: 'pass', Typed: 'not_judged' });
    expect(Object.keys(matrix)).toEqual(['search', 'list']);
  });
});

describe('the lint report carries the matrix', () => {
  const LINT = { ...REFERENCE_LINT_PLAN, timeoutMs: 3_000, graceMs: 1_000, canarySeed: 'matrix' };

  it(
    'the clean reference tool: no characteristic fails for any command',
    { timeout: 120_000 },
    async () => {
      const report = await lintCli(inMemoryTarget(notes), LINT);
      const failing = Object.entries(report.characteristics).flatMap(([command, row]) =>
        Object.entries(row)
          .filter(([, s]) => s === 'fail')
          .map(([c]) => `${command} ${c}`),
      );
      expect(failing).toEqual([]);
      expect(report.characteristics.search).toMatchObject({
        Typed: 'pass',
        Verifiable: 'pass',
        Bounded: 'pass',
        Safe: 'pass',
      });
      expect(report.characteristics.delete).toMatchObject({ Safe: 'pass', Auditable: 'pass' });
    },
  );

  it(
    'a summary without ok: Typed and Verifiable fail for the commands it breaks, Safe and Bounded do not',
    { timeout: 120_000 },
    async () => {
      const report = await lintCli(
        inMemoryTarget(notes, { faults: [makeFault('ok-missing')] }),
        LINT,
      );
      expect(report.characteristics.search).toMatchObject({
        Typed: 'fail',
        Verifiable: 'fail',
        Safe: 'pass',
        Bounded: 'pass',
      });
      const ids = new Set(
        report.findings.filter((f) => f.probe?.startsWith('search note')).map((f) => f.id),
      );
      expect([...ids].sort()).toEqual(['AOI-03/summary-ok-missing', 'AOI-04/schema']);
    },
  );
});

describe('text output: one finding per defect, the JSONL verdicts carry every rule', () => {
  const stream = Buffer.from(
    [
      '{"type":"aoi:meta","tool":"x","schema_version":"1.0.0","aoi_version":"0.2"}',
      '{"type":"hit","id":"a"}',
      '{"type":"aoi:summary","count":1}',
      '',
    ].join('\n'),
  );

  it('check: the summary without ok is shown once, under AOI-03, naming AOI-04; both verdicts fail', () => {
    const report = checkStream(stream, { exitCode: 0 });
    expect(report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule)).toEqual([
      'AOI-03',
      'AOI-04',
    ]);
    const text = checkText({ verb: 'check', target: 's.jsonl', report }, false);
    expect(text.match(/missing required property "ok"|has no "ok"/g)).toHaveLength(1);
    expect(text).toContain('AOI-03/summary-ok-missing line 3');
    expect(text).toContain('(also fails AOI-04)');
    expect(text).toMatch(/FAIL {2}AOI-04 {2}the same defect as AOI-03\/summary-ok-missing/);
  });

  it('lint: the same', { timeout: 120_000 }, async () => {
    const report = await lintCli(inMemoryTarget(notes, { faults: [makeFault('ok-missing')] }), {
      ...REFERENCE_LINT_PLAN,
      timeoutMs: 3_000,
      graceMs: 1_000,
      only: ['AOI-03', 'AOI-04'],
      invocations: [['list']],
    });
    const text = renderLint(report, false);
    expect(report.findings.filter((f) => f.id === 'AOI-04/schema').length).toBeGreaterThan(0);
    expect(text).not.toMatch(/AOI-04\/schema/);
    expect(text).toContain('(also fails AOI-04)');
  });
});
