/**
 * Tests of the tests: run the runner's suite against the deliberately buggy runner and check that exactly
 * the tests meant to catch its bugs fail — no more (flaky or wrong), no fewer (a bug let through).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { expect, test } from 'vitest';

const CATCHES_A_BUG = [
  'crash-mid-turn: the turn ends with an error, not a turn-end', // a crash reads as a normal end
  'events-after-turn-end: nothing follows the turn-end', // late lines yielded after turn-end
  'tool-call-without-result: the turn still ends, with a tool-result for every call', // waits for the result until the timeout
  'echoes-secret: the secret never appears in an event', // no masking
  'hangs-on-sigterm: close escalates to SIGKILL after the grace and says so', // no SIGKILL
  'spawns-helper: close leaves no orphan behind', // SIGTERM to the leader only
  "buildSpawn agrees with the kit's resolveSpawn on any manifest and config", // options before the mode
  'the agent-repl manifest: plan mode, max_turns and auto, in that order',
];

const PASSES_ANYWAY = [
  'a clean turn follows the taxonomy and ends with end_turn',
  'an ask is answered: the agent-prompt is relayed and the turn goes on to its end',
  'malformed-frame: the bad line is reported once and the turn completes',
  'exits-before-handshake: start rejects promptly with the exit code and stderr',
  'a bad config is refused before anything is spawned',
];

interface JsonReport {
  success: boolean;
  testResults: { assertionResults: { title: string; status: string }[] }[];
}

const here = dirname(fileURLToPath(import.meta.url));
const vitestCli = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

test('with RUNNER_IMPL=buggy, exactly the tests that catch a bug fail', { timeout: 120_000 }, async () => {
  const out = mkdtempSync(join(tmpdir(), 'agent-runner-meta-'));
  try {
    const report = join(out, 'report.json');
    // The outer run's VITEST_* variables would tell the inner vitest it is a worker: leave them out.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
    const run = await execa(process.execPath, [vitestCli, 'run', '--config', join(here, '..', 'vitest.config.ts'), '--reporter=json', `--outputFile=${report}`], {
      env: { ...env, RUNNER_IMPL: 'buggy', NO_COLOR: '1' },
      extendEnv: false,
      reject: false,
    });
    const result = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    const byStatus = (status: string) =>
      result.testResults
        .flatMap((file) => file.assertionResults)
        .filter((t) => t.status === status)
        .map((t) => t.title)
        .sort();
    expect(byStatus('failed')).toEqual([...CATCHES_A_BUG].sort());
    expect(byStatus('passed')).toEqual([...PASSES_ANYWAY].sort());
    expect([run.exitCode, result.success]).toEqual([1, false]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
