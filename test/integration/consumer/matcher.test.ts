import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lintConsumer } from '../../../src/lint/index.js';
import { aoiMatchers } from '../../../src/matchers/index.js';
import { toHandleAoiStreams } from '../../../src/matchers/to-handle-aoi-streams.js';
import { EXAMPLES, PROCESS_TEST_MS, WRAPPER_TIMEOUT } from './support.js';

expect.extend(aoiMatchers);

/** The library side: `lintConsumer` and the `toHandleAoiStreams` matcher, on a few scenarios each (few processes). */
const SCENARIOS = [
  'consumer.stdin.good',
  'consumer.stdin.eof-without-summary',
  'consumer.stdin.prose-line',
];

describe('toHandleAoiStreams and lintConsumer', () => {
  test(
    'a correct transformer passes; its buggy twin fails with the rule, the scenario, the fix and the rule page',
    async () => {
      await expect(['node', join(EXAMPLES, 'js/transformer.mjs')]).toHandleAoiStreams({
        scenarios: SCENARIOS,
      });
      const twin = ['node', join(EXAMPLES, 'js/transformer-buggy.mjs')];
      await expect(twin).not.toHandleAoiStreams({ scenarios: SCENARIOS });
      const result = await toHandleAoiStreams(twin, { scenarios: SCENARIOS });
      expect(result.pass).toBe(false);
      const message = result.message();
      expect(message).toContain('failed: CONSUMER-01, CONSUMER-03.');
      expect(message).toContain(
        'CONSUMER-01 consumer.stdin.eof-without-summary: CONSUMER-01/incomplete-accepted: consumer.stdin.eof-without-summary: reported success (exit 0, summary ok:true)',
      );
      expect(message).toMatch(/fix: Treat EOF without an aoi:summary as failure/);
      expect(message).toMatch(/see .*CONSUMER-03\.md/);
    },
    PROCESS_TEST_MS,
  );

  test(
    'lintConsumer on a wrapper: a report per (scenario × rule), and { command, args } is accepted by the matcher',
    async () => {
      const scenarios = ['consumer.spawn.good', 'consumer.spawn.killed'];
      const report = await lintConsumer(
        ['python3', join(EXAMPLES, 'python/wrapper-buggy.py'), ...WRAPPER_TIMEOUT],
        { as: 'notes', scenarios },
      );
      expect(report.ok).toBe(false);
      expect(report.scenarios.map((s) => [s.id, s.outcome?.failed])).toEqual([
        ['consumer.spawn.good', false],
        ['consumer.spawn.killed', false],
      ]);
      expect(report.findings.map((f) => f.id)).toEqual(['CONSUMER-06/killed-accepted']);
      await expect({
        command: 'python3',
        args: [join(EXAMPLES, 'python/wrapper.py'), ...WRAPPER_TIMEOUT],
      }).toHandleAoiStreams({ as: 'notes', scenarios });
    },
    PROCESS_TEST_MS,
  );

  test(
    'with appRuntime: a correct APP runtime passes; its buggy twin fails with RUNTIME-06 and the page',
    async () => {
      const scenarios = ['consumer.runtime.confirm-approved', 'consumer.runtime.confirm-denied'];
      await expect(['node', join(EXAMPLES, 'js/app-runtime.mjs')]).toHandleAoiStreams({
        appRuntime: true,
        scenarios,
      });
      const result = await toHandleAoiStreams(
        ['node', join(EXAMPLES, 'js/app-runtime-buggy.mjs')],
        { appRuntime: true, scenarios },
      );
      expect(result.pass).toBe(false);
      expect(result.message()).toContain(
        'to do its runtime duties, but 2 (rule × scenario) verdict(s) failed: RUNTIME-06.',
      );
      expect(result.message()).toMatch(/see .*RUNTIME-06\.md/);
    },
    PROCESS_TEST_MS,
  );
});
