import { Readable } from 'node:stream';
import { checkChunkOptions, cutBytes, type ChunkOptions } from './consumer/pipe.js';

export interface StreamFromOptions extends ChunkOptions {
  /**
   * Bytes per chunk (default: the whole stream in one chunk). 1 cuts inside every UTF-8 character.
   * `cuts` adds explicit cut points (byte offsets of the whole stream).
   */
  chunkSize?: number;
  /** The seed an arbitrary is sampled with (default 1): the same seed gives the same stream. */
  seed?: number;
}

/**
 * A fast-check `Arbitrary`, as far as this module needs to recognise one (so that `aoi-testkit/fakes`
 * does not depend on fast-check's types: it is an optional peer dependency, loaded only when an
 * arbitrary is passed).
 */
export interface ArbitraryLike<T = unknown> {
  generate(mrng: unknown, biasFactor: number | undefined): { value: T };
  canShrinkWithoutContext(value: unknown): value is T;
  shrink(value: T, context: unknown): unknown;
}

/**
 * What a stream can be made of: events (objects become one compact JSONL line each; strings are
 * written as given, so a test can inject prose or broken lines), raw bytes, chunks already cut
 * (`Uint8Array[]`, delivered as they are unless options cut again), or a fast-check arbitrary
 * of any of these — also of pre-cut chunks (`Uint8Array[]`, as `chunked(bytes)` gives), of a
 * stream or run cut by `chunked(arbitrary)` (`{ chunks }`, delivered in its cuts), or of a run
 * (`{ stdout }`, as `aoiRun()` gives).
 */
export type StreamSource =
  Iterable<object | string> | Uint8Array | readonly Uint8Array[] | ArbitraryLike;

export function isArbitrary(value: unknown): value is ArbitraryLike {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.generate === 'function' &&
    typeof candidate.canShrinkWithoutContext === 'function' &&
    typeof candidate.shrink === 'function'
  );
}

const hasCuts = (options: StreamFromOptions) =>
  options.chunkSize !== undefined || (options.cuts?.length ?? 0) > 0;

/**
 * Serialise events as JSONL (objects become one compact line each; strings are written as given,
 * so a test can inject prose or broken lines) and cut the bytes into chunks.
 */
export function jsonlChunks(
  items: Iterable<object | string>,
  options: StreamFromOptions = {},
): Uint8Array[] {
  const text = [...items]
    .map((item) => (typeof item === 'string' ? item : `${JSON.stringify(item)}\n`))
    .join('');
  return cutBytes(Buffer.from(text, 'utf8'), options);
}

/** The chunks of a sampled (or given) value: bytes, text, pre-cut chunks, events, or a run's stdout. */
function chunksOfValue(value: unknown, options: StreamFromOptions): Uint8Array[] {
  if (value instanceof Uint8Array) return cutBytes(value, options);
  if (typeof value === 'string') return cutBytes(Buffer.from(value, 'utf8'), options);
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => item instanceof Uint8Array)) {
      // Already cut (chunked()): kept as they are unless the options cut again.
      return hasCuts(options)
        ? cutBytes(Buffer.concat(value as Uint8Array[]), options)
        : (value as Uint8Array[]);
    }
    return jsonlChunks(value as (object | string)[], options);
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // chunks first: a generated stream cut by chunked() arrives in its cuts, not whole.
    for (const key of ['chunks', 'stdout', 'bytes', 'events', 'text']) {
      if (record[key] !== undefined) return chunksOfValue(record[key], options);
    }
    if (Symbol.iterator in record)
      return jsonlChunks(record as unknown as Iterable<object | string>, options);
  }
  throw new TypeError(
    `streamFrom: cannot make a stream of ${value === null ? 'null' : typeof value}: give events, bytes, text, chunks, a run { stdout } or an arbitrary of one of these`,
  );
}

/** Sample one value of an arbitrary with the seed, loading fast-check only now. */
async function sampleChunks(
  arbitrary: ArbitraryLike,
  options: StreamFromOptions,
): Promise<Uint8Array[]> {
  let fc: { sample<T>(arb: unknown, params: { numRuns: number; seed: number }): T[] };
  try {
    fc = (await import('fast-check')) as unknown as typeof fc;
  } catch (error) {
    throw new Error(
      'streamFrom(arbitrary) needs fast-check, an optional peer dependency of aoi-testkit: npm install --save-dev fast-check',
      { cause: error },
    );
  }
  const [value] = fc.sample<unknown>(arbitrary, { numRuns: 1, seed: options.seed ?? 1 });
  return chunksOfValue(value, options);
}

function syncChunks(
  source: Exclude<StreamSource, ArbitraryLike>,
  options: StreamFromOptions,
): Uint8Array[] {
  return source instanceof Uint8Array || Array.isArray(source)
    ? chunksOfValue(source, options)
    : jsonlChunks(source, options);
}

/**
 * A Node Readable of the stream, for consumers that read a child's stdout: one chunk per read. Give
 * events, bytes, or a fast-check arbitrary (sampled once with `options.seed`, so a seed always gives
 * the same stream; fast-check is imported only then).
 */
export function streamFrom(source: StreamSource, options: StreamFromOptions = {}): Readable {
  checkChunkOptions(options);
  if (isArbitrary(source)) {
    return Readable.from(
      (async function* () {
        yield* await sampleChunks(source, options);
      })(),
      { objectMode: false },
    );
  }
  return Readable.from(syncChunks(source, options), { objectMode: false });
}

/** A web ReadableStream of the stream, for consumers built on WHATWG streams (same sources as streamFrom). */
export function webStreamFrom(
  source: StreamSource,
  options: StreamFromOptions = {},
): ReadableStream<Uint8Array> {
  checkChunkOptions(options);
  let chunks: Uint8Array[] | undefined = isArbitrary(source)
    ? undefined
    : syncChunks(source, options);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      chunks ??= await sampleChunks(source as ArbitraryLike, options);
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}
