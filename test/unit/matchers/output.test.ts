/**
 * What a failing matcher prints under each runner: vitest's own diff is not printed after the kit's focused one,
 * jest prints `expect.aoiEvent(sample)` with its sample, and a finding held twice is listed once.
 */
import { processError } from '@vitest/utils/error';
import { expect as jestExpect } from 'expect';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test } from 'vitest';
import { VerdictCollector } from '../../../src/checks/verdict.js';
import { formatFindings } from '../../../src/matchers/format.js';
import { aoiMatchers } from '../../../src/matchers/index.js';
import { printSamplesAsValues } from '../../../src/matchers/jest-samples.js';

const run = {
  stdout:
    '{"type":"aoi:meta","schema_name":"demo","schema_version":"1.0"}\n{"type":"hit","id":1}\n{"type":"aoi:summary","ok":true,"count":1}\n',
  exitCode: 0,
};

/** The error a failing assertion throws. */
function thrown(assertion: () => void): Error & Record<string, unknown> {
  try {
    assertion();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('the assertion passed');
}

describe('vitest: the focused diff alone', () => {
  expect.extend(aoiMatchers);
  const loose = expect as unknown as (v: unknown) => Record<string, (...a: unknown[]) => void>;

  test.each([
    ['toSucceedWithSummary', () => loose(run).toSucceedWithSummary!({ count: 2 })],
    [
      'toBeAoiEvent',
      () => loose({ type: 'hit', id: 1, title: 'x' }).toBeAoiEvent!({ type: 'hit', id: 2 }),
    ],
  ])('%s: the message has its diff; the error none for vitest to print again', (_, assertion) => {
    const error = thrown(assertion);
    const message = stripVTControlCharacters(error.message);
    expect(message.match(/- Expected/g)).toHaveLength(1);
    // vitest's reporter diffs an error's actual against its expected: nothing to diff, no second diff.
    const processed = processError(error) as { diff?: string };
    expect(processed.diff).toBeUndefined();
  });
});

describe('jest: expect.aoiEvent(sample) prints its sample', () => {
  test('aoiEvent<{"type":"hit"}>, not aoiEvent<[object Object]>; .not too', () => {
    jestExpect.extend(aoiMatchers);
    const loose = jestExpect as unknown as Record<string, (...a: unknown[]) => unknown> & {
      not: Record<string, (...a: unknown[]) => unknown>;
    };
    const fail = () =>
      stripVTControlCharacters(
        thrown(() =>
          jestExpect([{ type: 'other' }]).toContainEqual(loose.aoiEvent!({ type: 'hit' })),
        ).message,
      );
    // jest as it is: the sample is lost.
    expect(fail()).toContain('aoiEvent<[object Object]>');
    printSamplesAsValues(jestExpect, Object.keys(aoiMatchers));
    expect(fail()).toContain('aoiEvent<{"type":"hit"}>');
    expect(fail()).not.toContain('[object Object]');
    const not = stripVTControlCharacters(
      thrown(() => jestExpect([{ type: 'hit' }]).toEqual([loose.not.aoiEvent!({ type: 'hit' })]))
        .message,
    );
    expect(not).toContain('not.aoiEvent<{"type":"hit"}>');
    // It still matches as before.
    jestExpect([{ type: 'hit', id: 1 }]).toContainEqual(loose.aoiEvent!({ type: 'hit' }));
    // A secret in a sample stays masked.
    const secret = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
    const masked = stripVTControlCharacters(
      thrown(() =>
        jestExpect([{ type: 'x' }]).toContainEqual(loose.aoiEvent!({ type: 'x', token: secret })),
      ).message,
    );
    expect(masked).not.toContain(secret);
  });
});

describe('formatFindings', () => {
  test('a finding held twice is listed once; one sub-rule together, its fix and page once', () => {
    const c = new VerdictCollector({});
    c.add('EXEC-03/wrong-line', 'stdout line 1 has _line 0', { line: 1, text: 'a' }, 'exec');
    c.add('EXEC-03/wrong-line', 'stdout line 2 has _line 1', { line: 2, text: 'b' }, 'exec');
    c.add('EXEC-04/no-cmd', 'line 3 has no _cmd', {}, 'exec');
    const report = c.report(['EXEC-03', 'EXEC-04'], ['exec']);
    const twice = [...report.findings, report.findings[0]!];
    const text = formatFindings(twice);
    expect(text.match(/stdout line 1 has _line 0/g)).toHaveLength(1);
    expect(text.split('\n\n')).toHaveLength(2);
    expect(text.match(/ fix: /g)).toHaveLength(2);
    expect(text.match(/ see /g)).toHaveLength(2);
    expect(text).toMatch(
      /^EXEC-03\/wrong-line: stdout line 1[^\n]*\n {2}line 1: a\nEXEC-03\/wrong-line: stdout line 2/m,
    );
  });
});
