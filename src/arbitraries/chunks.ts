import fc from 'fast-check';

export interface ChunkedOptions {
  /** Most cut points in one chunking (default 16). Ignored by the one-byte chunking. */
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
    if (isContinuation(at) || (before === CARRIAGE_RETURN && at === NEWLINE) || before === NEWLINE || at === NEWLINE) offsets.push(i);
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

/**
 * The same bytes cut into chunks at arbitrary points, as a stream reader may receive them from a
 * pipe. Cuts are biased towards the places where readers break: inside multi-byte UTF-8
 * characters, between `\r` and `\n`, and at line boundaries; one-byte chunking is produced too.
 * Chunks are non-empty copies whose concatenation is exactly `bytes` (an empty input gives `[]`).
 *
 * Built from a unique array of cut offsets mapped to chunks, so a failure shrinks to the fewest
 * cuts at the smallest offsets.
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
export function chunked(bytes: Uint8Array, options: ChunkedOptions = {}): fc.Arbitrary<Uint8Array[]> {
  if (bytes.length < 2) return fc.constant(bytes.length === 0 ? [] : [bytes.slice()]);
  const maxCuts = Math.max(0, Math.min(options.maxCuts ?? 16, bytes.length - 1));
  const anywhere = fc.integer({ min: 1, max: bytes.length - 1 });
  const tricky = trickyOffsets(bytes);
  const offset = tricky.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...tricky), weight: 2 }, { arbitrary: anywhere, weight: 1 }) : anywhere;
  const cuts = fc.uniqueArray(offset, { maxLength: maxCuts });
  const offsets =
    options.oneByte === false
      ? cuts
      : fc.oneof(
          // Cross-shrinking lets a failing one-byte chunking shrink to a few cuts.
          { withCrossShrink: true },
          { arbitrary: cuts, weight: 9 },
          { arbitrary: fc.constant(Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)), weight: 1 },
        );
  return offsets.map((at) => cut(bytes, at));
}
