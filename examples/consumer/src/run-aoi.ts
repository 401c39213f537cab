/**
 * A small AOI-CLI consumer that fails closed: it runs a finite machine-mode command and reports
 * success only when every stdout line was one JSON event, the stream ended with `aoi:summary` whose
 * `ok` is true, and the process exited 0 on its own. Everything else is a structured failure — it
 * never throws for anything the child does.
 */
import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface AoiEvent {
  type: string;
  [field: string]: unknown;
}

/** An `aoi:error` as a consumer should act on it. */
export interface AoiErrorInfo {
  category: string | undefined;
  code: string | undefined;
  message: string;
  /** The tool's `retryable`, or the §9.1 default of its category when the tool left it out. */
  retryable: boolean;
  /** Text for a human (§1.3). Never run it. */
  hint: string | undefined;
}

export type FailureReason =
  | 'spawn-failed'
  | 'invalid-utf8'
  | 'non-json-line'
  | 'not-an-event'
  | 'event-after-summary'
  | 'killed-by-signal'
  | 'no-summary'
  | 'summary-not-ok'
  | 'exit-status'
  | 'timeout';

export interface AoiFailure {
  reason: FailureReason;
  /** Says what went wrong; never quotes stdout or stderr (they may hold secrets). */
  message: string;
  /** The 1-based stdout line at fault, for line-level failures. */
  line?: number;
}

export interface AoiResult {
  ok: boolean;
  events: AoiEvent[];
  summary: AoiEvent | undefined;
  errors: AoiErrorInfo[];
  /** A retry may help: the tool reported a failure and every one of its errors is retryable. */
  retryable: boolean;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The end of stderr, secret-looking values masked. */
  stderr: string;
  error?: AoiFailure;
}

export interface RunAoiOptions {
  /** Inject `child_process.spawn` (tests pass a fake spawner). */
  spawn?: typeof nodeSpawn;
  /** Give up after this long and kill the process tree (default 30 s). */
  timeoutMs?: number;
  /** After SIGTERM, how long the child gets before SIGKILL (default 2 s). */
  killGraceMs?: number;
  /** The child's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Written to the child's stdin; without it stdin is closed (a machine-mode tool must not wait on it). */
  input?: string | Uint8Array;
}

/** §9.1: categories whose retry default is "yes". "maybe" is not a yes: without the tool's word, do not retry. */
const RETRY_BY_DEFAULT = new Set(['rate_limited', 'temporary', 'timeout']);

const STDERR_TAIL_BYTES = 8192;

export function resolveRetryable(event: AoiEvent): boolean {
  if (typeof event.retryable === 'boolean') return event.retryable;
  return typeof event.category === 'string' && RETRY_BY_DEFAULT.has(event.category);
}

function errorInfo(event: AoiEvent): AoiErrorInfo {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    category: text(event.category),
    code: text(event.code),
    message: text(event.message) ?? '',
    retryable: resolveRetryable(event),
    hint: text(event.hint),
  };
}

/** Masks values that look like credentials: after sensitive flags or names, bearer tokens, URL passwords. */
export function maskSecrets(text: string): string {
  const sensitive = '(?:api[-_]?key|token|secret|password|passwd|credential|auth)[A-Za-z0-9_-]*';
  return text
    .replace(new RegExp(`(--?[A-Za-z0-9_-]*${sensitive}(?:\\s+|=))([^\\s-]\\S*)`, 'gi'), '$1***')
    .replace(new RegExp(`\\b([A-Za-z0-9_]*${sensitive}\\s*[=:]\\s*)(\\S+)`, 'gi'), '$1***')
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, '$1 ***')
    .replace(/(\/\/[^/\s:@]+:)[^@\s]+@/g, '$1***@');
}

/**
 * Splits bytes into lines and lines into events. It works on bytes, not on decoded chunks, so a
 * character split across reads is whole again before it is decoded; a `\r` before `\n` is JSON
 * whitespace. The first violation is final: later input is ignored.
 */
export class AoiLineParser {
  readonly events: AoiEvent[] = [];
  summary: AoiEvent | undefined;
  failure: AoiFailure | undefined;
  #pending: Uint8Array[] = [];
  #line = 0;
  // ignoreBOM keeps a BOM in the text, so that a line that starts with one fails as not JSON.
  readonly #decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  push(chunk: Uint8Array | string): AoiFailure | undefined {
    if (this.failure) return this.failure;
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (
      let newline = bytes.indexOf(0x0a);
      newline !== -1 && !this.failure;
      newline = bytes.indexOf(0x0a)
    ) {
      this.#pending.push(bytes.subarray(0, newline));
      bytes = bytes.subarray(newline + 1);
      this.#takeLine();
    }
    if (!this.failure && bytes.length > 0) this.#pending.push(bytes);
    return this.failure;
  }

  /** EOF: a last line without its newline still counts, and must be a whole event. */
  end(): AoiFailure | undefined {
    if (!this.failure && this.#pending.length > 0) this.#takeLine();
    return this.failure;
  }

  #takeLine(): void {
    const bytes = Buffer.concat(this.#pending);
    this.#pending = [];
    const line = ++this.#line;
    let text: string;
    try {
      text = this.#decoder.decode(bytes);
    } catch {
      this.failure = { reason: 'invalid-utf8', message: `stdout line ${line} is not UTF-8`, line };
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Prose, banners, ANSI codes, pretty-printed fragments and blank lines all end here.
      this.failure = {
        reason: 'non-json-line',
        message: `stdout line ${line} is not JSON (${bytes.length} bytes)`,
        line,
      };
      return;
    }
    const type = (value as AoiEvent | null)?.type;
    if (
      value === null ||
      typeof value !== 'object' ||
      Array.isArray(value) ||
      typeof type !== 'string' ||
      type === ''
    ) {
      this.failure = {
        reason: 'not-an-event',
        message: `stdout line ${line} is not a JSON object with a non-empty string "type"`,
        line,
      };
      return;
    }
    if (this.summary) {
      this.failure = {
        reason: 'event-after-summary',
        message: `stdout line ${line} comes after the terminal aoi:summary`,
        line,
      };
      return;
    }
    const event = value as AoiEvent;
    this.events.push(event);
    if (event.type === 'aoi:summary') this.summary = event;
  }
}

/** Reads a whole stream (a child's stdout, a file, `streamFrom(...)` in a test) into events. */
export async function readAoiStream(
  source: AsyncIterable<Uint8Array | string>,
): Promise<Pick<AoiResult, 'events' | 'summary' | 'error'>> {
  const parser = new AoiLineParser();
  for await (const chunk of source) if (parser.push(chunk)) break;
  const error =
    parser.end() ??
    (parser.summary
      ? undefined
      : { reason: 'no-summary' as const, message: 'the stream ended without aoi:summary' });
  return { events: parser.events, summary: parser.summary, ...(error ? { error } : {}) };
}

/** Signal the child and everything it started: its process group when it leads one, else the child. */
function signalTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined && process.platform !== 'win32') {
    try {
      process.kill(-child.pid, signal);
      return;
    } catch {
      // Not a group leader (or not a real process, as with a fake): fall back to the child itself.
    }
  }
  try {
    child.kill(signal);
  } catch {
    // already gone
  }
}

/** Run `command args` in machine mode and judge the run; resolves once the child is gone. */
export function runAoi(
  command: string,
  args: readonly string[],
  options: RunAoiOptions = {},
): Promise<AoiResult> {
  const spawn = options.spawn ?? nodeSpawn;
  const parser = new AoiLineParser();
  const stderr: Buffer[] = [];
  let stderrBytes = 0;
  let failure: AoiFailure | undefined;
  const fail = (reason: FailureReason, message: string, line?: number) =>
    (failure ??= { reason, message, ...(line !== undefined ? { line } : {}) });

  return new Promise((resolve) => {
    const spawnOptions: SpawnOptions = {
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      // Its own process group, so that a timeout can kill whatever it started too.
      detached: process.platform !== 'win32',
      ...(options.env ? { env: options.env } : {}),
    };
    let child: ChildProcess;
    try {
      child = spawn(command, [...args], spawnOptions);
    } catch (error) {
      fail('spawn-failed', `could not start ${command}: ${(error as Error).message}`);
      return resolve(result(null, null));
    }

    let stopping = false;
    let killTimer: NodeJS.Timeout | undefined;
    /** We want no more of this run: stop reading, SIGTERM the tree, SIGKILL it if it will not go. */
    const stop = () => {
      if (stopping) return;
      stopping = true;
      child.stdout?.destroy(); // the child gets EPIPE/SIGPIPE: it must not block on a reader that left
      signalTree(child, 'SIGTERM');
      killTimer = setTimeout(() => signalTree(child, 'SIGKILL'), options.killGraceMs ?? 2000);
    };
    const timer = setTimeout(() => {
      fail('timeout', `${command} did not finish within ${options.timeoutMs ?? 30_000} ms`);
      stop();
    }, options.timeoutMs ?? 30_000);

    child.stdout?.on('data', (chunk: Buffer) => {
      if (stopping) return;
      const violation = parser.push(chunk);
      if (violation) {
        fail(violation.reason, violation.message, violation.line);
        stop();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.push(chunk);
      stderrBytes += chunk.length;
      while (stderrBytes - (stderr[0]?.length ?? 0) >= STDERR_TAIL_BYTES)
        stderrBytes -= stderr.shift()!.length;
    });
    // A child that exits before reading its input makes our write fail with EPIPE: its exit says more.
    child.stdin?.on('error', () => {});
    if (options.input !== undefined) child.stdin?.end(options.input);
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined)
        fail('spawn-failed', `could not start ${command}: ${error.code ?? error.message}`);
    });
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      resolve(result(code, signal));
    });
  });

  function result(exitCode: number | null, signal: NodeJS.Signals | null): AoiResult {
    // Order matters: what we saw first (a bad line, a timeout), then how it died, then what it said.
    if (!failure && signal) fail('killed-by-signal', `${command} was killed by ${signal}`);
    if (!failure) {
      const violation = parser.end();
      if (violation) fail(violation.reason, violation.message, violation.line);
    }
    const summary = parser.summary;
    if (!failure && !summary)
      fail(
        'no-summary',
        `${command} exited ${exitCode} without aoi:summary: the stream is incomplete`,
      );
    if (!failure && summary?.ok !== true)
      fail(
        'summary-not-ok',
        `${command} reported failure (aoi:summary ok is ${JSON.stringify(summary?.ok)})`,
      );
    if (!failure && exitCode !== 0)
      fail('exit-status', `${command} reported success but exited ${exitCode}`);
    const errors = parser.events.filter((event) => event.type === 'aoi:error').map(errorInfo);
    const told = failure?.reason === 'summary-not-ok';
    return {
      ok: failure === undefined,
      events: parser.events,
      summary,
      errors,
      retryable: told && errors.length > 0 && errors.every((error) => error.retryable),
      exitCode,
      signal,
      stderr: maskSecrets(Buffer.concat(stderr).toString('utf8')),
      ...(failure ? { error: failure } : {}),
    };
  }
}
