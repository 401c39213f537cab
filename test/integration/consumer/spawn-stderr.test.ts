import { describe, expect, test } from 'vitest';
import { PROCESS_TEST_MS, eventsOf, failures, kit, warnings } from './support.js';

/**
 * consumer.spawn.stderr-noise: the tool succeeds (exit 0, summary ok:true) while it logs to stderr, one line of
 * which looks like an entry. stdout is the stream (§2): the two ways wrappers get stderr wrong are each named.
 */
const run = async (script: string) =>
  kit([
    'consumer',
    '--as',
    'notes',
    '--scenario',
    'consumer.spawn.stderr-noise',
    '--output',
    'jsonl',
    '--',
    'sh',
    '-c',
    script,
  ]);

describe('a tool that logs to stderr while it succeeds', () => {
  test(
    'a wrapper that fails because stderr was not empty: CONSUMER-04/success-rejected',
    async () => {
      const strict = await run(
        'err=$(notes list 2>&1 >/dev/null) || exit 1; [ -z "$err" ] || { echo "notes failed: $err" >&2; exit 1; }; notes list',
      );
      // §13 puts accepting a successful upstream as a SHOULD: a warning, the run passes (strict fails it).
      expect(failures(eventsOf(strict))).toEqual([]);
      expect(warnings(eventsOf(strict))).toEqual([
        'CONSUMER-04/success-rejected consumer.spawn.stderr-noise',
      ]);
      expect(strict.exitCode).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  test(
    'a wrapper that reads stderr as data counts an item the tool never sent: CONSUMER-05/count-inflated',
    async () => {
      const merged = await run(
        'n=$(notes list 2>&1 | grep -c \'"type":"entry"\'); echo "{\\"type\\":\\"aoi:summary\\",\\"ok\\":true,\\"count\\":$n}"',
      );
      expect(failures(eventsOf(merged))).toEqual([]);
      expect(warnings(eventsOf(merged))).toEqual([
        'CONSUMER-05/count-inflated consumer.spawn.stderr-noise',
      ]);
    },
    PROCESS_TEST_MS,
  );

  test(
    'a wrapper that keeps stdout and stderr apart passes',
    async () => {
      const apart = await run(
        'n=$(notes list 2>/dev/null | grep -c \'"type":"entry"\'); echo "{\\"type\\":\\"aoi:summary\\",\\"ok\\":true,\\"count\\":$n}"',
      );
      expect(failures(eventsOf(apart))).toEqual([]);
      expect(warnings(eventsOf(apart))).toEqual([]);
      expect(apart.exitCode).toBe(0);
    },
    PROCESS_TEST_MS,
  );
});
