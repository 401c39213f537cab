import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  EXAMPLES,
  PROCESS_TEST_MS,
  WRAPPER_TIMEOUT,
  eventsOf,
  failures,
  warnings,
  kit,
  statuses,
} from './support.js';

/**
 * The spawner shape: `aoi-testkit consumer --as notes -- <wrapper>` puts each spawn scenario's fake tool on
 * PATH as `notes`. The correct wrappers pass with no finding; each buggy twin is named exactly by its bugs: a
 * SIGKILLed tool reported as success (CONSUMER-06), a stream without summary or with summary ok:false accepted on
 * exit 0 (CONSUMER-01, -02), a SIGTERM-only timeout that leaves the tool running (CONSUMER-07).
 */
const TWIN_BUGS = [
  'CONSUMER-01/incomplete-accepted consumer.spawn.exit-0-without-summary',
  'CONSUMER-02/failure-accepted consumer.spawn.exit-0-not-ok',
  'CONSUMER-06/killed-accepted consumer.spawn.killed',
];

const CASES = [
  {
    name: 'JavaScript',
    program: ['node', join(EXAMPLES, 'js/wrapper.mjs')],
    twin: ['node', join(EXAMPLES, 'js/wrapper-buggy.mjs')],
  },
  {
    name: 'Python',
    program: ['python3', join(EXAMPLES, 'python/wrapper.py')],
    twin: ['python3', join(EXAMPLES, 'python/wrapper-buggy.py')],
  },
];

describe.each(CASES)('spawners in $name', ({ program, twin }) => {
  test(
    'the correct wrapper passes every spawn scenario: exit 0, no finding, nothing skipped, no tool left running',
    async () => {
      const run = await kit([
        'consumer',
        '--as',
        'notes',
        '--output',
        'jsonl',
        '--',
        ...program,
        ...WRAPPER_TIMEOUT,
      ]);
      const events = eventsOf(run);
      expect(failures(events)).toEqual([]);
      expect(run.exitCode).toBe(0);
      // 8 scenarios × 4 rules (the scenario's own, CONSUMER-05, -07, -08): every one judged.
      expect(statuses(events)).toEqual({ pass: 32 });
      expect(events.at(-1)).toMatchObject({
        type: 'aoi:summary',
        ok: true,
        consumer: { shape: 'spawn', as: 'notes', scenarios: 8 },
      });
    },
    PROCESS_TEST_MS,
  );

  test(
    'the buggy twin is named by exactly the rules its bugs break',
    async () => {
      const run = await kit([
        'consumer',
        '--as',
        'notes',
        '--output',
        'jsonl',
        '--',
        ...twin,
        ...WRAPPER_TIMEOUT,
      ]);
      const events = eventsOf(run);
      expect(failures(events)).toEqual(TWIN_BUGS);
      // No sentence of the spec speaks of the caller's children: the kit's reading, a warning.
      expect(warnings(events)).toEqual([
        'CONSUMER-07/child-survived consumer.spawn.ignores-sigterm',
      ]);
      expect(run.exitCode).toBe(1);
      const survived = events.find(
        (e) => e.name === 'CONSUMER-07' && e.command === 'consumer.spawn.ignores-sigterm',
      )!;
      expect(JSON.stringify(survived.findings)).toMatch(
        /notes was still running after the consumer ended \(pid \d+; the kit killed it\)/,
      );
    },
    PROCESS_TEST_MS,
  );
});
