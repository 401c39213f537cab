import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lintConsumer } from '../../../src/lint/consumer/index.js';
import { makeTempDir, removeTempDir } from '../../../src/run/interrupt.js';
import {
  EXAMPLES,
  PROCESS_TEST_MS,
  eventsOf,
  failures,
  warnings,
  kit,
  statuses,
} from './support.js';

/**
 * The APP-runtime shape: `aoi-testkit consumer --app-runtime -- <runtime>` gives the runtime a fake to-do package
 * per scenario. The correct runtimes pass with no finding; each buggy twin is named by exactly the rules its bugs
 * break (the pairs below are every (sub-rule, scenario) it fails, nothing else).
 */
const JS_TWIN = [
  'RUNTIME-02/stderr-parsed consumer.runtime.prose-stdout',
  'RUNTIME-02/stderr-parsed consumer.runtime.stderr-json',
  'RUNTIME-05/silent-retry consumer.runtime.failed-empty-stdout',
  'RUNTIME-05/silent-retry consumer.runtime.failed-prose-stdout',
  'RUNTIME-05/silent-retry consumer.runtime.failed-structured',
  'RUNTIME-05/silent-retry consumer.runtime.failed-then-succeeds',
  'RUNTIME-06/not-asked consumer.runtime.confirm-approved',
  'RUNTIME-06/not-asked consumer.runtime.confirm-denied',
  'RUNTIME-07/invented-scheduling consumer.runtime.schedule-not-supported',
  'RUNTIME-07/invented-scheduling consumer.runtime.schedule-undocumented',
];
const OUTSIDE_ROOT = [
  'list',
  'stderr-json',
  'prose-stdout',
  'failed-structured',
  'failed-empty-stdout',
  'failed-prose-stdout',
  'failed-then-succeeds',
  'confirm-approved',
  'schedule-documented',
];
const PYTHON_TWIN = [
  ...OUTSIDE_ROOT.map((name) => `RUNTIME-01/not-package-root consumer.runtime.${name}`),
  'RUNTIME-02/stderr-parsed consumer.runtime.prose-stdout',
  'RUNTIME-02/stderr-parsed consumer.runtime.stderr-json',
  'RUNTIME-03/failure-reported-as-success consumer.runtime.failed-empty-stdout',
  'RUNTIME-04/error-dropped consumer.runtime.failed-structured',
  'RUNTIME-04/error-dropped consumer.runtime.failed-then-succeeds',
  'RUNTIME-06/not-asked consumer.runtime.confirm-approved',
  'RUNTIME-06/not-asked consumer.runtime.confirm-denied',
].sort();

const CASES = [
  {
    name: 'JavaScript',
    program: ['node', join(EXAMPLES, 'js/app-runtime.mjs')],
    twin: ['node', join(EXAMPLES, 'js/app-runtime-buggy.mjs')],
    bugs: JS_TWIN,
  },
  {
    name: 'Python',
    program: ['python3', join(EXAMPLES, 'python/app-runtime.py')],
    twin: ['python3', join(EXAMPLES, 'python/app-runtime-buggy.py')],
    bugs: PYTHON_TWIN,
  },
];

describe.each(CASES)('APP runtimes in $name', ({ program, twin, bugs }) => {
  test(
    'the correct runtime passes every runtime scenario: exit 0, no finding, nothing skipped',
    async () => {
      const run = await kit(['consumer', '--app-runtime', '--output', 'jsonl', '--', ...program]);
      const events = eventsOf(run);
      expect(failures(events)).toEqual([]);
      expect(run.exitCode).toBe(0);
      expect(statuses(events)).toEqual({ pass: 40 });
      expect(events.at(-1)).toMatchObject({
        type: 'aoi:summary',
        ok: true,
        consumer: { shape: 'app-runtime', scenarios: 12 },
      });
    },
    PROCESS_TEST_MS,
  );

  test(
    'the buggy twin is named by exactly the rules its bugs break',
    async () => {
      const run = await kit(['consumer', '--app-runtime', '--output', 'jsonl', '--', ...twin]);
      expect(failures(eventsOf(run))).toEqual(bugs);
      expect(run.exitCode).toBe(1);
    },
    PROCESS_TEST_MS,
  );
});

describe('the APP-runtime shape, on hand-made runtimes', () => {
  test(
    'a runtime that never ends is RUNTIME-08, every other rule of the scenario skipped (never passed)',
    async () => {
      const run = await kit([
        'consumer',
        '--app-runtime',
        '--timeout-ms',
        '1500',
        '--scenario',
        'consumer.runtime.failed-structured',
        '--output',
        'jsonl',
        '--',
        'sh',
        '-c',
        'exec sleep 60',
      ]);
      const events = eventsOf(run);
      // The bound is the kit's (no sentence says how long a runtime may take): a warning; the rest is skipped.
      expect(failures(events)).toEqual([]);
      expect(warnings(events)).toEqual(['RUNTIME-08/hung consumer.runtime.failed-structured']);
      expect(statuses(events)).toEqual({ pass: 1, skip: 4 });
    },
    PROCESS_TEST_MS,
  );

  test(
    'a runtime that never runs the application is a setup error (exit 65), not a pass',
    async () => {
      const run = await kit([
        'consumer',
        '--app-runtime',
        '--scenario',
        'consumer.runtime.list',
        '--',
        'sh',
        '-c',
        'exit 0',
      ]);
      expect(run.exitCode).toBe(65);
      expect(Buffer.from(run.stderr).toString('utf8')).toMatch(/never ran the application/);
    },
    PROCESS_TEST_MS,
  );

  test(
    'lintConsumer({ appRuntime: true }) reports the same verdicts, with what the binary saw per scenario',
    async () => {
      const dir = makeTempDir('aoi-runtime-test-');
      try {
        // A shell runtime that runs list from the package root and logs the answer: enough for consumer.runtime.list.
        const runtime = join(dir, 'runtime.sh');
        writeFileSync(
          runtime,
          'cd "$AOI_APP_DIR" && out=$(node app/cli.js list 2>/dev/null) && printf \'{"type":"result","ok":true,"answer":%s}\\n\' "$out" >> "$AOI_RUNTIME_LOG"\n',
        );
        const report = await lintConsumer(['sh', runtime], {
          appRuntime: true,
          scenarios: ['consumer.runtime.list', 'consumer.runtime.confirm-approved'],
        });
        expect(report.scenarios.map((s) => [s.id, s.calls])).toEqual([
          ['consumer.runtime.list', [['list']]],
          ['consumer.runtime.confirm-approved', [['list']]],
        ]);
        expect(
          report.verdicts
            .filter((v) => v.status !== 'pass')
            .map((v) => `${v.rule} ${v.command} ${v.status}`),
        ).toEqual([
          // It ran list, not the request: what it reported is not the request's answer, so not judged.
          'RUNTIME-02 consumer.runtime.confirm-approved skip',
          'RUNTIME-06 consumer.runtime.confirm-approved skip',
        ]);
      } finally {
        removeTempDir(dir);
      }
    },
    PROCESS_TEST_MS,
  );
});
