import { Readable } from 'node:stream';

export interface StreamFromOptions {
  /** Bytes per chunk (default: the whole stream in one chunk). 1 cuts inside every UTF-8 character. */
  chunkSize?: number;
}

/**
 * Serialise events as JSONL (objects become one compact line each; strings are written as given,
 * so a test can inject prose or broken lines) and cut the bytes into chunks.
 */
export function jsonlChunks(items: Iterable<object | string>, options: StreamFromOptions = {}): Uint8Array[] {
  const text = [...items].map((item) => (typeof item === 'string' ? item : `${JSON.stringify(item)}\n`)).join('');
  const bytes = Buffer.from(text, 'utf8');
  const size = options.chunkSize ?? Math.max(bytes.length, 1);
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunkSize must be a positive integer, got ${size}`);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

/** A Node Readable of the stream, for consumers that read a child's stdout. */
export function streamFrom(items: Iterable<object | string>, options: StreamFromOptions = {}): Readable {
  return Readable.from(jsonlChunks(items, options), { objectMode: false });
}

/** A web ReadableStream of the stream, for consumers built on WHATWG streams. */
export function webStreamFrom(items: Iterable<object | string>, options: StreamFromOptions = {}): ReadableStream<Uint8Array> {
  const chunks = jsonlChunks(items, options);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}
