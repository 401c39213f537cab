import { Readable } from 'node:stream';
import { BrokenPipe } from '../aoi/engine/core.js';

/** How bytes are cut into the chunks a reader receives. */
export interface ChunkOptions {
  /**
   * Cut the bytes every `chunkSize` bytes (counted from the start of the stream, across writes). 1 cuts
   * inside every UTF-8 character.
   */
  chunkSize?: number;
  /** Also cut at these byte offsets of the whole stream (each ≥ 1; any order). */
  cuts?: readonly number[];
}

/** Validate chunk options (a RangeError names the bad value). */
export function checkChunkOptions(options: ChunkOptions): void {
  const size = options.chunkSize;
  if (size !== undefined && size !== Infinity && (!Number.isInteger(size) || size < 1))
    throw new RangeError(`chunkSize must be a positive integer, got ${size}`);
  for (const at of options.cuts ?? [])
    if (!Number.isInteger(at) || at < 0)
      throw new RangeError(`cuts must be non-negative integer byte offsets, got ${at}`);
}

/**
 * Cuts a stream of writes into chunks: at every write boundary, at every multiple of `chunkSize` and at
 * every offset of `cuts`, all counted from the start of the stream. Chunks are never empty.
 */
export class Cutter {
  private offset = 0;
  private readonly cuts: number[];
  private readonly size: number;

  constructor(options: ChunkOptions = {}) {
    checkChunkOptions(options);
    this.size = options.chunkSize ?? Infinity;
    this.cuts = [...new Set(options.cuts ?? [])].filter((at) => at > 0).sort((a, b) => a - b);
  }

  split(bytes: Uint8Array): Uint8Array[] {
    const start = this.offset;
    const end = start + bytes.length;
    const points = new Set<number>();
    if (this.size !== Infinity)
      for (let at = (Math.floor(start / this.size) + 1) * this.size; at < end; at += this.size)
        points.add(at);
    for (const at of this.cuts) if (at > start && at < end) points.add(at);
    const chunks: Uint8Array[] = [];
    let from = start;
    for (const at of [...points].sort((a, b) => a - b)) {
      chunks.push(bytes.subarray(from - start, at - start));
      from = at;
    }
    if (end > from) chunks.push(bytes.subarray(from - start));
    this.offset = end;
    return chunks;
  }
}

/** Cut bytes once (a whole stream): see Cutter. */
export function cutBytes(bytes: Uint8Array, options: ChunkOptions = {}): Uint8Array[] {
  return new Cutter(options).split(bytes);
}

/**
 * One direction of a pipe from the fake to its reader: the Readable end the reader holds, and a writer
 * end that honours back-pressure as a pipe does (a write settles once at most `capacity` bytes wait
 * unread). Each chunk is delivered as one read: the Readable has no read-ahead (highWaterMark 0), so
 * the reader sees the cuts the fake chose. When the reader destroys its end, pending and later writes
 * fail with BrokenPipe (EPIPE), and what was not read is lost.
 */
export class FakePipe {
  readonly readable: Readable;
  private readonly queue: Uint8Array[] = [];
  private queued = 0;
  private wanted = false;
  private eof = false;
  private eofPushed = false;
  private broken = false;
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(
    private readonly capacity: number,
    private readonly cutter: Cutter = new Cutter(),
  ) {
    this.readable = new Readable({
      highWaterMark: 0,
      read: () => {
        this.wanted = true;
        this.pump();
      },
      destroy: (error, callback) => {
        this.breakPipe();
        callback(error);
      },
    });
  }

  /** The reader has gone. */
  get closed(): boolean {
    return this.broken;
  }

  /** Write bytes; settles when the pipe has room again, rejects with BrokenPipe when the reader has gone. */
  async write(bytes: Uint8Array): Promise<void> {
    for (const chunk of this.cutter.split(bytes)) {
      if (this.broken) throw new BrokenPipe();
      if (this.eof) return;
      this.queue.push(chunk);
      this.queued += chunk.length;
      this.pump();
      if (this.queued > this.capacity)
        await new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    }
    if (this.broken) throw new BrokenPipe();
  }

  /** The writer has ended (the fake exited): EOF once everything written was read. */
  end(): void {
    if (this.eof) return;
    this.eof = true;
    this.pump();
  }

  private pump(): void {
    while (this.wanted && this.queue.length > 0) {
      const chunk = this.queue.shift()!;
      this.queued -= chunk.length;
      this.wanted = this.readable.push(chunk);
    }
    if (this.eof && this.queue.length === 0 && !this.eofPushed && !this.broken) {
      this.eofPushed = true;
      this.readable.push(null);
    }
    if (this.queued <= this.capacity && this.waiters.length > 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const waiter of waiters) waiter.resolve();
    }
  }

  private breakPipe(): void {
    if (this.broken) return;
    this.broken = true;
    this.queue.length = 0;
    this.queued = 0;
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(new BrokenPipe());
  }
}
