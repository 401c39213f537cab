import { seededRandom, type Fault } from '../faults/fault.js';
import { FaultPipeline } from './pipeline.js';
import type { FakeContext, FakeTool } from './types.js';

/** Where a run's bytes go and come from: process pipes, or memory. */
export interface RunIO {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  stateDir: string;
  stdinReadable: boolean;
  readStdin(): Promise<string>;
  /** Resolves once the bytes are accepted (back-pressure); rejects when the reader has gone (EPIPE). */
  writeStdout(chunk: string | Uint8Array): Promise<void>;
  writeStderr(text: string): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** Settles when the run is interrupted. */
  interrupted: Promise<'SIGINT' | 'SIGTERM'>;
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

/**
 * Runs a tool to its end and decides the exit status. Interruption is handled here for every
 * tool alike (§7): when SIGINT/SIGTERM arrives mid-stream, a machine-mode stream that has started
 * and has no summary yet gets `{"type":"aoi:summary","ok":false,"reason":"interrupted","partial":true}`,
 * and the run exits 130 (SIGINT) or 143 (SIGTERM).
 */
export async function runTool(tool: FakeTool, io: RunIO, settings: RunSettings = {}): Promise<RunOutcome> {
  const random = seededRandom(settings.seed ?? 1);
  const pipeline = new FaultPipeline(settings.faults ?? [], random);
  let closed = false; // after the outcome is decided, a still-running tool writes nothing more
  let events = 0;
  let streamStarted = false;
  let summaryWritten = false;

  const write = async (event: { type: string } & Record<string, unknown>) => {
    if (closed) return;
    if (event.type === 'aoi:summary') summaryWritten = true;
    streamStarted = true;
    const bytes = pipeline.render(event);
    if (bytes.length > 0) await io.writeStdout(bytes);
    events++;
    settings.onEventWritten?.(events);
  };

  const ctx: FakeContext = {
    argv: io.argv,
    env: io.env,
    stateDir: io.stateDir,
    stdinReadable: io.stdinReadable,
    readStdin: () => io.readStdin(),
    emit: write,
    print: async (text) => {
      if (!closed) await io.writeStdout(text);
    },
    stderr: async (text) => {
      if (!closed) await io.writeStderr(text);
    },
    interrupted: io.interrupted,
    random,
    sleep: (ms) => io.sleep(ms),
  };

  const finished = tool(ctx).then(
    (exitCode) => ({ exitCode }) as const,
    (error: unknown) => {
      if (error instanceof BrokenPipe) return { exitCode: 141 } as const;
      throw error;
    },
  );
  const interrupted = io.interrupted.then((signal) => ({ signal }) as const);
  const outcome = await Promise.race([finished, interrupted]);
  if ('signal' in outcome) {
    if (streamStarted && !summaryWritten) await write({ type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true }).catch(() => {});
    closed = true;
    return { exitCode: SIGNAL_EXIT[outcome.signal], signal: null };
  }
  closed = true;
  const end = pipeline.end;
  if (end?.signal) return { exitCode: null, signal: end.signal };
  return { exitCode: end?.exitCode ?? outcome.exitCode, signal: null };
}
