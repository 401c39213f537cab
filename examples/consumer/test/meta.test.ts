/**
 * Tests of the tests: run the consumer's suite against the deliberately buggy consumer and check that
 * exactly the tests meant to catch its bugs fail — no more (a test that fails for another reason is
 * flaky or wrong), no fewer (a bug the suite lets through).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { expect, test } from 'vitest';

/** The tests the buggy consumer must fail, each for one of its bugs. */
const CATCHES_A_BUG = [
  'EOF without aoi:summary is a failure, whatever the exit code', // trusts exit 0
  'a character split across reads is decoded whole', // per-chunk toString()
  'death by a signal is a failure, even after aoi:summary ok:true', // ignores the signal
  'mixing-prose: stdout that is not one JSON event per line is a failure', // skips non-JSON lines
  'colourful: stdout that is not one JSON event per line is a failure',
  'pretty-printing: stdout that is not one JSON event per line is a failure',
  'json-array: stdout that is not one JSON event per line is a failure', // any JSON value passes
  'prose before the first event fails, with the line number',
  'an event after aoi:summary is a failure (corpus scenario fault.summary-not-last)',
  'ok:false with exit 0 fails; ok:true with exit 1 fails', // trusts ok:true, never looks at the exit status
  'an error’s hint is text: returned to the caller, never run', // runs the hint
  'retryable left out: the §9.1 default of the category decides (rate_limited: yes)', // no defaults
  'a timeout kills a child that ignores SIGTERM: SIGKILL follows, and runAoi returns once it is gone', // SIGTERM only, no wait
  'a bad line stops the read and the child, even one that ignores EPIPE and SIGTERM',
  'a secret the tool echoes on stderr never reaches the result', // quotes stderr
  'spawnFake: the command names the fake', // trusts exit 0
  'any cut of the bytes reads the same: inside UTF-8 characters, between \\r and \\n',
  'bytes that are not UTF-8 are a failure (fakeProcess fault.invalid-utf8, one byte per read)',
  'finds `notes` on PATH: well-behaved succeeds, crashing-without-summary fails',
  'a timeout ends the real process before runAoi returns',
  'a timeout kills the whole process tree: the helper the tool waits on, holding stdout, is gone too', // signals the child alone
  'every conformant stream, cut anywhere, reads whole: every event, in order', // per-chunk toString()
  'every stream with a defect a reader can see fails closed', // skips bad lines, no summary is fine
];

/** What the buggy consumer gets right: these pass either way. */
const PASSES_ANYWAY = [
  'well-behaved, one byte per read: ok, with every event and the summary',
  'killed mid-stream, half-way through a line: a failure',
  'retryable as the tool says: not_found no, temporary (HTTP 503) yes',
  'a stalled run times out: a failure, and the child is stopped',
  'a command that cannot start is a failure, not a throw',
  'the fake is what it claims: the kit’s checker sees no summary',
  'a generated run really dies of its signal',
  'without touching process.env',
  'input the child never reads: the EPIPE on its stdin is no crash',
];

interface JsonReport {
  success: boolean;
  testResults: { assertionResults: { title: string; status: string }[] }[];
}

const here = dirname(fileURLToPath(import.meta.url));
const vitestCli = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

test(
  'with CONSUMER_IMPL=buggy, exactly the tests that catch a bug fail',
  { timeout: 120_000 },
  async () => {
    const out = mkdtempSync(join(tmpdir(), 'consumer-meta-'));
    try {
      const report = join(out, 'report.json');
      // The outer run's VITEST_* variables would tell the inner vitest it is a worker: leave them out.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')),
      );
      const run = await execa(
        process.execPath,
        [
          vitestCli,
          'run',
          '--config',
          join(here, '..', 'vitest.config.ts'),
          '--reporter=json',
          `--outputFile=${report}`,
        ],
        {
          env: { ...env, CONSUMER_IMPL: 'buggy', NO_COLOR: '1' },
          extendEnv: false,
          reject: false,
        },
      );
      const result = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
      const byStatus = (status: string) =>
        result.testResults
          .flatMap((file) => file.assertionResults)
          .filter((test) => test.status === status)
          .map((test) => test.title)
          .sort();
      expect(byStatus('failed')).toEqual([...CATCHES_A_BUG].sort());
      expect(byStatus('passed')).toEqual([...PASSES_ANYWAY].sort());
      expect([run.exitCode, result.success]).toEqual([1, false]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
);
