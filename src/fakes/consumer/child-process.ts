/** The in-memory child process a fake runs in: pipes, signals, exit and close in Node's order. */
import { EventEmitter } from 'node:events';
import { constants } from 'node:os';
import { Readable, Writable } from 'node:stream';
import type { FakeProcessOptions, StdioMode } from './fake-process.js';
import { BrokenPipe } from '../aoi/engine/core.js';
import { Cutter, FakePipe, checkChunkOptions } from './pipe.js';

export const IGNORED_BY_DEFAULT = new Set([
  'SIGCHLD',
  'SIGCONT',
  'SIGURG',
  'SIGWINCH',
  'SIGSTOP',
  'SIGTSTP',
  'SIGTTIN',
  'SIGTTOU',
]);
/** Node, which the real fake runs on, also ignores SIGPIPE and takes SIGUSR1 for its inspector. */
export const IGNORED_BY_NODE = new Set([...IGNORED_BY_DEFAULT, 'SIGPIPE', 'SIGUSR1']);

/**
 * Fake pids lie above PID_MAX_LIMIT of Linux (2^22) and macOS (99999), and are odd (Windows pids are
 * multiples of 4): `process.kill(pid)` or `process.kill(-pid)` on one can never reach a real process.
 */
const FIRST_PID = 4_194_305;
let nextPid = FIRST_PID;

export const never = () => new Promise<never>(() => {});

export interface Exit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/** What a fake's body sees of its process: pipes, stdin, signals, time. */
export interface Host {
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

export type Body = (host: Host) => Promise<Exit>;

export function toBytes(chunk: string | Uint8Array): Uint8Array {
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
  throw Object.assign(new TypeError(`Unknown signal: ${String(signal)}`), {
    code: 'ERR_UNKNOWN_SIGNAL',
  });
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
  constructor(
    command: string,
    args: readonly string[],
    options: FakeProcessOptions,
    failure?: NodeJS.ErrnoException,
  ) {
    super();
    checkChunkOptions(options);
    const capacity = options.pipeCapacity ?? 65_536;
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new RangeError(`pipeCapacity must be a non-negative integer, got ${capacity}`);
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
      sleep: (ms) =>
        frozen(
          () =>
            new Promise<void>((resolve) =>
              this.#realTime ? this.#timer(resolve, ms) : setImmediate(resolve),
            ),
        ),
      atExit: (cleanup) => this.#atExit.push(cleanup),
    };
    let exit: Exit;
    try {
      exit = await body(host);
    } catch (error) {
      if (this.#ended) return;
      // A bug in the fake (or a setup that failed): on stderr, exit 70, as the fake process does.
      await host
        .writeStderr(
          Buffer.from(`fake: internal error: ${(error as Error)?.message ?? String(error)}\n`),
        )
        .catch(() => {});
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
    if ((signal === 'SIGINT' || signal === 'SIGTERM') && this.#handler)
      return this.#handler(signal);
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
      if (
        (stream as unknown as { _readableState?: { readableListening?: boolean } })._readableState
          ?.readableListening
      )
        continue;
      stream.resume();
    }
  }

  #maybeClose(): void {
    this.#closesGot++;
    // Deferred a tick: the listeners of the stream that closed last hear of it first.
    if (this.#closesGot === this.#closesNeeded)
      process.nextTick(() => this.emit('close', this.exitCode, this.signalCode));
  }
}
