import type { ChildProcess, spawn as nodeSpawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { BrokenPipe, runTool, type RunOutcome } from '../engine/core.js';
import { runInMemory } from '../engine/memory.js';
import type { Fault } from '../faults/fault.js';
import { notes } from '../tools/notes/index.js';
import { Cutter, FakePipe, checkChunkOptions, type ChunkOptions } from './pipe.js';
import { planFaults, resolvePlan, type FakePlan, type FakeScenario, type FaultSpecInput, type ReplayRun, type ToolPlan } from './scenario.js';

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

/** Signals whose default action a fake does not take (they neither stop nor end a process here). */
const IGNORED_BY_DEFAULT = new Set(['SIGCHLD', 'SIGCONT', 'SIGURG', 'SIGWINCH', 'SIGSTOP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU']);
/** Node, which the real fake runs on, also ignores SIGPIPE and takes SIGUSR1 for its inspector. */
const IGNORED_BY_NODE = new Set([...IGNORED_BY_DEFAULT, 'SIGPIPE', 'SIGUSR1']);

/**
 * Fake pids lie above PID_MAX_LIMIT of Linux (2^22) and macOS (99999), and are odd (Windows pids are
 * multiples of 4): `process.kill(pid)` or `process.kill(-pid)` on one can never reach a real process.
 */
const FIRST_PID = 4_194_305;
let nextPid = FIRST_PID;

const never = () => new Promise<never>(() => {});

interface Exit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/** What a fake's body sees of its process: pipes, stdin, signals, time. */
interface Host {
  writeStdout(bytes: Uint8Array): Promise<void>;
  writeStderr(bytes: Uint8Array): Promise<void>;
  readStdin(): Promise<Uint8Array>;
  readonly stdinReadable: boolean;
  /** From now on SIGINT/SIGTERM go to this handler instead of ending the process. */
  catchSignals(handler: (signal: 'SIGINT' | 'SIGTERM') => void): void;
  sleep(ms: number): Promise<void>;
  /** Run once the process has exited (however it ended). */
  atExit(cleanup: () => void): void;
}

type Body = (host: Host) => Promise<Exit>;

function toBytes(chunk: string | Uint8Array): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

function stdioModes(stdio: FakeProcessOptions['stdio']): [StdioMode, StdioMode, StdioMode] {
  const modes = typeof stdio === 'string' ? [stdio, stdio, stdio] : [...(stdio ?? [])];
  return [0, 1, 2].map((i) => modes[i] ?? 'pipe') as [StdioMode, StdioMode, StdioMode];
}

/** A signal as `child.kill()` takes it, checked as Node checks it (unknown ones throw ERR_UNKNOWN_SIGNAL). */
function signalName(signal: NodeJS.Signals | number | undefined): NodeJS.Signals | 0 {
  if (signal === 0) return 0;
  const signals = constants.signals as Record<string, number>;
  if (signal === undefined) return 'SIGTERM';
  if (typeof signal === 'number') {
    const name = Object.keys(signals).find((key) => signals[key] === signal);
    if (name) return name as NodeJS.Signals;
  } else if (Object.hasOwn(signals, signal)) {
    return signal;
  }
  throw Object.assign(new TypeError(`Unknown signal: ${String(signal)}`), { code: 'ERR_UNKNOWN_SIGNAL' });
}

/**
 * An in-memory stand-in for a child process, shaped like Node's `ChildProcess` as far as consumers use
 * it: `stdin` (Writable), `stdout`/`stderr` (Readables), `stdio`, `pid`, `exitCode`, `signalCode`,
 * `killed`, `spawnfile`, `spawnargs`, `kill(signal)`, `ref()`/`unref()`, and the events `spawn`,
 * `exit` (code, signal), `close` (code, signal; after `exit` and after stdout and stderr closed) and
 * `error`, in Node's order. As in Node, when the process exits, a stdout/stderr nobody listens to with
 * `readable` is resumed (its data dropped), so that `close` comes even if the output is never read.
 */
export class FakeChildProcess extends EventEmitter {
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  readonly stdio: [Writable | null, Readable | null, Readable | null];
  /** A number no real process can have (see FIRST_PID); undefined when the spawn failed (ENOENT). */
  readonly pid: number | undefined;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  /** Set once `kill()` delivered a signal (even one the fake ignores), as Node sets it. */
  killed = false;
  readonly spawnfile: string;
  readonly spawnargs: string[];
  readonly connected = false;

  #alive = true;
  #ended = false;
  #closesNeeded = 1;
  #closesGot = 0;
  #handler: ((signal: 'SIGINT' | 'SIGTERM') => void) | undefined;
  #ignored: ReadonlySet<string> = IGNORED_BY_DEFAULT;
  #realTime: boolean;
  readonly #pipes: { stdout: FakePipe | undefined; stderr: FakePipe | undefined };
  readonly #inherit: { stdout: boolean; stderr: boolean };
  readonly #stdinBytes: Promise<Uint8Array>;
  readonly #atExit: (() => void)[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();

  /** @internal Use fakeProcess(), spawnFake() or fakeSpawner(). */
  constructor(command: string, args: readonly string[], options: FakeProcessOptions, failure?: NodeJS.ErrnoException) {
    super();
    checkChunkOptions(options);
    const capacity = options.pipeCapacity ?? 65_536;
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`pipeCapacity must be a non-negative integer, got ${capacity}`);
    this.spawnfile = command;
    this.spawnargs = [command, ...args];
    this.#realTime = options.time === 'real';
    const [inMode, outMode, errMode] = stdioModes(options.stdio);

    let stdinEnded: () => void = () => {};
    const stdinClosed = new Promise<void>((resolve) => (stdinEnded = resolve));
    const stdinChunks: Buffer[] = [];
    this.stdin =
      inMode === 'pipe'
        ? new Writable({
            write: (chunk: Buffer, _encoding, callback) => {
              // A fake that exited reads nothing more; the bytes go nowhere (a real pipe would say EPIPE).
              if (!this.#ended) stdinChunks.push(Buffer.from(chunk));
              callback();
            },
            final: (callback) => {
              stdinEnded();
              callback();
            },
            destroy: (error, callback) => {
              stdinEnded();
              callback(error);
            },
          })
        : null;
    if (inMode !== 'pipe') stdinEnded();
    this.#stdinBytes = stdinClosed.then(() => Buffer.concat(stdinChunks));

    const stdoutPipe = outMode === 'pipe' ? new FakePipe(capacity, new Cutter(options)) : undefined;
    const stderrPipe = errMode === 'pipe' ? new FakePipe(capacity) : undefined;
    this.#pipes = { stdout: stdoutPipe, stderr: stderrPipe };
    this.#inherit = { stdout: outMode === 'inherit', stderr: errMode === 'inherit' };
    this.stdout = stdoutPipe?.readable ?? null;
    this.stderr = stderrPipe?.readable ?? null;
    this.stdio = [this.stdin, this.stdout, this.stderr];
    for (const stream of [this.stdout, this.stderr]) {
      if (!stream) continue;
      this.#closesNeeded++;
      stream.once('close', () => this.#maybeClose());
    }

    if (failure) {
      this.pid = undefined;
      process.nextTick(() => this.#fail(failure));
    } else {
      this.pid = nextPid;
      nextPid += 2;
    }
  }

  /**
   * Send a signal, as `ChildProcess.kill` does: true when it was delivered (the fake was still running),
   * false once it has exited. SIGINT/SIGTERM reach a fake tool's handler (notes writes its interrupted
   * summary and exits 130/143; a fault may ignore them); SIGKILL and other signals end it at once with
   * that signal; a generated run has no handler, so every signal ends it. Unknown signals throw.
   */
  kill(signal?: NodeJS.Signals | number): boolean {
    const name = signalName(signal);
    if (!this.#alive) return false;
    this.killed = true;
    // Delivered before the body's next step, as a real signal beats a process that has not yet installed its handlers.
    if (name !== 0) process.nextTick(() => this.#deliver(name));
    return true;
  }

  /** Nothing keeps a fake's event loop alive on its own: no-ops, for API compatibility. */
  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  /** @internal Starts the body once the `spawn` event was emitted. */
  start(body: Body, ignored: ReadonlySet<string>): this {
    this.#ignored = ignored;
    process.nextTick(() => {
      if (!this.#alive) return;
      this.emit('spawn');
      void this.#run(body);
    });
    return this;
  }

  async #run(body: Body): Promise<void> {
    const frozen = <T>(work: () => Promise<T>): Promise<T> => (this.#ended ? never() : work());
    const write = (which: 'stdout' | 'stderr') => (bytes: Uint8Array) =>
      frozen(async () => {
        const pipe = this.#pipes[which];
        if (pipe) {
          try {
            await pipe.write(bytes);
          } catch (error) {
            if (error instanceof BrokenPipe) this.#realTime = true;
            throw error;
          }
        } else if (this.#inherit[which]) {
          process[which].write(bytes);
        }
        // A write that waited may find the process gone meanwhile: it never returns to the fake.
        if (this.#ended) await never();
      });
    const host: Host = {
      writeStdout: write('stdout'),
      writeStderr: write('stderr'),
      readStdin: () => frozen(() => this.#stdinBytes),
      stdinReadable: true,
      catchSignals: (handler) => (this.#handler = handler),
      sleep: (ms) => frozen(() => new Promise<void>((resolve) => (this.#realTime ? this.#timer(resolve, ms) : setImmediate(resolve)))),
      atExit: (cleanup) => this.#atExit.push(cleanup),
    };
    let exit: Exit;
    try {
      exit = await body(host);
    } catch (error) {
      if (this.#ended) return;
      // A bug in the fake (or a setup that failed): on stderr, exit 70, as the fake process does.
      await host.writeStderr(Buffer.from(`fake: internal error: ${(error as Error)?.message ?? String(error)}\n`)).catch(() => {});
      exit = { exitCode: 70, signal: null };
    }
    this.#finish(exit);
  }

  /** A real-time sleep, cancelled when the process ends (a dead fake must not keep the event loop alive). */
  #timer(resolve: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      resolve();
    }, ms);
    this.#timers.add(timer);
  }

  #deliver(signal: NodeJS.Signals): void {
    if (this.#ended || this.#ignored.has(signal)) return;
    this.#realTime = true;
    if ((signal === 'SIGINT' || signal === 'SIGTERM') && this.#handler) return this.#handler(signal);
    this.#finish({ exitCode: null, signal });
  }

  /** The process is gone: what it wrote stays readable, then EOF; `exit` comes once pending I/O ran. */
  #finish(exit: Exit): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#alive = false;
    this.#pipes.stdout?.end();
    this.#pipes.stderr?.end();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const cleanup of this.#atExit.splice(0)) {
      try {
        cleanup();
      } catch {
        // a temporary directory that cannot be removed is not the consumer's problem
      }
    }
    setImmediate(() => {
      this.exitCode = exit.exitCode;
      this.signalCode = exit.signal;
      this.emit('exit', exit.exitCode, exit.signal);
      process.nextTick(() => this.#flushStdio());
      this.#maybeClose();
    });
  }

  /** The spawn failed: `error`, then `close` with the negative errno, and no `exit` (as Node does). */
  #fail(error: NodeJS.ErrnoException): void {
    this.#ended = true;
    this.#alive = false;
    this.exitCode = error.errno ?? -1;
    this.emit('error', error);
    this.stdin?.destroy();
    this.#pipes.stdout?.end();
    this.#pipes.stderr?.end();
    process.nextTick(() => this.#flushStdio());
    this.#maybeClose();
  }

  /** Node's flushStdio: after exit, output nobody reads with a `readable` listener flows away. */
  #flushStdio(): void {
    for (const stream of [this.stdout, this.stderr]) {
      if (!stream || !stream.readable) continue;
      if ((stream as unknown as { _readableState?: { readableListening?: boolean } })._readableState?.readableListening) continue;
      stream.resume();
    }
  }

  #maybeClose(): void {
    this.#closesGot++;
    // Deferred a tick: the listeners of the stream that closed last hear of it first.
    if (this.#closesGot === this.#closesNeeded) process.nextTick(() => this.emit('close', this.exitCode, this.signalCode));
  }
}

/** The body of a fake tool: setup in memory, then the tool through the engine, live. */
function toolBody(plan: ToolPlan, faults: Fault[], argv: readonly string[], options: FakeProcessOptions): Body {
  const setup = options.setup ?? plan.setup;
  const env = options.env ?? {};
  return async (host) => {
    const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'aoi-fake-process-'));
    if (options.stateDir === undefined) host.atExit(() => rmSync(stateDir, { recursive: true, force: true }));
    for (const args of setup) {
      const run = await runInMemory(notes, { argv: args, stateDir, env });
      if (run.exitCode !== 0) throw new Error(`setup \`${args.join(' ')}\` exited ${run.exitCode ?? run.signal}`);
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
    return run.signal ? { exitCode: null, signal: run.signal as NodeJS.Signals } : { exitCode: run.exitCode ?? 0, signal: null };
  };
}

const isFault = (value: FaultSpecInput | Fault): value is Fault => typeof value === 'object' && !Array.isArray(value);

function launch(plan: FakePlan, command: string, args: readonly string[] | undefined, options: FakeProcessOptions): FakeChildProcess {
  if (plan.kind === 'run') return new FakeChildProcess(command, args ?? [], options).start(runBody(plan.run), IGNORED_BY_DEFAULT);
  const custom = (options.faults ?? []).filter(isFault);
  const faults = planFaults(plan, custom);
  const argv = args ?? plan.argv;
  if (argv === undefined) {
    throw new RangeError(`fake "${plan.id}" has no reference run: pass the tool's arguments (argv), e.g. ['watch', '--output', 'jsonl'] or ['search', 'note', '--output', 'jsonl']`);
  }
  return new FakeChildProcess(command, argv, options).start(toolBody(plan, faults, argv, options), IGNORED_BY_NODE);
}

function planOf(scenario: FakeScenario, options: FakeProcessOptions, lenient: boolean): FakePlan | undefined {
  const specs = (options.faults ?? []).filter((fault): fault is FaultSpecInput => !isFault(fault));
  return resolvePlan(scenario, { faults: specs, ...(options.seed !== undefined ? { seed: options.seed } : {}) }, lenient);
}

const nameOf = (scenario: FakeScenario) => (typeof scenario === 'string' ? scenario : 'generated-run');

/**
 * An in-memory child process running a fake: a preset name (`crashing-without-summary`), a corpus
 * scenario id (`fault.invalid-utf8`) with its reference argv and setup unless `options.argv` says
 * otherwise, or a generated run `{ stdout, stderr?, exitCode, signal }` (what `aoiRun()` produces).
 * The tool runs through the same engine as `runInMemory` and the `aoi-testkit fake` process, so a
 * finite run writes the same bytes and ends with the same exit code or signal as the real process.
 * Output is delivered as the tool writes it (cut further by `chunkSize`/`cuts`), with back-pressure;
 * `kill()` works on a fake that is still running (`watch`, a `stall`). Unknown names throw a RangeError.
 */
export function fakeProcess(scenario: FakeScenario, options: FakeProcessOptions = {}): FakeChildProcess {
  const plan = planOf(scenario, options, false)!;
  return launch(plan, options.command ?? nameOf(scenario), options.argv, options);
}

/** The parts of `spawn`'s options a fake honours; the others (cwd, shell, detached, …) are ignored. */
export interface FakeSpawnOptions {
  env?: NodeJS.ProcessEnv;
  stdio?: StdioMode | readonly (StdioMode | null | undefined | number | object)[] | 'overlapped';
  /** Abort: the child is sent `killSignal` and emits an AbortError, as with spawn. */
  signal?: AbortSignal;
  /** Kill the child with `killSignal` after this many ms, as spawn does. */
  timeout?: number;
  killSignal?: NodeJS.Signals | number;
  [option: string]: unknown;
}

function stdioFromSpawn(stdio: FakeSpawnOptions['stdio']): StdioMode[] {
  const mode = (value: unknown): StdioMode => {
    if (value === undefined || value === null || value === 'pipe' || value === 'overlapped') return 'pipe';
    if (value === 'inherit' || typeof value === 'number') return 'inherit';
    return 'ignore'; // 'ignore', and streams or 'ipc' the fake does not model
  };
  if (typeof stdio === 'string') return [mode(stdio), mode(stdio), mode(stdio)];
  return [0, 1, 2].map((i) => mode(stdio?.[i]));
}

function enoent(command: string, args: readonly string[]): NodeJS.ErrnoException {
  return Object.assign(new Error(`spawn ${command} ENOENT (aoi-testkit spawnFake: "${command}" is neither a preset nor a corpus scenario id)`), {
    errno: -2,
    code: 'ENOENT',
    syscall: `spawn ${command}`,
    path: command,
    spawnargs: [...args],
  });
}

/** `spawn(command, args, options)` of a fake, honouring env, stdio, signal, timeout and killSignal as spawn does. */
function spawnWith(scenario: FakeScenario, command: string, args: readonly string[] | undefined, spawnOptions: FakeSpawnOptions, fakeOptions: FakeProcessOptions): FakeChildProcess {
  const options: FakeProcessOptions = {
    ...fakeOptions,
    env: spawnOptions.env ?? fakeOptions.env ?? process.env,
    stdio: spawnOptions.stdio !== undefined ? stdioFromSpawn(spawnOptions.stdio) : fakeOptions.stdio,
    command,
  };
  const plan = planOf(scenario, options, true);
  const child = plan ? launch(plan, command, args ?? (plan.kind === 'tool' ? plan.argv ?? [] : []), options) : new FakeChildProcess(command, args ?? [], options, enoent(command, args ?? []));
  const killSignal = spawnOptions.killSignal ?? 'SIGTERM';
  const abort = spawnOptions.signal;
  if (abort) {
    const onAbort = () => {
      try {
        if (child.kill(killSignal)) child.emit('error', Object.assign(new Error('The operation was aborted', { cause: abort.reason }), { name: 'AbortError', code: 'ABORT_ERR' }));
      } catch (error) {
        child.emit('error', error);
      }
    };
    if (abort.aborted) process.nextTick(onAbort);
    else {
      abort.addEventListener('abort', onAbort, { once: true });
      child.once('exit', () => abort.removeEventListener('abort', onAbort));
    }
  }
  const timeout = spawnOptions.timeout;
  if (timeout !== undefined && timeout > 0) {
    const timer = setTimeout(() => {
      try {
        child.kill(killSignal);
      } catch (error) {
        child.emit('error', error);
      }
    }, timeout);
    child.once('exit', () => clearTimeout(timer));
  }
  return child;
}

function splitSpawnArgs(args: unknown, options: unknown): [readonly string[] | undefined, FakeSpawnOptions] {
  if (Array.isArray(args)) return [args as string[], (options ?? {}) as FakeSpawnOptions];
  return [undefined, (args ?? options ?? {}) as FakeSpawnOptions];
}

/** One call of a fake spawn function: what the consumer asked to run, and the child it got. */
export interface FakeSpawnCall {
  command: string;
  args: readonly string[] | undefined;
  options: FakeSpawnOptions;
  child: FakeChildProcess;
}

/** A function with the signature of `child_process.spawn`, that spawns fakes; it records its calls. */
export type FakeSpawn = typeof nodeSpawn & {
  /** Every call, in order: what the consumer asked to run. */
  readonly calls: FakeSpawnCall[];
};

type ScenarioFor = (command: string, args: readonly string[] | undefined, call: number) => FakeScenario;

function makeSpawn(scenarioFor: ScenarioFor, fakeOptions: FakeProcessOptions, calls?: FakeSpawn['calls']) {
  let count = 0;
  return (command: string, rawArgs?: unknown, rawOptions?: unknown): ChildProcess => {
    const [args, options] = splitSpawnArgs(rawArgs, rawOptions);
    const child = spawnWith(scenarioFor(command, args, count++), command, args, options, fakeOptions);
    calls?.push({ command, args, options, child });
    return child as unknown as ChildProcess;
  };
}

/**
 * `child_process.spawn`, for fakes: the command names the fake (a preset or a corpus scenario id), the
 * args are the tool's argv (none: the scenario's reference argv). Inject it where a consumer takes a
 * spawn function. env (default `process.env`), stdio, signal, timeout and killSignal act as with spawn;
 * a name that is neither preset nor scenario fails as a missing command does (`error` ENOENT, `close`).
 */
export const spawnFake: typeof nodeSpawn = makeSpawn((command) => command, {}) as unknown as typeof nodeSpawn;

export interface FakeSpawnerOptions extends FakeProcessOptions {
  /**
   * What to run, whatever the command (for consumers with a fixed command name): a scenario, or a
   * function of the command, its args and the call's index (0, 1, …) that picks one per call (a first
   * attempt that fails, a retry that succeeds). Default: the command names the scenario.
   */
  scenario?: FakeScenario | ScenarioFor;
}

/**
 * A spawn function like `spawnFake`, with options for every child it starts (chunking, time, faults,
 * seed, …) and a record of its calls. With `scenario`, every command runs that scenario.
 */
export function fakeSpawner(options: FakeSpawnerOptions = {}): FakeSpawn {
  const { scenario, ...fakeOptions } = options;
  const calls: FakeSpawn['calls'] = [];
  const pick: ScenarioFor = typeof scenario === 'function' ? scenario : (command) => scenario ?? command;
  const spawn = makeSpawn(pick, fakeOptions, calls);
  return Object.assign(spawn, { calls }) as unknown as FakeSpawn;
}
