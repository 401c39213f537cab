import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  judgeRunner,
  type RunnerRecording,
  type RunnerReport,
} from '../../checks/agentcli/runner.js';
import { writeRunnerPackage } from '../../fakes/agentcli/runner-package.js';
import { makeTempDir, removeTempDir, trackCleanup, untrackCleanup } from '../../run/interrupt.js';
import { runProbe } from '../../run/run-probe.js';
import {
  RUNNER_CONTRACT_ENV,
  RUNNER_SECRET_ENV,
  runnerScenarios,
  type RunnerScenarioSpec,
} from '../../spec/agentcli/runner-scenarios.js';
import type { AgentProtocol } from '../../spec/agentcli/transcript.js';
import { PROBE_MARKER_ENV, survivorsOf } from '../aoi/escapes.js';
import { readLifecycleLog } from './lifecycle-probe.js';
import { inShard, type Shard } from '../../shard.js';

/** The kit's bound per scenario when none is given: a correct runner ends well within it (its own is 5 s). */
export const DEFAULT_RUNNER_SCENARIO_TIMEOUT_MS = 30_000;
/** The runner's own bound (AOI_RUNNER_TIMEOUT_MS) when none is given. */
export const DEFAULT_RUNNER_TIMEOUT_MS = 5_000;

export interface LintRunnerOptions {
  /** The protocol arms the runner speaks (default all three): only their scenarios run. */
  readonly protocols?: readonly AgentProtocol[];
  /** Only these scenario ids (default: every scenario of the arms). */
  readonly scenarios?: readonly string[];
  /** Only this shard's scenarios, of those (src/shard.ts: by id, the same split in every run). */
  readonly shard?: Shard;
  /** Per scenario, how long the runner may run before the kit kills its process tree (default 30 000 ms). */
  readonly timeoutMs?: number;
  /** The bound the runner is asked to keep for a handshake and a turn, AOI_RUNNER_TIMEOUT_MS (default 5 000 ms). */
  readonly runnerTimeoutMs?: number;
  /** Warnings fail their rule. */
  readonly strict?: boolean;
  readonly cwd?: string;
  /** Extra environment for the runner. */
  readonly env?: Readonly<Record<string, string>>;
  /** Called after each scenario with what was recorded. */
  readonly onScenario?: (recording: RunnerRecording) => void;
}

/** The runner could not be started at all (no such program, not executable): an error, never a report. */
export class RunnerStartError extends Error {
  constructor(
    readonly command: string,
    readonly code: string,
  ) {
    super(
      `cannot start ${command}: ${code === 'ENOENT' ? 'no such program' : code === 'EACCES' ? 'not executable' : code}`,
    );
  }
}

/** The runner started the agent in no scenario that needed it: nothing about it could be judged. */
export class RunnerSetupError extends Error {}

/** How long an agent may take to finish exiting after its runner ended before it counts as left running. */
const EXIT_GRACE_MS = 2_000;
/** How often the kit looks at the agent's log for the turn, in a cancel scenario. */
const POLL_MS = 25;
/** In a cancel scenario, how long after the turn reached the agent the kit waits for the runner's first event. */
const EVENTS_WAIT_MS = 3_000;

/**
 * Judge an AIP-45 runner, in any language, by running it once per runner scenario (AGENTCLI-22, 23, 26…35): each
 * time the kit writes an AGENT-CLI.md for a fake agent that misbehaves in one known way and gives the runner the
 * contract's environment (RUNNER_CONTRACT_ENV: the manifest, the turns, the user's answers, a file for its events,
 * its timeout), then judges from the agent's own log and the runner's report. `command` is the program and its
 * arguments. Throws RunnerStartError when the program cannot start, RunnerSetupError when it never starts the agent.
 *
 * @example
 * const report = await lintRunner(['python3', 'runner.py'], { protocols: ['mcp'] });
 * report.ok; // false: AGENTCLI-32 runner.mcp.crash-mid-turn — the agent died (status 23), and the runner reported success
 */
export async function lintRunner(
  command: readonly string[],
  options: LintRunnerOptions = {},
): Promise<RunnerReport> {
  const [program, ...args] = command;
  if (program === undefined) throw new RangeError('lintRunner needs a command: [program, ...args]');
  const timeoutMs = options.timeoutMs ?? DEFAULT_RUNNER_SCENARIO_TIMEOUT_MS;
  const runnerTimeoutMs = options.runnerTimeoutMs ?? DEFAULT_RUNNER_TIMEOUT_MS;
  if (runnerTimeoutMs * 2 > timeoutMs)
    throw new RangeError(
      `the runner's own timeout (${runnerTimeoutMs} ms) must be at most half the kit's (${timeoutMs} ms): a correct runner times out, tears the agent down (5 s of grace) and reports within the kit's bound`,
    );
  const scenarios = runnerScenarios(options.protocols, options.scenarios).filter((s) =>
    inShard(s.id, options.shard),
  );
  const recordings = await recordRunner(program, args, scenarios, {
    ...options,
    timeoutMs,
    runnerTimeoutMs,
  });
  const mustStart = recordings.filter(
    (r) => r.scenario.must !== 'refuse-spawn' && r.scenario.must !== 'refuse-session',
  );
  if (
    mustStart.length > 0 &&
    mustStart.every((r) => !r.records.some((x) => x.event === 'start') && !r.run.timedOut)
  )
    throw new RunnerSetupError(
      `the runner started the agent in none of ${mustStart.length} scenario(s): it must spawn the bin of the AGENT-CLI.md in $${RUNNER_CONTRACT_ENV.manifest} (or run $${RUNNER_CONTRACT_ENV.command})`,
    );
  return judgeRunner(recordings, { strict: options.strict === true });
}

interface RecordOptions extends LintRunnerOptions {
  readonly timeoutMs: number;
  readonly runnerTimeoutMs: number;
}

/**
 * Run the runner once per scenario and record what happened (record-then-judge: `judgeRunner` decides). One
 * scenario at a time: a runner may keep state of its own (sessions on disk, a queue owner).
 */
export async function recordRunner(
  command: string,
  args: readonly string[],
  scenarios: readonly RunnerScenarioSpec[],
  options: RecordOptions,
): Promise<RunnerRecording[]> {
  const runId = `runner-${process.pid}-${randomUUID().slice(0, 8)}`;
  // An interrupted kit ends the runner's group; an agent that left it is found by its marker and ended too.
  const cleanup = () => survivorsOf(`${runId}:`);
  trackCleanup(cleanup);
  const recordings: RunnerRecording[] = [];
  try {
    for (const [index, scenario] of scenarios.entries()) {
      const recording = await recordScenario(
        command,
        args,
        scenario,
        options,
        `${runId}:${index}:`,
      );
      recordings.push(recording);
      options.onScenario?.(recording);
    }
    return recordings;
  } finally {
    untrackCleanup(cleanup);
  }
}

async function recordScenario(
  command: string,
  args: readonly string[],
  scenario: RunnerScenarioSpec,
  options: RecordOptions,
  marker: string,
): Promise<RunnerRecording> {
  const dir = makeTempDir('aoi-runner-');
  try {
    const pkg = writeRunnerPackage(dir, scenario, {
      markerEnv: PROBE_MARKER_ENV,
      marker: `${marker}agent`,
      // The agent ends itself long after the runner could have: a harness that died leaves nothing for ever.
      lifetimeMs: options.timeoutMs + 60_000,
    });
    const eventsFile = join(dir, 'events.jsonl');
    const secret = scenario.manifest.auth
      ? `aoi-canary-${randomBytes(12).toString('hex')}`
      : undefined;
    const E = RUNNER_CONTRACT_ENV;
    const env: Record<string, string> = {
      ...options.env,
      [E.manifest]: pkg.manifestPath,
      [E.manifestJson]: pkg.manifestJsonPath,
      [E.command]: pkg.command,
      [E.turns]: JSON.stringify(scenario.turns),
      [E.prompt]: scenario.turns[0]?.prompt ?? '',
      [E.permission]: scenario.permission,
      [E.events]: eventsFile,
      [E.timeout]: String(options.runnerTimeoutMs),
      ...(secret !== undefined ? { [RUNNER_SECRET_ENV]: secret } : {}),
    };
    // A cancel scenario: SIGINT, as a user's Ctrl-C, once the agent has the turn and the runner has reported
    // something of it (a runner that reports no events gets the signal EVENTS_WAIT_MS after the turn arrived).
    let cancelSentAt: number | null = null;
    let running = true;
    const turnArrived =
      scenario.must === 'cancel'
        ? (async () => {
            let arrived: number | undefined;
            while (running) {
              arrived ??= readLifecycleLog(pkg.logFile).some((r) => r.event === 'prompt')
                ? performance.now()
                : undefined;
              if (
                arrived !== undefined &&
                (performance.now() - arrived > EVENTS_WAIT_MS ||
                  (existsSync(eventsFile) && statSync(eventsFile).size > 0))
              ) {
                cancelSentAt = Date.now();
                return;
              }
              await new Promise((resolve) => setTimeout(resolve, POLL_MS));
            }
            throw new Error('the runner ended first');
          })()
        : undefined;
    const run = await runProbe(command, args, {
      env,
      timeoutMs: options.timeoutMs,
      // After the SIGINT the runner has the rest of the scenario's time, not a shorter grace.
      graceMs: options.timeoutMs,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(turnArrived ? { signalWhen: { when: turnArrived, signal: 'SIGINT' as const } } : {}),
    }).finally(() => (running = false));
    await turnArrived?.catch(() => {});
    if (run.probe.spawnError) throw new RunnerStartError(command, run.probe.spawnError);
    if (run.probe.signalSent === null) cancelSentAt = null;
    // What of the agent outlived the runner: a moment's grace for one still exiting, then looked at, then killed.
    const agentMarker = `${marker}agent`;
    const deadline = performance.now() + EXIT_GRACE_MS;
    while (
      (await survivorsOf(agentMarker, { kill: false })).length > 0 &&
      performance.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const survivors = await survivorsOf(agentMarker);
    const lines = existsSync(eventsFile)
      ? readFileSync(eventsFile, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
      : [];
    return {
      scenario,
      manifest: pkg.manifest,
      run: {
        stdout: run.stdout,
        stderr: run.stderr,
        exitCode: run.exitCode,
        signal: run.signal,
        timedOut: run.timedOut,
        durationMs: run.durationMs,
      },
      timeoutMs: options.timeoutMs,
      records: readLifecycleLog(pkg.logFile),
      events: lines.length > 0 ? lines : null,
      alive: pkg.detaches && !run.timedOut ? survivors.map((s) => s.pid) : null,
      cancelSentAt,
      ...(secret !== undefined ? { secret } : {}),
    };
  } finally {
    removeTempDir(dir);
  }
}
