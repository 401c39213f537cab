/**
 * Counts complete lines (LF-terminated) across chunks split anywhere, and says at which byte offset a
 * given line ended. Probes use it to act on "N events read" rather than on time.
 */
export class LineCounter {
  #lines = 0;
  #bytes = 0;

  /** Complete lines seen so far. */
  get lines(): number {
    return this.#lines;
  }

  /** Bytes seen so far. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Feed a chunk. For each of `targets` whose line ends inside this chunk, returns the target and the
   * stream offset just after that line's LF.
   */
  push(
    chunk: Uint8Array,
    targets: readonly number[] = [],
  ): Array<{ target: number; offset: number }> {
    const hits: Array<{ target: number; offset: number }> = [];
    let from = 0;
    for (;;) {
      const at = chunk.indexOf(0x0a, from);
      if (at === -1) break;
      this.#lines += 1;
      if (targets.includes(this.#lines))
        hits.push({ target: this.#lines, offset: this.#bytes + at + 1 });
      from = at + 1;
    }
    this.#bytes += chunk.length;
    return hits;
  }
}
