import { delimiter } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ConsumerRecording } from '../../checks/consumer/judge.js';
import { installFakeTool } from '../../fakes/consumer/tool-on-path.js';
import {
  interruptedBy,
  makeTempDir,
  removeTempDir,
  trackCleanup,
  untrackCleanup,
} from '../../run/interrupt.js';
import { runProbe } from '../../run/run-probe.js';
import type { Run } from '../../run/run-cli.js';
import type { ConsumerScenarioSpec } from '../../spec/consumer/scenarios.js';
import { PROBE_MARKER_ENV, survivorsOf } from '../aoi/escapes.js';

export interface RecordConsumerOptions {
  /** Spawn shape: the command name the consumer runs (the fake tool is put on PATH under it). */
  readonly as?: string;
  /** How long the consumer may take per scenario before the kit kills its process tree (a hang). */
  readonly timeoutMs: number;
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Called after each scenario (progress for people). */
  readonly onScenario?: (recording: ConsumerRecording) => void;
}

/** The consumer could not be started at all (no such program, not executable): an error, never a report. */
export class ConsumerStartError extends Error {
  constructor(
    readonly command: string,
    readonly code: string,
  ) {
    super(
      `cannot start ${command}: ${code === 'ENOENT' ? 'no such program' : code === 'EACCES' ? 'not executable' : code}`,
    );
  }
}

/** How long a tool may take to finish exiting after its consumer ended before it counts as left running. */
const EXIT_GRACE_MS = 2_000;

/**
 * The tool's processes still alive `EXIT_GRACE_MS` after the consumer ended (then killed): a consumer that reports
 * as soon as it has read the summary may end a moment before its tool has finished exiting. Polled, so a tool
 * that is gone is not waited for.
 */
async function lingering(marker: string) {
  const deadline = performance.now() + EXIT_GRACE_MS;
  while ((await survivorsOf(marker, { kill: false })).length > 0 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return survivorsOf(marker);
}

const pathKey = (env: NodeJS.ProcessEnv) =>
  Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';

/**
 * Run the consumer once per scenario and record how it ended (record-then-judge: `judgeConsumer` decides).
 * stdin scenarios: the upstream's bytes are the consumer's stdin, then EOF. spawn scenarios: a fake tool prints
 * them under `as` on PATH, the consumer's stdin is a pipe nobody writes to (a prompt handed it hangs), and once
 * the consumer ended, any process still carrying the scenario's marker is a tool it left running (and is killed).
 * One scenario at a time: a consumer may hold files or ports of its own.
 */
export async function recordConsumer(
  command: string,
  args: readonly string[],
  scenarios: readonly ConsumerScenarioSpec[],
  options: RecordConsumerOptions,
): Promise<ConsumerRecording[]> {
  const recordings: ConsumerRecording[] = [];
  const runId = `consumer-${process.pid}-${randomUUID().slice(0, 8)}`;
  // An interrupted kit ends the consumer's group; a fake tool that left it is found by its marker and ended too.
  const cleanup = () => survivorsOf(`${runId}:`);
  trackCleanup(cleanup);
  try {
    for (const [index, scenario] of scenarios.entries()) {
      const recording =
        scenario.shape === 'stdin'
          ? await recordStdin(command, args, scenario, options)
          : await recordSpawn(command, args, scenario, options, `${runId}:${index}:`);
      recordings.push(recording);
      options.onScenario?.(recording);
    }
    return recordings;
  } finally {
    untrackCleanup(cleanup);
  }
}

const runOf = (run: Run): ConsumerRecording['run'] => ({
  stdout: run.stdout,
  stderr: run.stderr,
  exitCode: run.exitCode,
  signal: run.signal,
  timedOut: run.timedOut,
  durationMs: run.durationMs,
});

async function recordStdin(
  command: string,
  args: readonly string[],
  scenario: ConsumerScenarioSpec,
  options: RecordConsumerOptions,
): Promise<ConsumerRecording> {
  const run = await runProbe(command, args, {
    stdin: Buffer.from(scenario.stdout, 'utf8'),
    timeoutMs: options.timeoutMs,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.env ? { env: { ...options.env } } : {}),
  });
  if (run.probe.spawnError) throw new ConsumerStartError(command, run.probe.spawnError);
  return { scenario, run: runOf(run), timeoutMs: options.timeoutMs };
}

async function recordSpawn(
  command: string,
  args: readonly string[],
  scenario: ConsumerScenarioSpec,
  options: RecordConsumerOptions,
  marker: string,
): Promise<ConsumerRecording> {
  const name = options.as;
  if (name === undefined)
    throw new RangeError(
      `${scenario.id} is a spawn scenario: give the name the consumer runs (as)`,
    );
  const dir = makeTempDir('aoi-consumer-');
  try {
    // The tool ends itself long after the consumer could have waited for it: a harness that died leaves nothing forever.
    const tool = installFakeTool(dir, scenario, {
      name,
      markerEnv: PROBE_MARKER_ENV,
      marker: `${marker}tool`,
      lifetimeMs: options.timeoutMs + 60_000,
    });
    const key = pathKey(process.env);
    const base = { ...process.env, ...options.env } as Record<string, string>;
    const env = {
      ...base,
      [key]: [tool.binDir, base[key]]
        .filter((part) => part !== undefined && part !== '')
        .join(delimiter),
    };
    const run = await runProbe(command, args, {
      stdin: 'open',
      env,
      extendEnv: false,
      // The tool the consumer started is the consumer's to end: judged below, not ended by the runner.
      watchEscapees: false,
      timeoutMs: options.timeoutMs,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    if (run.probe.spawnError) throw new ConsumerStartError(command, run.probe.spawnError);
    // Interrupted: the kit killed the run and is removing this directory (the tool's calls log with it); the handler
    // writes the partial report and exits, so nothing here is read or judged (it was an internal error: ENOENT).
    if (interruptedBy()) return new Promise<never>(() => {});
    // Found once the consumer ended and its group was killed: only a tool the consumer left running remains.
    const survivors = tool.detaches
      ? (await lingering(marker)).map(({ pid, command: line }) => ({ pid, command: line }))
      : null;
    return {
      scenario,
      run: runOf(run),
      timeoutMs: options.timeoutMs,
      tool: { name, calls: tool.calls().length, survivors },
    };
  } finally {
    removeTempDir(dir);
  }
}
