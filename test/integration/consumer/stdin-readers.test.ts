import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  EXAMPLES,
  PROCESS_TEST_MS,
  eventsOf,
  failures,
  kit,
  statuses,
  warnings,
} from './support.js';

/**
 * The stdin-reader shape (§13): `aoi-testkit consumer -- <transformer>` pipes every stdin scenario into the
 * example transformers. The correct ones pass with no finding; each buggy twin is named exactly by the rules
 * its bugs break, scenario by scenario.
 */
const MALFORMED = ['prose-line', 'ansi-line', 'pretty-printed', 'array-line'].map(
  (s) => `consumer.stdin.${s}`,
);
const SHARED_BUGS = [
  'CONSUMER-01/incomplete-accepted consumer.stdin.eof-without-summary',
  'CONSUMER-01/incomplete-accepted consumer.stdin.cut-last-line',
  'CONSUMER-01/incomplete-accepted consumer.stdin.empty',
  ...MALFORMED.map((id) => `CONSUMER-03/malformed-dropped ${id}`),
];
/** §13's recommended default (an upstream error makes the summary ok:false): a warning, which --strict fails. */
const SHARED_WARNINGS = ['CONSUMER-02/error-accepted consumer.stdin.summary-not-ok'];

const CASES = [
  {
    name: 'JavaScript',
    program: ['node', join(EXAMPLES, 'js/transformer.mjs')],
    twin: ['node', join(EXAMPLES, 'js/transformer-buggy.mjs')],
    counts: [] as string[],
  },
  {
    name: 'Python',
    program: ['python3', join(EXAMPLES, 'python/transformer.py')],
    twin: ['python3', join(EXAMPLES, 'python/transformer-buggy.py')],
    // The Python twin also counts lines before it parses them.
    counts: ['consumer.stdin.cut-last-line', ...MALFORMED].map(
      (id) => `CONSUMER-05/count-inflated ${id}`,
    ),
  },
];

describe.each(CASES)('stdin readers in $name', ({ program, twin, counts }) => {
  test(
    'the correct transformer passes every stdin scenario: exit 0, no finding, nothing skipped',
    async () => {
      const run = await kit(['consumer', '--output', 'jsonl', '--', ...program]);
      const events = eventsOf(run);
      expect(failures(events)).toEqual([]);
      expect(run.exitCode).toBe(0);
      // 10 scenarios × 3 rules (the scenario's own, CONSUMER-05, CONSUMER-08): every one judged.
      expect(statuses(events)).toEqual({ pass: 30 });
      expect(events.at(-1)).toMatchObject({
        type: 'aoi:summary',
        ok: true,
        count: 30,
        consumer: { shape: 'stdin', scenarios: 10 },
      });
    },
    PROCESS_TEST_MS,
  );

  test(
    'the buggy twin is named by exactly the rules its bugs break, per scenario; the good scenarios still pass',
    async () => {
      const run = await kit(['consumer', '--output', 'jsonl', '--', ...twin]);
      const events = eventsOf(run);
      expect(failures(events)).toEqual([...SHARED_BUGS].sort());
      // The kit's own bound on a count is a warning too (§13: a transformer produces its own).
      expect(warnings(events)).toEqual([...SHARED_WARNINGS, ...counts].sort());
      expect(run.exitCode).toBe(1);
      const good = events.filter(
        (e) => e.type === 'aoi:check' && String(e.command).startsWith('consumer.stdin.good'),
      );
      expect(good.map((e) => e.status)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'pass']);
      expect(events.at(-1)).toMatchObject({ type: 'aoi:summary', ok: false });
    },
    PROCESS_TEST_MS,
  );
});
