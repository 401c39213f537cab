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
 * The stdin reader's modes, told to the kit: `--continue-on-error` (the consumer was run per-line tolerant, §12.2)
 * and `--unbounded` (its upstream is a documented watch, §4.2). Only that mode's scenarios run. The JS transformer
 * (and the Python one) has both modes: run in the mode the kit is told, it passes; run without it, or as the buggy twin, it is named
 * by exactly the sub-rules the mode's scenarios expect. The Python transformer and twin the same.
 */
const LANGUAGES = [
  {
    language: 'JavaScript',
    transformer: ['node', join(EXAMPLES, 'js/transformer.mjs')],
    twin: ['node', join(EXAMPLES, 'js/transformer-buggy.mjs')],
  },
  {
    language: 'Python',
    transformer: ['python3', join(EXAMPLES, 'python/transformer.py')],
    twin: ['python3', join(EXAMPLES, 'python/transformer-buggy.py')],
  },
];
/** The Python twin also counts lines before parsing them (its CONSUMER-05 bug), which the tolerant scenarios see too. */
const countsLines = (language: string, mode: string) =>
  language === 'Python' && mode === '--continue-on-error'
    ? [
        'CONSUMER-05/count-inflated consumer.stdin.tolerant-pretty-printed',
        'CONSUMER-05/count-inflated consumer.stdin.tolerant-prose-line',
      ]
    : [];

const MODES = [
  {
    mode: '--continue-on-error',
    notInMode: [
      'CONSUMER-03/tolerant-aborted consumer.stdin.tolerant-pretty-printed',
      'CONSUMER-03/tolerant-aborted consumer.stdin.tolerant-prose-line',
    ],
    notInModeWarned: [] as string[],
    buggy: [
      'CONSUMER-03/malformed-dropped consumer.stdin.tolerant-pretty-printed',
      'CONSUMER-03/malformed-dropped consumer.stdin.tolerant-prose-line',
    ],
    warned: [] as string[],
  },
  {
    mode: '--unbounded',
    // The unbounded exemption is the kit's reading of §4.2: rejecting EOF there is a warning.
    notInMode: [],
    notInModeWarned: ['CONSUMER-01/unbounded-eof-rejected consumer.stdin.unbounded-eof'],
    buggy: [],
    warned: ['CONSUMER-02/error-accepted consumer.stdin.unbounded-error'],
  },
];

const CASES = LANGUAGES.flatMap((language) => MODES.map((mode) => ({ ...language, ...mode })));

describe.each(CASES)(
  'a stdin reader in $language run $mode',
  ({ language, transformer, twin, mode, notInMode, notInModeWarned, buggy, warned }) => {
    test(
      'the transformer run in that mode passes both scenarios of the mode, every rule judged',
      async () => {
        const run = await kit(['consumer', mode, '--output', 'jsonl', '--', ...transformer, mode]);
        const events = eventsOf(run);
        expect(failures(events)).toEqual([]);
        expect(run.exitCode).toBe(0);
        expect(statuses(events)).toEqual({ pass: 6 });
        expect(events.at(-1)).toMatchObject({
          type: 'aoi:summary',
          ok: true,
          consumer: { shape: 'stdin', mode: mode.slice(2), scenarios: 2 },
        });
      },
      PROCESS_TEST_MS,
    );

    test(
      'the transformer run without the mode, and the buggy twin, are named by exactly the sub-rules the mode expects',
      async () => {
        const [without, bugged] = await Promise.all([
          kit(['consumer', mode, '--output', 'jsonl', '--', ...transformer]),
          kit(['consumer', mode, '--output', 'jsonl', '--', ...twin]),
        ]);
        expect(failures(eventsOf(without))).toEqual(notInMode);
        expect(warnings(eventsOf(without))).toEqual(notInModeWarned);
        expect(failures(eventsOf(bugged))).toEqual([...buggy].sort());
        expect(warnings(eventsOf(bugged))).toEqual(
          [...warned, ...countsLines(language, mode)].sort(),
        );
        // Only errors fail the run: a twin whose defects are all warnings passes (--strict fails it).
        expect([without.exitCode, bugged.exitCode]).toEqual([
          notInMode.length > 0 ? 1 : 0,
          buggy.length > 0 ? 1 : 0,
        ]);
      },
      PROCESS_TEST_MS,
    );
  },
);

test(
  'a mode is for stdin readers, one at a time, and a scenario runs only in its own mode (usage errors, exit 64)',
  async () => {
    const runs = await Promise.all([
      kit(['consumer', '--continue-on-error', '--as', 'notes', '--', 'true']),
      kit(['consumer', '--continue-on-error', '--unbounded', '--', 'true']),
      kit(['consumer', '--app-runtime', '--unbounded', '--', 'true']),
      kit(['consumer', '--scenario', 'consumer.stdin.unbounded-eof', '--', 'true']),
    ]);
    expect(runs.map((r) => r.exitCode)).toEqual([64, 64, 64, 64]);
    expect(Buffer.from(runs[3]!.stderr).toString('utf8')).toMatch(/needs --unbounded/);
  },
  PROCESS_TEST_MS,
);
