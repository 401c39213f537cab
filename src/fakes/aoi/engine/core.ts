import { seededRandom, type Fault } from '../faults/fault.js';
import {
  appliesTo,
  commandOf,
  mergeBehaviours,
  type Behaviour,
  type Commands,
} from './behaviour.js';
import { FaultPipeline } from './pipeline.js';
import type { FakeContext, FakeTool } from './types.js';

/** Where a run's bytes go and come from: process pipes, or memory. */
export interface RunIO {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  stateDir: string;
  stdinReadable: boolean;
  /** All of stdin (resolves at EOF). */
  readStdin(): Promise<Uint8Array>;
  /** Resolves once the bytes are accepted (back-pressure); rejects with BrokenPipe when the reader has gone. */
  writeStdout(chunk: string | Uint8Array): Promise<void>;
  writeStderr(text: string): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** Never settles, and keeps a process alive meanwhile: a run that hangs. */
  hang(): Promise<never>;
  /**
   * Hang waiting on a helper process that holds stdout and stderr open (the `stall` fault's `helper`).
   * Only a real process has one; without it, the run hangs as `hang` does.
   */
  hangInHelper?(): Promise<never>;
  /** Try a TCP connection; settles once it connected, failed or gave up (memory only records it). */
  connect(host: string, port: number): Promise<void>;
  /** Settles when the run is interrupted. */
  interrupted: Promise<'SIGINT' | 'SIGTERM'>;
  /** How to start the tool again as a process (see FakeContext.self); a process has one, memory none. */
  self?: readonly string[];
}

export interface RunSettings {
  faults?: readonly Fault[];
  /** Seed for everything random in the run (faults' jitter, generated data). Default 1. */
  seed?: number;
  /** Called after each event is written (the in-memory runner counts them to interrupt on cue). */
  onEventWritten?(count: number): void;
}

export interface RunOutcome {
  exitCode: number | null;
  signal: 'SIGKILL' | 'SIGSEGV' | 'SIGABRT' | null;
}

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** The reader of stdout has gone (EPIPE). A well-behaved tool exits 141 without a trace (§7). */
export class BrokenPipe extends Error {
  constructor() {
    super('stdout closed by the reader');
  }
}

/** What a tool prints when it logs the AbortError its signal handler raised with `console.error(error.stack)`: the `stack-trace` signal behaviour. */
const abortTrace = (signal: string) => `AbortError: The operation was aborted (${signal})
    at AbortController.abort (node:internal/abort_controller:386:18)
    at process.onSignal (file:///usr/lib/node_modules/notes/dist/index.js:88:14)
    at process.emit (node:events:519:28)
`;

/** What Node prints when a write to a closed pipe has no error handler: the `stack-trace` broken-pipe behaviour. */
export const EPIPE_TRACE = `node:events:497
      throw er; // Unhandled 'error' event
      ^

Error: write EPIPE
    at afterWriteDispatched (node:internal/stream_base_commons:161:15)
    at writeGeneric (node:internal/stream_base_commons:152:3)
    at Socket._writeGeneric (node:net:958:11)
    at Socket._write (node:net:970:8)
    at writeOrBuffer (node:internal/streams/writable:572:12)
    at _write (node:internal/streams/writable:501:10)
    at Writable.write (node:internal/streams/writable:510:10)
    at emit (file:///usr/lib/node_modules/notes/dist/out.js:41:22)
Emitted 'error' event on Socket instance at:
    at emitErrorNT (node:internal/streams/destroy:170:8)
    at emitErrorCloseNT (node:internal/streams/destroy:129:3)
    at process.processTicksAndRejections (node:internal/process/task_queues:90:21) {
  errno: -32,
  code: 'EPIPE',
  syscall: 'write'
}

Node.js v20.19.0
`;

/** Latency draws from its own seeded sequence, so that adding `slow` never changes another fault's bytes. */
const LATENCY_SEED = 0x5bd1e995;

/**
 * Runs a tool to its end and decides the exit status, honouring the engine's behaviour switches
 * (broken pipe, signals, latency, stall, reading stdin) the same way for every tool.
 *
 * Interruption (§7): when SIGINT/SIGTERM arrives mid-stream, a machine-mode stream that has started and
 * has no summary yet gets `{"type":"aoi:summary","ok":false,"reason":"interrupted","partial":true}`, and
 * the run exits 130 (SIGINT) or 143 (SIGTERM).
 */
export async function runTool(
  tool: FakeTool,
  io: RunIO,
  settings: RunSettings = {},
): Promise<RunOutcome> {
  const faults = settings.faults ?? [];
  const seed = settings.seed ?? 1;
  const random = seededRandom(seed);
  const pipeline = new FaultPipeline(faults, random);
  const behaviour = mergeBehaviours(faults.map((fault) => fault.behaviour));
  const command = commandOf(io.argv);
  const on = (commands: Commands) => appliesTo(commands, command);
  const brokenPipe = on(behaviour.brokenPipe.commands) ? behaviour.brokenPipe.mode : 'exit';
  const stallAfter =
    behaviour.stall && on(behaviour.stall.commands) ? behaviour.stall.afterEvents : Infinity;
  const stallHang =
    behaviour.stall?.helper && io.hangInHelper ? () => io.hangInHelper!() : () => io.hang();
  const pace = pacer(
    behaviour,
    on(behaviour.latency.commands),
    seededRandom(seed ^ LATENCY_SEED),
    io,
  );
  let closed = false; // after the outcome is decided, a still-running tool writes nothing more
  let events = 0;
  let streamStarted = false;
  let summaryWritten = false;
  let pipeBroken = false;
  let interrupting = false; // set as the signal arrives; a stalled tool still answers it with its interrupted summary

  // Once interrupted, the tool's own writes stop: the engine's interrupted summary must be the last line.
  // Says whether the bytes went out: a write the signal overtook while it was pacing is dropped.
  const writeOut = async (bytes: string | Uint8Array, fromEngine = false): Promise<boolean> => {
    await pace();
    if (interrupting && !fromEngine) return false;
    try {
      await io.writeStdout(bytes);
    } catch (error) {
      if (!(error instanceof BrokenPipe) || brokenPipe !== 'keep-writing') throw error;
      pipeBroken = true; // ignored: the tool carries on as if the reader were still there
    }
    return true;
  };

  const write = async (event: { type: string } & Record<string, unknown>, fromEngine = false) => {
    if (closed || (interrupting && !fromEngine)) return;
    if (events >= stallAfter && !fromEngine) await stallHang();
    // A summary a fault dropped counts as written (the tool wrote it); one the signal overtook does not. It counts
    // only once it went out: while it is being paced, a signal must still get the engine's interrupted summary.
    streamStarted = true;
    const bytes = pipeline.render(event);
    const wentOut = bytes.length === 0 || (await writeOut(bytes, fromEngine));
    if (event.type === 'aoi:summary' && wentOut) summaryWritten = true;
    events++;
    settings.onEventWritten?.(events);
  };

  let stdin: Promise<Uint8Array> | undefined;
  const readStdinBytes = () => (stdin ??= io.readStdin());
  const readStdin = async () => Buffer.from(await readStdinBytes()).toString('utf8');
  // A tool that ignores signals never hears of them.
  const interrupted =
    behaviour.signals === 'ignore' ? new Promise<never>(() => {}) : io.interrupted;
  void interrupted.then(() => (interrupting = true));

  const ctx: FakeContext = {
    argv: io.argv,
    env: io.env,
    stateDir: io.stateDir,
    stdinReadable: io.stdinReadable,
    readStdin,
    readStdinBytes,
    emit: write,
    print: async (text) => {
      if (!closed) await writeOut(text);
    },
    stderr: async (text) => {
      if (!closed) await io.writeStderr(text);
    },
    interrupted,
    random,
    sleep: (ms) => io.sleep(ms),
    behaviour,
    connect: (host, port) => io.connect(host, port),
    ...(io.self ? { self: io.self } : {}),
  };

  const finished = (async () => {
    if (on(behaviour.readsStdin)) await readStdinBytes();
    return tool(ctx);
  })().then(
    (exitCode) => ({ exitCode }) as const,
    (error: unknown) => {
      if (error instanceof BrokenPipe) return { brokenPipe: true } as const;
      throw error;
    },
  );
  const outcome = await Promise.race([
    finished,
    interrupted.then((signal) => ({ signal }) as const),
  ]);
  if ('signal' in outcome) {
    interrupting = true;
    if (on(behaviour.signalStackTrace))
      await io.writeStderr(abortTrace(outcome.signal)).catch(() => {});
    if (behaviour.signals !== 'no-summary' && streamStarted && !summaryWritten) {
      await write(
        { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true },
        true,
      ).catch(() => {});
    }
    closed = true;
    return {
      exitCode: behaviour.signals === 'wrong-exit-code' ? 0 : SIGNAL_EXIT[outcome.signal],
      signal: null,
    };
  }
  closed = true;
  if ('brokenPipe' in outcome) {
    if (brokenPipe !== 'stack-trace') return { exitCode: 141, signal: null };
    await io.writeStderr(EPIPE_TRACE).catch(() => {});
    return { exitCode: 1, signal: null };
  }
  // keep-writing: a tool that swallowed EPIPE never learns that it may stop.
  if (pipeBroken) await io.hang();
  const end = pipeline.end;
  if (end?.signal) return { exitCode: null, signal: end.signal };
  return { exitCode: end?.exitCode ?? outcome.exitCode, signal: null };
}

/** Waits before each stdout write as the latency switch says; nothing at all for a prompt tool. */
function pacer(
  behaviour: Behaviour,
  applies: boolean,
  random: () => number,
  io: RunIO,
): () => Promise<void> {
  const { firstByteMs, betweenEventsMs, jitterMs } = behaviour.latency;
  if (!applies || firstByteMs + betweenEventsMs + jitterMs === 0) return async () => {};
  let first = true;
  return async () => {
    const base = first ? firstByteMs : betweenEventsMs;
    first = false;
    await io.sleep(base + Math.floor(random() * (jitterMs + 1)));
  };
}
