/**
 * The bytes of one output stream, copied as they arrive into one buffer that grows fourfold up to `max`.
 * Why not keep the chunks and `Buffer.concat` them at the end: the join would hold the output twice, and the
 * chunks, kept until then, would live long enough to be collected late. Here each chunk dies young and the
 * result is the buffer itself (a view of it, no copy).
 */
export class ByteSink {
  private buffer: Buffer | undefined;
  private used = 0;

  /** `max`: the most bytes this sink will ever be given (the output cap), so that it never grows past it. */
  constructor(private readonly max: number) {}

  get length(): number {
    return this.used;
  }

  push(chunk: Uint8Array): void {
    const need = this.used + chunk.length;
    const capacity = this.buffer?.length ?? 0;
    if (need > capacity) {
      // Growing fourfold keeps the copies linear and the garbage of the last growth at a quarter of the
      // output; the unused capacity is address space, not memory, until written.
      const grown = Buffer.allocUnsafe(
        Math.max(need, Math.min(this.max, Math.max(capacity * 4, 16384))),
      );
      this.buffer?.copy(grown, 0, 0, this.used);
      this.buffer = grown;
    }
    this.buffer!.set(chunk, this.used);
    this.used = need;
  }

  /** What was pushed, in order: a view of the sink's buffer. */
  bytes(): Buffer {
    return this.buffer ? this.buffer.subarray(0, this.used) : Buffer.alloc(0);
  }
}
