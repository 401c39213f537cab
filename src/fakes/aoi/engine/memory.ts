import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokenPipe, runTool, type RunSettings } from './core.js';
import type { FakeTool } from './types.js';

type Signal = 'SIGINT' | 'SIGTERM';

export interface InMemoryOptions extends Omit<RunSettings, 'onEventWritten'> {
  argv?: readonly string[];
  env?: Record<string, string | undefined>;
  /** `closed` (default), `open` (a pipe nobody writes or closes), or the bytes on stdin. */
  stdin?: 'closed' | 'open' | string | Uint8Array;
  /** Where the tool keeps state; by default a fresh temporary directory, removed when the run is over. */
  stateDir?: string;
  /** Interrupt the run, as a signal would, once this many events were written. */
  interruptAfterEvents?: { events: number; signal?: Signal };
  /** Once this many complete (LF-terminated) stdout lines were written, later writes fail as EPIPE does (`| head -n N`). */
  closeStdoutAfterLines?: number;
  /** Interrupt the run, as a signal would, once this many complete stdout lines were written. */
  signalAfterLines?: { lines: number; signal: Signal };
  /**
   * After stdout was closed or a signal sent, how long (real ms) the tool gets to finish; then the run
   * ends as if killed: `timedOut` and `graceExpired`, signal SIGKILL (default 5 s, as `runProbe`).
   */
  graceMs?: number;
  /** Give up after this long, real or virtual (the tool's sleeps), as a timeout would kill a process (default 10 s). */
  timeoutMs?: number;
}

/** A fake's run, shaped like the kit's `Run` so that the matchers and checkers take it as is. */
export interface FakeRun {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** The tool outlived `graceMs` after stdout was closed or a signal sent (`timedOut` is set too). */
  graceExpired: boolean;
  /** `closeStdoutAfterLines` acted: the tool wrote that many lines. */
  stdoutClosed: boolean;
  /** A signal was delivered (`signalAfterLines` or `interruptAfterEvents` acted). */
  signalSent: boolean;
  /** The TCP connections the tool tried (`tcp host:port`); in memory none leaves the process. */
  network: string[];
}

const never = () => new Promise<never>(() => {});

/**
 * Run a fake in this process: a function of argv, stdin and env to bytes and an exit status, for
 * fast unit and property tests. Same code, same bytes as the fake run as a process; time is virtual
 * (sleeps take no time, but a run whose sleeps add up to `timeoutMs` times out) until a probe acts, and real
 * from then on (`graceMs`, `timeoutMs` are real too).
 */
export async function runInMemory(tool: FakeTool, options: InMemoryOptions = {}): Promise<FakeRun> {
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  const network: string[] = [];
  const stdin = options.stdin ?? 'closed';
  // Once the run is over, a tool still running is frozen where it stands, as SIGKILL would leave it.
  let killed = false;
  const timeoutMs = options.timeoutMs ?? 10_000;
  // When each cut-off is due (monotonic ms). On a busy event loop both timers can be overdue at once, and Node may
  // run the later one first (it orders by duration list, not by due time): the one due first decides.
  const due = { timeout: performance.now() + timeoutMs, grace: Infinity };
  let settle: (how: 'timeout' | 'grace') => void = () => {};
  const cut = new Promise<'timeout' | 'grace'>((resolve) => (settle = resolve));
  const cutOff = (how: 'timeout' | 'grace') =>
    settle(how === 'timeout' && due.grace <= due.timeout ? 'grace' : how);
  const timer = setTimeout(() => cutOff('timeout'), timeoutMs);
  let graceTimer: NodeJS.Timeout | undefined;
  // Time is virtual until a probe acts; during the grace period it is real, so that a tool that
  // carries on paces itself as its process would instead of flooding memory.
  let realTime = false;
  // Virtual time still runs out: a tool that sleeps past timeoutMs (an unbounded `watch`) is cut off there, as its
  // process would be, instead of looping at memory speed until the real timer fires (2 GB of heartbeats in 5 s).
  let virtualMs = 0;
  const probeActed = () => {
    realTime = true;
    if (graceTimer) return;
    const graceMs = options.graceMs ?? 5_000;
    due.grace = performance.now() + graceMs;
    graceTimer = setTimeout(() => cutOff('grace'), graceMs);
  };

  let interrupt: (signal: Signal) => void = () => {};
  const interrupted = new Promise<Signal>((resolve) => (interrupt = resolve));
  let signalSent = false;
  const sendSignal = (signal: Signal) => {
    if (signalSent) return;
    signalSent = true;
    interrupt(signal);
    probeActed();
  };
  let stdoutClosed = false;
  let lines = 0;
  const actOnLines = () => {
    const cue = options.signalAfterLines;
    if (cue && lines >= cue.lines) sendSignal(cue.signal);
    if (
      options.closeStdoutAfterLines !== undefined &&
      lines >= options.closeStdoutAfterLines &&
      !stdoutClosed
    ) {
      stdoutClosed = true;
      probeActed();
    }
  };
  actOnLines(); // a cue of 0 lines acts at once

  const eventCue = options.interruptAfterEvents;
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'aoi-fake-'));
  const run = runTool(
    tool,
    {
      argv: options.argv ?? [],
      env: options.env ?? {},
      stateDir,
      stdinReadable: stdin !== 'closed',
      readStdin: () =>
        killed || stdin === 'open'
          ? never()
          : Promise.resolve(
              stdin === 'closed'
                ? new Uint8Array()
                : typeof stdin === 'string'
                  ? Buffer.from(stdin, 'utf8')
                  : stdin,
            ),
      writeStdout: async (chunk) => {
        if (killed) return never();
        if (stdoutClosed) throw new BrokenPipe();
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
        stdout.push(bytes);
        for (const byte of bytes) if (byte === 0x0a) lines++;
        actOnLines();
      },
      writeStderr: async (text) => {
        if (killed) return never();
        stderr.push(Buffer.from(text, 'utf8'));
      },
      // Virtual time: a slow fake costs nothing in memory; order is what matters here.
      sleep: (ms) => {
        if (killed) return never();
        if (realTime) return new Promise((resolve) => setTimeout(resolve, ms));
        virtualMs += ms;
        if (virtualMs < timeoutMs) return new Promise((resolve) => setImmediate(resolve));
        cutOff('timeout');
        return never();
      },
      hang: never,
      connect: async (host, port) => void network.push(`tcp ${host}:${port}`),
      interrupted,
    },
    {
      ...(options.faults ? { faults: options.faults } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      onEventWritten: (count) => {
        if (eventCue && count >= eventCue.events) sendSignal(eventCue.signal ?? 'SIGINT');
      },
    },
  );
  try {
    const outcome = await Promise.race([run, cut]);
    const killedBy = typeof outcome === 'string' ? outcome : undefined;
    if (killedBy) run.catch(() => {}); // whatever the frozen tool does later concerns nobody
    const end = typeof outcome === 'string' ? { exitCode: null, signal: 'SIGKILL' } : outcome;
    return {
      stdout: Buffer.concat(stdout),
      stderr: Buffer.concat(stderr),
      exitCode: end.exitCode,
      signal: end.signal,
      timedOut: killedBy !== undefined,
      graceExpired: killedBy === 'grace',
      stdoutClosed,
      signalSent,
      network,
    };
  } finally {
    killed = true;
    clearTimeout(timer);
    clearTimeout(graceTimer);
    // A frozen tool that writes there later fails, and nobody hears it (run.catch above).
    if (options.stateDir === undefined) rmSync(stateDir, { recursive: true, force: true });
  }
}
