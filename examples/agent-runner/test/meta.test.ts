/**
 * Tests of the tests: run the runners' suites against the deliberately buggy runners (REPL and ACP arms, the ACP host) and
 * check that exactly the tests meant to catch their bugs fail — no more (flaky or wrong), no fewer (a bug let
 * through).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { expect, test } from 'vitest';

/** Each test that must fail against the buggy twins, with the bug it catches. */
const CATCHES_A_BUG = [
  // runner-buggy.ts (REPL arm)
  'crash-mid-turn: the turn ends with an error, not a turn-end', // a crash reads as a normal end
  'events-after-turn-end: nothing follows the turn-end', // late lines yielded after turn-end
  'tool-call-without-result: the turn still ends, with a tool-result for every call', // waits for the result until the timeout
  'malformed-frame: the bad line is reported once and the turn completes', // a bad line ends the turn, the rest is lost
  'echoes-secret: the secret never appears in an event', // no masking
  'exits-before-handshake: start rejects promptly with the exit code and stderr', // noticed by the timeout only, no exit status
  'hangs-on-sigterm: close escalates to SIGKILL after the grace and says so', // no SIGKILL
  'spawns-helper: close leaves no orphan behind', // SIGTERM to the leader only
  "buildSpawn agrees with the kit's resolveSpawn on any manifest and config", // options before the mode
  'the agent-repl manifest: plan mode, max_turns and auto, in that order',
  // acp-runner-buggy.ts (ACP arm)
  'split-frames: the same events as without the fault, multi-byte characters intact', // each read decoded on its own
  'huge-frame: the 8 MiB chunk arrives whole, as one text-delta', // chunks cut to 1 MiB
  'ignores-cancel: the turn ends as cancelled after the grace, with nothing of the agent after it', // no grace: waits until the turn timeout
  'slow-handshake: start waits for the late answer within its own timeout, and opens the session only after it', // a fixed 1 s handshake timeout
  'stderr-noise: stderr is drained, so the agent gets to its handshake and the turn completes', // stderr never read: the agent blocks on it
  'unknown-protocol-version: start refuses the agent at the handshake, before any session', // the version is never checked
  'unknown-session-on-load: the failed resume is an error, never a fresh session passed off as the old one', // falls back to session/new
  'a non-resumable agent: the resume is refused, by its manifest before spawning, by its initialize before session/load', // no capability check
  'close: session/close first, then the signals; nothing left behind', // no session/close: AGENTCLI-26/session-not-closed
  'a manifest that declares more than the agent negotiates is refused at load time, before any session', // no capability check: opens a session
  // acp-host-buggy.ts (continuation and session limits)
  'pinned-session: each conversation keeps its own child across turns', // the key drops the conversation: AGENTCLI-27/pinned-shared
  'transcript: every turn after the first carries the earlier turns before its message', // history dropped: AGENTCLI-27/transcript-missing
  'max_turns: the turn past the limit is refused with an error, never sent', // never checked: AGENTCLI-28/max-turns-exceeded
  'idle: a pinned child left idle is closed after idle_timeout_ms, not before', // no idle timer: AGENTCLI-28/idle-not-ended
  // preflight-buggy.ts (before the spawn)
  'version check: an agent outside the manifest’s range is never spawned', // only a warning: AGENTCLI-29/version-check-ignored
  'setup: a headless start with setup pending is refused with setup_required and the pending steps; nothing spawned', // setup ignored: AGENTCLI-29/spawned-before-setup
  'auth: the secret reaches the agent in its environment only — not on argv, not in the runner’s log', // flags and a raw log line: AGENTCLI-30/secret-on-argv, secret-in-logs
];

/** Behaviours both twins get right: they show the suite does not fail wholesale. */
const PASSES_ANYWAY = [
  'a clean turn follows the taxonomy and ends with end_turn',
  'an ask is answered: the agent-prompt is relayed and the turn goes on to its end',
  'a bad config is refused before anything is spawned',
  'a clean turn follows the taxonomy and ends with end_turn; the wire passes the turn checker',
  'a strategy outside supported is refused before anything is spawned',
  'version check: a compatible agent is checked, then started',
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
  'with RUNNER_IMPL=buggy, exactly the tests that catch a bug fail',
  { timeout: 180_000 },
  async () => {
    const out = mkdtempSync(join(tmpdir(), 'agent-runner-meta-'));
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
          env: { ...env, RUNNER_IMPL: 'buggy', NO_COLOR: '1' },
          extendEnv: false,
          reject: false,
        },
      );
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
  },
);
