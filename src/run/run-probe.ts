import { execa } from 'execa';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { openStdoutPipe } from './fifo.js';
import { afterActiveTime, type ActiveTimer } from './active-timer.js';
import { ByteSink } from './byte-sink.js';
import { LineCounter } from './line-counter.js';
import type { BudgetShare } from './output-budget.js';
import { randomUUID } from 'node:crypto';
import { endWatch, PROBE_MARKER_ENV, startWatch, type Escapee } from './escapees.js';

export type { Escapee, EscapeTie } from './escapees.js';
import { holdForSpawn, trackGroup, untrackGroup } from './interrupt.js';
import { killTree, signalProcess } from './process-tree.js';
import type { Run, RunCliOptions } from './run-cli.js';
import {
  NAMESPACE_NODE_OPTIONS_ENV,
  namespaceCommandLine,
  namespaceSpawnError,
} from './network-namespace.js';

/** Send a signal once the child has printed this many complete stdout lines. */
export interface SignalAfterLines {
  lines: number;
  signal: 'SIGINT' | 'SIGTERM';
  /** Signal the whole process group the child leads, not just the child (default false). */
  group?: boolean;
}

// The cap is `maxBufferBytes` here (its older name); `runCli` forwards its `maxOutputBytes` to it.
export interface ProbeOptions extends Omit<RunCliOptions, 'maxOutputBytes'> {
  /**
   * Destroy the read end of the child's stdout once this many complete lines have arrived, as `head -n N`
   * would: the child's next write fails with EPIPE (or kills it with SIGPIPE). 0 closes it at once.
   */
  closeStdoutAfterLines?: number;
  /** Send SIGINT/SIGTERM once this many complete stdout lines have arrived; keep reading to EOF. */
  signalAfterLines?: SignalAfterLines;
  /**
   * Send SIGINT/SIGTERM once `when` resolves, if the child still runs: an event outside its stdout (a record
   * another process wrote). Keep reading to EOF. Not with `signalAfterLines`.
   */
  signalWhen?: Omit<SignalAfterLines, 'lines'> & { when: Promise<unknown> };
  /**
   * After a probe has acted, how long the child gets to exit on its own before its tree is killed
   * (default 5 s). `timeoutMs` still bounds the whole run.
   */
  graceMs?: number;
  /** Kill the tree and stop capturing once stdout plus stderr exceed this many bytes (default 64 MiB). */
  maxBufferBytes?: number;
  /**
   * This run's share of a byte budget shared with other runs ({@link OutputBudget}): past it, reading pauses
   * (the child blocks on a full pipe) until the budget has room again. Time spent paused does not count
   * towards `timeoutMs` or `graceMs`: the wait is the kit's doing. The caller releases the share once it no
   * longer holds the output.
   */
  budget?: BudgetShare;
  /**
   * Once the child has exited and its group is killed, how long its pipes may stay silent before capture
   * stops (default 2 s): only something outside the group can still hold them then.
   */
  drainMs?: number;
}

/** When and where a probe acted. */
export interface ProbeAction {
  /** The number of complete stdout lines that triggered it. */
  readonly afterLines: number;
  /** Stdout offset just after the LF of that line: bytes before it preceded the action. */
  readonly atByte: number;
  /** Stdout bytes received when it acted (the rest of that chunk was written before, too). */
  readonly receivedBytes: number;
  /** Milliseconds since the child was started. */
  readonly atMs: number;
}

export interface ProbeRecord {
  /** Set when stdout was closed early; null when the child printed fewer lines than asked. */
  readonly stdoutClosed: ProbeAction | null;
  /** Set when the signal was sent; null when the child printed fewer lines than asked. */
  readonly signalSent:
    | (ProbeAction & {
        readonly signal: NodeJS.Signals;
        readonly target: 'process' | 'group';
        readonly delivered: boolean;
      })
    | null;
  /** The child outlived `graceMs` after a probe acted, and the kit killed its tree (`timedOut` is set too). */
  readonly graceExpired: boolean;
  /** Output exceeded `maxBufferBytes`; capture stopped there and the tree was killed. */
  readonly maxBufferExceeded: boolean;
  /** Complete stdout lines read. */
  readonly linesRead: number;
  /**
   * What the child's stdout was: a real pipe (`fifo`, used when closing stdout early, so the child sees
   * EPIPE/SIGPIPE exactly as under `| head`), or Node's default `socketpair` (where a close with unread
   * data shows the child ECONNRESET instead; used when `mkfifo` is unavailable).
   */
  readonly stdoutPipe: 'fifo' | 'socketpair';
  /** The error code when the CLI could not be started at all (`ENOENT`, `EACCES`), else null. */
  readonly spawnError: string | null;
  /** The process group the child led (its pid), SIGKILLed once it exited; null when it never started. */
  readonly processGroup: number | null;
  /**
   * Processes the run started that outlived it after leaving its process group, found through /proc once it
   * ended, and killed (see `src/run/escapees.ts` for how each is tied to the run); empty where there is no /proc.
   */
  readonly escapees: readonly Escapee[];
}

/** A {@link Run} plus what the probes did. Matchers accept it as a Run. */
export interface ProbeRun extends Run {
  readonly probe: ProbeRecord;
}

/** The default of `maxBufferBytes`. */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
/**
 * What a capped run keeps of each stream: nothing about a capped run is judged, and a lint keeps its runs to the
 * end, so keeping the cap's worth of bytes held a cap of memory per capped probe (a tool flooding every command
 * cost 8 to 12 caps). The head is enough for a person to see what the tool printed.
 */
export const CAPPED_HEAD = 64 * 1024;
/** Once the child has exited and its group is killed, how long its pipes may stay silent before capture stops. */
const DRAIN_MS = 2_000;

/**
 * The API takes the program and its arguments apart, as execa and spawn do; a whole argv array in the first
 * place (`checkCmdhelp(['node', 'tool.js'])`) would otherwise fail deep inside with an unrelated message.
 */
export function assertCommandLine(api: string, command: unknown, args: unknown): void {
  if (typeof command !== 'string' || command === '') {
    const given = Array.isArray(command)
      ? 'an array'
      : command === ''
        ? 'an empty string'
        : typeof command;
    throw new TypeError(
      `${api}: the program must be a non-empty string and its arguments an array, e.g. ${api}('node', ['tool.js']); got ${given} for the program`,
    );
  }
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
    throw new TypeError(
      `${api}: the arguments must be an array of strings, e.g. ${api}('node', ['tool.js'])`,
    );
  }
}

function lineCount(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  return value;
}

/**
 * A shell that `cd`s sets PWD to where it went; spawning does not. A tool that honours $PWD (POSIX's logical
 * working directory) would otherwise work in the caller's directory while running in another: PWD follows `cwd`
 * unless the caller set it.
 */
function withPwd(
  env: Readonly<Record<string, string>> | undefined,
  cwd: string | undefined,
): Record<string, string> {
  return cwd === undefined || (env !== undefined && 'PWD' in env)
    ? { ...env }
    : { ...env, PWD: resolve(cwd) };
}

/** The environment of a namespaced run: NODE_OPTIONS moved aside for the helper (see the helper's source). */
function namespacedEnv(
  env: Readonly<Record<string, string>> | undefined,
  extendEnv: boolean,
): Record<string, string> {
  const own = env?.NODE_OPTIONS ?? (extendEnv ? process.env.NODE_OPTIONS : undefined);
  const { NODE_OPTIONS: _moved, ...rest } = env ?? {};
  return {
    ...rest,
    NODE_OPTIONS: '',
    ...(own !== undefined ? { [NAMESPACE_NODE_OPTIONS_ENV]: own } : {}),
  };
}

/**
 * Run a CLI like {@link runCli}, reading its stdout as it arrives so that probes can act on the number of
 * lines read — never on time: close stdout early (AOI-CLI §7, pipe close) or send SIGINT/SIGTERM (§7,
 * interrupted summary). The child leads its own process group; the group is SIGKILLed on timeout, when
 * the grace period after a probe expires, and once the child has exited.
 *
 * @example
 * const run = await runProbe('notes', ['list', '--output', 'jsonl'], { closeStdoutAfterLines: 3 });
 * run.probe.stdoutClosed; // { afterLines: 3, atByte: 97, … } or null if it printed fewer lines
 */
export async function runProbe(
  command: string,
  args: readonly string[] = [],
  options: ProbeOptions = {},
): Promise<ProbeRun> {
  assertCommandLine('runProbe', command, args);
  const {
    stdin = 'closed',
    timeoutMs = 30_000,
    graceMs = 5_000,
    maxBufferBytes = DEFAULT_MAX_OUTPUT_BYTES,
    drainMs = DRAIN_MS,
  } = options;
  const closeAfter = lineCount('closeStdoutAfterLines', options.closeStdoutAfterLines);
  if (options.signalAfterLines && options.signalWhen)
    throw new RangeError('runProbe: give signalAfterLines or signalWhen, not both');
  const signalPlan = options.signalAfterLines ?? options.signalWhen;
  const signalAfter = lineCount('signalAfterLines.lines', options.signalAfterLines?.lines);
  const input = stdin === 'closed' || stdin === 'open' ? undefined : stdin;
  const watching = options.watchEscapees !== false;
  // A kit probe is marked, so that what it leaves behind with its environment is found by it.
  const marker = options.sandbox
    ? (options.env?.[PROBE_MARKER_ENV] ?? randomUUID())
    : options.env?.[PROBE_MARKER_ENV];
  const marked =
    options.sandbox && options.env?.[PROBE_MARKER_ENV] === undefined
      ? { ...options.env, [PROBE_MARKER_ENV]: marker! }
      : options.env;
  const namespace = options.networkNamespace;
  // In a namespace the helper starts the tool: it is a Node process itself, so the tool's NODE_OPTIONS wait
  // in another variable for the helper to give back.
  const env = namespace ? namespacedEnv(marked, options.extendEnv ?? true) : marked;
  const [program, programArgs] = namespace
    ? namespaceCommandLine(namespace, command, args)
    : [command, args];
  const pipe = closeAfter !== undefined ? await openStdoutPipe() : null;
  const started = performance.now();
  const spawn = () =>
    execa(program, programArgs, {
      buffer: false,
      encoding: 'buffer',
      reject: false,
      detached: true,
      cleanup: true,
      // The kit decides when to kill; execa must not escalate signals on its own.
      forceKillAfterDelay: false,
      extendEnv: options.extendEnv ?? true,
      ...(env || options.cwd ? { env: withPwd(env, options.cwd) } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      stdin: stdin === 'closed' ? 'ignore' : 'pipe',
      // execa passes a file descriptor through to spawn; its types only list 3-9.
      stdout: (pipe ? pipe.writeFd : 'pipe') as 'pipe',
      ...(input !== undefined ? { input } : {}),
    });
  let child: ReturnType<typeof spawn>;
  let watch: ReturnType<typeof startWatch>;
  const spawning = holdForSpawn();
  try {
    child = spawn();
    // Registered until its group is killed below: an interrupted kit, or a host that ends, ends it (interrupt.ts).
    trackGroup(child.pid);
    watch = watching ? startWatch(child.pid, marker, options.sandbox) : undefined;
  } catch (error) {
    pipe?.reader.destroy();
    throw error;
  } finally {
    spawning();
    // The child has its copy of the write end (spawning is synchronous); ours must go for EOF to arrive.
    pipe?.release();
  }
  const out: Readable | null = pipe ? pipe.reader : child.stdout;
  const readers = [out, child.stderr].filter((stream): stream is Readable => stream !== null);
  // A read error (the FIFO reader is ours, not execa's) ends that stream's capture; it must not crash the caller.
  for (const stream of readers) stream.on('error', () => {});
  const drained = Promise.all(
    readers.map(
      (stream) =>
        new Promise<void>((resolve) =>
          stream.closed || stream.destroyed ? resolve() : stream.once('close', () => resolve()),
        ),
    ),
  );

  const stdout = new ByteSink(maxBufferBytes);
  const stderr = new ByteSink(maxBufferBytes);
  let captured = 0;
  let timedOut = false;
  let graceExpired = false;
  let maxBufferExceeded = false;
  let stdoutClosed: ProbeAction | null = null;
  let signalSent: ProbeRecord['signalSent'] = null;
  const counter = new LineCounter();
  const targets = [closeAfter, signalAfter].filter((n): n is number => n !== undefined);

  // Paused for the budget: both pipes stop being read until the budget wakes this run.
  let pausedAt: number | undefined;
  let waitedMs = 0;
  const waited = () => waitedMs + (pausedAt !== undefined ? performance.now() - pausedAt : 0);
  const resumeReading = () => {
    waitedMs = waited();
    pausedAt = undefined;
    for (const stream of readers) stream.resume();
  };
  const timer = afterActiveTime(timeoutMs, waited, () => {
    timedOut = true;
    killTree(child.pid);
  });
  let graceTimer: ActiveTimer | undefined;
  const startGrace = () => {
    graceTimer ??= afterActiveTime(graceMs, waited, () => {
      graceExpired = true;
      timedOut = true;
      killTree(child.pid);
    });
  };
  const action = (afterLines: number, atByte: number): ProbeAction => ({
    afterLines,
    atByte,
    receivedBytes: counter.bytes,
    atMs: performance.now() - started,
  });
  const sendSignal = (atByte: number) => {
    if (signalSent || !signalPlan) return;
    const target = signalPlan.group ? 'group' : 'process';
    const delivered = signalProcess(child.pid, signalPlan.signal, target);
    signalSent = {
      ...action(signalAfter ?? counter.lines, atByte),
      signal: signalPlan.signal,
      target,
      delivered,
    };
    startGrace();
  };
  const closeStdout = (atByte: number) => {
    if (stdoutClosed || closeAfter === undefined) return;
    stdoutClosed = action(closeAfter, atByte);
    out?.destroy();
    startGrace();
  };
  let chunksReceived = 0; // stdout and stderr: whether the pipes still flow (see the drain below)
  // A capped run keeps only the head of each stream (see CAPPED_HEAD); `outputCapped` says how much was read.
  const kept = (sink: ByteSink): Buffer =>
    maxBufferExceeded ? Buffer.from(sink.bytes().subarray(0, CAPPED_HEAD)) : sink.bytes();
  let lastChunk = 0;
  const keep = (into: ByteSink, chunk: Uint8Array): boolean => {
    chunksReceived++;
    if (maxBufferExceeded) return false;
    captured += chunk.length;
    if (captured > maxBufferBytes) {
      lastChunk = chunk.length;
      maxBufferExceeded = true;
      killTree(child.pid);
      return false;
    }
    into.push(chunk);
    if (options.budget && !options.budget.take(chunk.length, resumeReading)) {
      pausedAt ??= performance.now();
      for (const stream of readers) stream.pause();
    }
    return true;
  };

  out?.on('data', (chunk: Uint8Array) => {
    if (stdoutClosed || !keep(stdout, chunk)) return;
    for (const hit of counter.push(chunk, targets)) {
      if (hit.target === signalAfter) sendSignal(hit.offset);
      if (hit.target === closeAfter) closeStdout(hit.offset);
    }
  });
  child.stderr?.on('data', (chunk: Uint8Array) => void keep(stderr, chunk));
  // Grandchildren may hold the pipes open after the CLI itself exits: end them so that EOF arrives, and
  // if something outside the group still holds a pipe, stop reading once the pipes have been silent for
  // drainMs. Never before the loop has read what is pending: on a starved machine the drain timer fires
  // in the timers phase, before the poll phase reads the output the child left, so the decision waits for
  // setImmediate (after that poll), and any chunk that arrived meanwhile re-arms the drain (until timeout).
  let drainTimer: NodeJS.Timeout | undefined;
  const armDrain = () => {
    const seen = chunksReceived;
    drainTimer = setTimeout(
      () =>
        setImmediate(() => {
          // Paused for the budget, the pipes are silent because the kit is not reading them.
          if ((chunksReceived !== seen && !timedOut) || pausedAt !== undefined) armDrain();
          else readers.forEach((stream) => stream.destroy());
        }),
      drainMs,
    );
  };
  child.on('exit', () => {
    killTree(child.pid);
    armDrain();
  });
  if (signalAfter === 0) sendSignal(0);
  let exited = false;
  child.once('exit', () => (exited = true));
  options.signalWhen?.when.then(
    () => {
      if (!exited) sendSignal(counter.bytes);
    },
    () => {},
  );
  if (closeAfter === 0) closeStdout(0);

  try {
    const [result] = await Promise.all([child, drained]);
    // Its group first: what is still in it dies with it, and what is not has escaped.
    killTree(child.pid);
    const escapees: Escapee[] = endWatch(watch);
    const cause =
      result.failed && result.exitCode === undefined && result.signal === undefined
        ? (result.cause as NodeJS.ErrnoException | undefined)
        : undefined;
    const namespaceError = namespace ? namespaceSpawnError(namespace.record) : null;
    return {
      command,
      args: [...args],
      stdout: kept(stdout),
      stderr: kept(stderr),
      exitCode: result.exitCode ?? null,
      signal: result.signal ?? null,
      timedOut,
      durationMs: performance.now() - started,
      ...(maxBufferExceeded ? { outputCapped: captured - lastChunk } : {}),
      probe: {
        stdoutClosed,
        signalSent,
        graceExpired,
        maxBufferExceeded,
        linesRead: counter.lines,
        stdoutPipe: pipe ? 'fifo' : 'socketpair',
        // The code only: execa's messages quote the command line, which may hold canaries.
        spawnError: cause ? (cause.code ?? 'spawn_failed') : namespaceError,
        processGroup: child.pid ?? null,
        escapees,
      },
    };
  } finally {
    options.budget?.stopReading();
    timer.cancel();
    graceTimer?.cancel();
    clearTimeout(drainTimer);
    killTree(child.pid);
    endWatch(watch); // a run that failed: still nothing left behind
    untrackGroup(child.pid);
  }
}
