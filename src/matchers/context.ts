import { checkStream, type StreamCheckOptions, type StreamReport } from '../checks/aoi/stream.js';
import type { StreamEnd } from '../checks/aoi/context.js';
import { JsonlReader, type AoiEvent } from '../stream/jsonl-reader.js';

/** What vitest and jest pass as `this` to a matcher; only the parts the kit uses. */
export interface MatcherState {
  isNot?: boolean;
  promise?: string;
  /** The runner's message utilities (jest-matcher-utils, or vitest's copy): messages print as its own do. */
  utils?: MatcherUtils;
}

/** The parts of `this.utils` the kit prints with; vitest and jest have the same signatures. */
export interface MatcherUtils {
  matcherHint(
    matcherName: string,
    received?: string,
    expected?: string,
    options?: { isNot?: boolean; promise?: string },
  ): string;
  printReceived(value: unknown): string;
  printExpected(value: unknown): string;
  diff(expected: unknown, received: unknown): string | null | undefined;
}

export interface MatcherResult {
  pass: boolean;
  message: () => string;
  actual?: unknown;
  expected?: unknown;
}

/** A captured run as the kit's `runCli` or execa return it: stdout plus how the process ended. */
export interface RunLike {
  stdout: string | Uint8Array;
  exitCode?: number | null;
  signal?: string | null;
}

/** What stream matchers accept: raw stdout text or bytes, or a captured run. */
export type StreamReceived = string | Uint8Array | RunLike;

interface Normalised extends StreamEnd {
  stdout: string | Uint8Array;
}

export function isRunLike(value: unknown): value is RunLike {
  if (value === null || typeof value !== 'object') return false;
  const stdout = (value as { stdout?: unknown }).stdout;
  return typeof stdout === 'string' || stdout instanceof Uint8Array;
}

/** Turn what a matcher received into stdout + exit status, or throw a usage error naming the matcher. */
export function normalise(matcher: string, received: unknown): Normalised {
  if (typeof received === 'string' || received instanceof Uint8Array) return { stdout: received };
  if (isRunLike(received)) {
    const { stdout, exitCode, signal } = received;
    return {
      stdout,
      ...(exitCode !== undefined ? { exitCode } : {}),
      // execa reports `signal: undefined` for a normal exit; the kit's Run uses null.
      ...(signal ? { signal } : {}),
    };
  }
  throw new TypeError(
    `${matcher}() expects stdout text, bytes, or a run with { stdout, exitCode }; received ${describe(received)}`,
  );
}

export function check(
  matcher: string,
  received: unknown,
  options: StreamCheckOptions = {},
): StreamReport {
  const { stdout, ...end } = normalise(matcher, received);
  return checkStream(stdout, { ...options, ...end });
}

/** Every event of an in-memory stream, with its line (lines that are not events are skipped). */
export function eventsOf(matcher: string, received: unknown): { event: AoiEvent; line: number }[] {
  const { stdout } = normalise(matcher, received);
  const events: { event: AoiEvent; line: number }[] = [];
  const reader = new JsonlReader({
    onEvent: (event, line) => events.push({ event, line }),
    onFinding: () => {},
  });
  reader.write(stdout);
  reader.end();
  return events;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object without a string or byte "stdout"' : typeof value;
}
