import fc from 'fast-check';

export interface ChunkedOptions {
  /** Most cut points in one chunking (default 16; fewer when the bytes are shorter). Ignored by the one-byte chunking. */
  maxCuts?: number;
  /** Also produce, now and then, the extreme chunking of one byte per chunk (default true). */
  oneByte?: boolean;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Whether a byte is a UTF-8 continuation byte (10xxxxxx): cutting before it splits a character. */
const isContinuation = (byte: number) => (byte & 0xc0) === 0x80;

/**
 * Offsets where a reader is most likely to go wrong: inside a multi-byte UTF-8 character,
 * between `\r` and `\n`, and right before or after a newline.
 */
function trickyOffsets(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  for (let i = 1; i < bytes.length; i++) {
    const before = bytes[i - 1]!;
    const at = bytes[i]!;
    if (
      isContinuation(at) ||
      (before === CARRIAGE_RETURN && at === NEWLINE) ||
      before === NEWLINE ||
      at === NEWLINE
    )
      offsets.push(i);
  }
  return offsets;
}

/** Cut `bytes` at the given offsets (each in 1..length-1, any order) into non-empty copies. */
function cut(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const sorted = [...offsets].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const to of sorted) {
    chunks.push(bytes.slice(from, to));
    from = to;
  }
  chunks.push(bytes.slice(from));
  return chunks;
}

/** A generated value that carries its bytes: a stream (`.bytes`, as `aoiStream()` gives) or a run (`.stdout`, as `aoiRun()` gives). */
export type WithBytes = { readonly bytes: Uint8Array } | { readonly stdout: Uint8Array };

/** The bytes of a generated value: itself, its `.bytes`, or its `.stdout`. */
function bytesOf(value: Uint8Array | WithBytes): Uint8Array {
  if (value instanceof Uint8Array) return value;
  const bytes = 'bytes' in value ? value.bytes : value.stdout;
  if (!(bytes instanceof Uint8Array))
    throw new TypeError(
      'chunked: the arbitrary must give a Uint8Array, or objects with a Uint8Array `bytes` or `stdout`',
    );
  return bytes;
}

/**
 * One cut, as drawn before the bytes are known: `['tricky', n]` is the n-th tricky offset (modulo how
 * many there are), `['any', n]` any offset (n modulo the length − 1, plus 1), `['every', n]` a cut after
 * every byte. Each shrinks towards a tricky cut, and n towards 0: the first offset of its kind.
 */
type Cut = readonly [kind: 'tricky' | 'any' | 'every', n: number];

/** Offsets of the cuts, for these bytes: distinct, each in 1..length−1. */
function offsetsOf(bytes: Uint8Array, cuts: readonly Cut[]): number[] {
  if (bytes.length < 2) return [];
  if (cuts.some(([kind]) => kind === 'every'))
    return Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
  const tricky = trickyOffsets(bytes);
  const at = new Set<number>();
  for (const [kind, n] of cuts)
    at.add(
      kind === 'tricky' && tricky.length > 0
        ? tricky[n % tricky.length]!
        : (n % (bytes.length - 1)) + 1,
    );
  return [...at];
}

/**
 * Cut points drawn independently of the bytes (so no `chain`): tricky ones twice as often as any, and
 * now and then one that cuts after every byte. That one is a cut like the others, so a failing one-byte
 * chunking shrinks to a few cuts (the array drops it, or cross-shrinking turns it into a tricky one).
 */
function cutsArbitrary(options: ChunkedOptions): fc.Arbitrary<readonly Cut[]> {
  const kinds: fc.WeightedArbitrary<Cut[0]>[] = [
    { arbitrary: fc.constant('tricky'), weight: 20 },
    { arbitrary: fc.constant('any'), weight: 10 },
    ...(options.oneByte === false ? [] : [{ arbitrary: fc.constant('every' as const), weight: 1 }]),
  ];
  return fc.array(fc.tuple(fc.oneof({ withCrossShrink: true }, ...kinds), fc.nat()), {
    maxLength: Math.max(0, options.maxCuts ?? 16),
  });
}

const isArbitrary = (value: unknown): value is fc.Arbitrary<unknown> =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as fc.Arbitrary<unknown>).generate === 'function' &&
  typeof (value as fc.Arbitrary<unknown>).shrink === 'function';

/**
 * The same bytes cut into chunks at arbitrary points, as a stream reader may receive them from a
 * pipe. Cuts are biased towards the places where readers break: inside multi-byte UTF-8
 * characters, between `\r` and `\n`, and at line boundaries; one-byte chunking is produced too.
 * Chunks are non-empty copies whose concatenation is exactly the bytes (empty bytes give `[]`).
 *
 * Give it an **arbitrary** — of bytes, or of generated streams or runs (`aoiStream()`, `aoiRun()`,
 * anything with a Uint8Array `.bytes` or `.stdout`) — and it draws the value and the cuts together
 * (`tuple` + `map`, cut offsets taken modulo the length), so that a failure shrinks both the stream
 * and the cuts. For an arbitrary of objects, each value comes back with its `chunks` added. Do not
 * write `arb.chain((s) => chunked(s.bytes))`: `chain` cannot shrink the stream once it has cuts.
 *
 * Give it **bytes** and it cuts those (a unique array of offsets: a failure shrinks to the fewest
 * cuts at the smallest offsets).
 *
 * @example
 * fc.assert(
 *   fc.property(chunked(aoiStream()), (stream) => {
 *     const checker = createStreamChecker({ unbounded: stream.unbounded });
 *     for (const chunk of stream.chunks) checker.write(chunk);
 *     expect(checker.end({ exitCode: stream.exitCode, signal: stream.signal }).ok).toBe(true);
 *   }),
 * );
 *
 * @example
 * const bytes = new TextEncoder().encode('{"type":"aoi:meta"}\r\n{"type":"hit","title":"機械"}\n');
 * fc.assert(
 *   fc.property(chunked(bytes), (chunks) => {
 *     const checker = createStreamChecker();
 *     for (const chunk of chunks) checker.write(chunk);
 *     expect(checker.end({ exitCode: 0 }).findings).toEqual(checkStream(bytes, { exitCode: 0 }).findings);
 *   }),
 * );
 */
export function chunked(bytes: Uint8Array, options?: ChunkedOptions): fc.Arbitrary<Uint8Array[]>;
export function chunked(
  bytes: fc.Arbitrary<Uint8Array>,
  options?: ChunkedOptions,
): fc.Arbitrary<Uint8Array[]>;
export function chunked<T extends WithBytes>(
  streams: fc.Arbitrary<T>,
  options?: ChunkedOptions,
): fc.Arbitrary<T & { readonly chunks: Uint8Array[] }>;
export function chunked(
  source: Uint8Array | fc.Arbitrary<Uint8Array | WithBytes>,
  options: ChunkedOptions = {},
): fc.Arbitrary<unknown> {
  if (source instanceof Uint8Array) return chunkedBytes(source, options);
  if (!isArbitrary(source))
    throw new TypeError(
      'chunked: give bytes (a Uint8Array) or a fast-check arbitrary of bytes, streams or runs',
    );
  return fc.tuple(source, cutsArbitrary(options)).map(([value, cuts]) => {
    const bytes = bytesOf(value);
    const chunks = bytes.length === 0 ? [] : cut(bytes, offsetsOf(bytes, cuts));
    return value instanceof Uint8Array ? chunks : { ...value, chunks };
  });
}

function chunkedBytes(bytes: Uint8Array, options: ChunkedOptions): fc.Arbitrary<Uint8Array[]> {
  if (bytes.length < 2) return fc.constant(bytes.length === 0 ? [] : [bytes.slice()]);
  const maxCuts = Math.max(0, Math.min(options.maxCuts ?? 16, bytes.length - 1));
  const anywhere = fc.integer({ min: 1, max: bytes.length - 1 });
  const tricky = trickyOffsets(bytes);
  const offset =
    tricky.length > 0
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...tricky), weight: 2 },
          { arbitrary: anywhere, weight: 1 },
        )
      : anywhere;
  const cuts = fc.uniqueArray(offset, { maxLength: maxCuts });
  const offsets =
    options.oneByte === false
      ? cuts
      : fc.oneof(
          // Cross-shrinking lets a failing one-byte chunking shrink to a few cuts.
          { withCrossShrink: true },
          { arbitrary: cuts, weight: 9 },
          {
            arbitrary: fc.constant(Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)),
            weight: 1,
          },
        );
  return offsets.map((at) => cut(bytes, at));
}
