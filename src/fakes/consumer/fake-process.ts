import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokenPipe, runTool, type RunOutcome } from '../aoi/engine/core.js';
import { runInMemory } from '../aoi/engine/memory.js';
import type { Fault } from '../aoi/faults/fault.js';
import { notes } from '../aoi/notes/index.js';
import {
  FakeChildProcess,
  IGNORED_BY_DEFAULT,
  IGNORED_BY_NODE,
  never,
  toBytes,
  type Body,
} from './child-process.js';
import type { ChunkOptions } from './pipe.js';
import {
  planFaults,
  resolvePlan,
  type FakePlan,
  type FakeScenario,
  type FaultSpecInput,
  type ReplayRun,
  type ToolPlan,
} from './scenario.js';

/** What becomes of one of the child's standard streams (a subset of `spawn`'s `stdio`). */
export type StdioMode = 'pipe' | 'ignore' | 'inherit';

export interface FakeProcessOptions extends ChunkOptions {
  /**
   * The tool's arguments. Default: the scenario's reference run (a preset's `run`, a stream scenario's
   * `argv`): `['search', 'note', '--output', 'jsonl', '--limit', '2']` for most presets. Behaviour presets
   * (`stalling`, `ignoring-signals`, …) and lint scenarios have none: pass it.
   */
  argv?: readonly string[];
  /**
   * Runs of the clean reference tool made first, in the same state directory (each must exit 0).
   * Default: the scenario's reference setup (three notes for `search-truncated`); `[]` for none.
   */
  setup?: readonly (readonly string[])[];
  /** More faults on top of the scenario's: catalogued ids (`'stall'`, `['slow', {…}]`) or your own `Fault` objects. */
  faults?: readonly (FaultSpecInput | Fault)[];
  /** Seed of everything random in the run (default: the scenario's, or 1). */
  seed?: number;
  /** The tool's environment (default: empty, as `runInMemory`; `spawnFake` passes `process.env` as spawn does). */
  env?: Record<string, string | undefined>;
  /** Where the tool keeps its state (default: a fresh temporary directory, removed when the fake exits). */
  stateDir?: string;
  /**
   * stdin, stdout, stderr: `pipe` (default; `child.stdin` is a Writable the tool reads to EOF), `ignore`
   * (null stream: stdin reads as empty, output is dropped), `inherit` (output goes to this process's own
   * stdout/stderr; stdin is treated as `ignore`).
   */
  stdio?: StdioMode | readonly (StdioMode | undefined)[];
  /**
   * `virtual` (default): sleeps and latency cost no time, as in `runInMemory`, so `watch` and the `slow`
   * preset run as fast as the reader reads; `real`: they take real time. Either way time becomes real
   * once a signal was delivered or the reader closed stdout, so that a fake that carries on paces itself.
   */
  time?: 'virtual' | 'real';
  /** Bytes the fake may write ahead of its reader before a write waits (default 65536, a Linux pipe). */
  pipeCapacity?: number;
  /** The command name the child reports as `spawnfile` (default: the scenario's name). */
  command?: string;
}

/** The body of a fake tool: setup in memory, then the tool through the engine, live. */
function toolBody(
  plan: ToolPlan,
  faults: Fault[],
  argv: readonly string[],
  options: FakeProcessOptions,
): Body {
  const setup = options.setup ?? plan.setup;
  const env = options.env ?? {};
  return async (host) => {
    const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'aoi-fake-process-'));
    if (options.stateDir === undefined)
      host.atExit(() => rmSync(stateDir, { recursive: true, force: true }));
    for (const args of setup) {
      const run = await runInMemory(notes, { argv: args, stateDir, env });
      if (run.exitCode !== 0)
        throw new Error(`setup \`${args.join(' ')}\` exited ${run.exitCode ?? run.signal}`);
    }
    let interrupt: (signal: 'SIGINT' | 'SIGTERM') => void = () => {};
    const interrupted = new Promise<'SIGINT' | 'SIGTERM'>((resolve) => (interrupt = resolve));
    // From here the tool's handlers are installed, as runAsProcess installs them.
    host.catchSignals(interrupt);
    const outcome: RunOutcome = await runTool(
      notes,
      {
        argv,
        env,
        stateDir,
        stdinReadable: host.stdinReadable,
        readStdin: () => host.readStdin(),
        writeStdout: (chunk) => host.writeStdout(toBytes(chunk)),
        writeStderr: (text) => host.writeStderr(toBytes(text)),
        sleep: (ms) => host.sleep(ms),
        hang: never,
        connect: async () => {},
        interrupted,
      },
      { faults, seed: options.seed ?? plan.seed },
    );
    return outcome;
  };
}

/** The body of a generated run: its bytes, then its end. */
function runBody(run: ReplayRun): Body {
  return async (host) => {
    try {
      await host.writeStdout(toBytes(run.stdout));
    } catch (error) {
      if (!(error instanceof BrokenPipe)) throw error;
    }
    const stderr = run.stderr === undefined ? new Uint8Array() : toBytes(run.stderr);
    if (stderr.length > 0) await host.writeStderr(stderr).catch(() => {});
    return run.signal
      ? { exitCode: null, signal: run.signal as NodeJS.Signals }
      : { exitCode: run.exitCode ?? 0, signal: null };
  };
}

const isFault = (value: FaultSpecInput | Fault): value is Fault =>
  typeof value === 'object' && !Array.isArray(value);

export function launch(
  plan: FakePlan,
  command: string,
  args: readonly string[] | undefined,
  options: FakeProcessOptions,
): FakeChildProcess {
  if (plan.kind === 'run')
    return new FakeChildProcess(command, args ?? [], options).start(
      runBody(plan.run),
      IGNORED_BY_DEFAULT,
    );
  const custom = (options.faults ?? []).filter(isFault);
  const faults = planFaults(plan, custom);
  const argv = args ?? plan.argv;
  if (argv === undefined) {
    throw new RangeError(
      `fake "${plan.id}" has no reference run: pass the tool's arguments (argv), e.g. ['watch', '--output', 'jsonl'] or ['search', 'note', '--output', 'jsonl']`,
    );
  }
  return new FakeChildProcess(command, argv, options).start(
    toolBody(plan, faults, argv, options),
    IGNORED_BY_NODE,
  );
}

export function planOf(
  scenario: FakeScenario,
  options: FakeProcessOptions,
  lenient: boolean,
): FakePlan | undefined {
  const specs = (options.faults ?? []).filter((fault): fault is FaultSpecInput => !isFault(fault));
  return resolvePlan(
    scenario,
    { faults: specs, ...(options.seed !== undefined ? { seed: options.seed } : {}) },
    lenient,
  );
}

const nameOf = (scenario: FakeScenario) =>
  typeof scenario === 'string' ? scenario : 'generated-run';

/**
 * An in-memory child process running a fake: a preset name (`crashing-without-summary`), a corpus
 * scenario id (`fault.invalid-utf8`) with its reference argv and setup unless `options.argv` says
 * otherwise, or a generated run `{ stdout, stderr?, exitCode, signal }` (what `aoiRun()` produces).
 * The tool runs through the same engine as `runInMemory` and the `aoi-testkit fake` process, so a
 * finite run writes the same bytes and ends with the same exit code or signal as the real process.
 * Output is delivered as the tool writes it (cut further by `chunkSize`/`cuts`), with back-pressure;
 * `kill()` works on a fake that is still running (`watch`, a `stall`). Unknown names throw a RangeError.
 */
export function fakeProcess(
  scenario: FakeScenario,
  options: FakeProcessOptions = {},
): FakeChildProcess {
  const plan = planOf(scenario, options, false)!;
  return launch(plan, options.command ?? nameOf(scenario), options.argv, options);
}
