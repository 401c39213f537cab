import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool, type RunSettings } from './core.js';
import type { FakeTool } from './types.js';

export interface InMemoryOptions extends Omit<RunSettings, 'onEventWritten'> {
  argv?: readonly string[];
  env?: Record<string, string | undefined>;
  /** `closed` (default), `open` (a pipe nobody writes or closes), or the bytes on stdin. */
  stdin?: 'closed' | 'open' | string | Uint8Array;
  /** Where the tool keeps state; a fresh temporary directory by default. */
  stateDir?: string;
  /** Interrupt the run, as a signal would, once this many events were written. */
  interruptAfterEvents?: { events: number; signal?: 'SIGINT' | 'SIGTERM' };
  /** Give up after this long, as a timeout would kill a process (default 10 s). */
  timeoutMs?: number;
}

/** A fake's run, shaped like the kit's `Run` so that the matchers and checkers take it as is. */
export interface FakeRun {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
}

/**
 * Run a fake in this process: a function of argv, stdin and env to bytes and an exit status, for
 * fast unit and property tests. Same code, same bytes as the fake run as a process.
 */
export async function runInMemory(tool: FakeTool, options: InMemoryOptions = {}): Promise<FakeRun> {
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  const stdin = options.stdin ?? 'closed';
  let interrupt: (signal: 'SIGINT' | 'SIGTERM') => void = () => {};
  const interrupted = new Promise<'SIGINT' | 'SIGTERM'>((resolve) => (interrupt = resolve));
  const cue = options.interruptAfterEvents;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? 10_000);
  });
  const run = runTool(
    tool,
    {
      argv: options.argv ?? [],
      env: options.env ?? {},
      stateDir: options.stateDir ?? mkdtempSync(join(tmpdir(), 'aoi-fake-')),
      stdinReadable: stdin !== 'closed',
      readStdin: () =>
        stdin === 'open' ? new Promise<string>(() => {}) : Promise.resolve(stdin === 'closed' ? '' : Buffer.from(stdin).toString('utf8')),
      writeStdout: async (chunk) => void stdout.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk)),
      writeStderr: async (text) => void stderr.push(Buffer.from(text, 'utf8')),
      // Virtual time: a slow fake costs nothing in memory; order is what matters here.
      sleep: () => new Promise((resolve) => setImmediate(resolve)),
      interrupted,
    },
    {
      ...options,
      onEventWritten: (count) => {
        if (cue && count >= cue.events) interrupt(cue.signal ?? 'SIGINT');
      },
    },
  );
  try {
    const outcome = await Promise.race([run, timedOut]);
    const done = outcome === 'timeout' ? { exitCode: null, signal: 'SIGKILL' } : outcome;
    return { stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr), ...done, timedOut: outcome === 'timeout' };
  } finally {
    clearTimeout(timer);
  }
}
