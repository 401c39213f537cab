import { DEFAULT_MAX_OUTPUT_BYTES } from './run-probe.js';

/**
 * Bytes of output that many concurrent runs may hold at once (a whole lint: every probe, stdout and stderr).
 * A run that takes bytes past the limit pauses reading — its child then blocks on a full pipe — until bytes
 * are released, instead of being killed: its own output cap stays the only thing that ends it for printing
 * too much.
 *
 * Progress: the oldest share that is still reading never pauses, so it runs to its end or its own cap and
 * its bytes come back; then the next oldest goes. A paused run therefore never waits on another paused run,
 * and the total held stays under `limit` plus one run's cap (plus a chunk per run already read).
 *
 * No timers and no I/O: callers pause and resume their streams when told.
 */
export class OutputBudget {
  private held = 0;
  /** Every share not yet released, oldest first. */
  private readonly shares: BudgetShare[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 0)
      throw new RangeError(`limit must be a non-negative integer, got ${limit}`);
  }

  /** Bytes held by every share not yet released. */
  get total(): number {
    return this.held;
  }

  /** A share for one run, younger than every share made before it. */
  share(): BudgetShare {
    const share = new BudgetShare(this);
    this.shares.push(share);
    return share;
  }

  /** @internal */
  mayRead(share: BudgetShare): boolean {
    return this.held < this.limit || this.shares.find((s) => s.reading) === share;
  }

  /** @internal */
  add(bytes: number): void {
    this.held += bytes;
  }

  /** @internal Bytes came back or the oldest reader changed: wake every paused share that may read again. */
  changed(released?: BudgetShare): void {
    if (released) {
      this.held -= released.bytes;
      this.shares.splice(this.shares.indexOf(released), 1);
    }
    for (const share of [...this.shares]) if (share.paused && this.mayRead(share)) share.wake();
  }
}

/** One run's part of an {@link OutputBudget}. */
export class BudgetShare {
  /** Bytes this share holds. */
  bytes = 0;
  /** Still capturing: eligible to be the oldest reader, which never pauses. */
  reading = true;
  private resume: (() => void) | undefined;
  private released = false;

  /** @internal */
  constructor(private readonly budget: OutputBudget) {}

  /** Waiting for bytes to be released (after `take` said stop). */
  get paused(): boolean {
    return this.resume !== undefined;
  }

  /**
   * Count `n` bytes just read and kept. True: read on. False: pause reading now; `onResume` is called once
   * reading may go on.
   */
  take(n: number, onResume: () => void): boolean {
    if (this.released) return true; // its caller gave the output up: nothing left to count
    this.bytes += n;
    this.budget.add(n);
    if (this.budget.mayRead(this)) return true;
    this.resume = onResume;
    return false;
  }

  /**
   * Capture is over (the run ended): keep holding the bytes — the caller still has them — but stop being a
   * reader, so that the next oldest reader may go on.
   */
  stopReading(): void {
    if (!this.reading) return;
    this.reading = false;
    this.resume = undefined;
    this.budget.changed();
  }

  /** The caller no longer holds the output: its bytes go back to the budget. Idempotent. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.reading = false;
    this.resume = undefined;
    this.budget.changed(this);
  }

  /** @internal */
  wake(): void {
    const resume = this.resume;
    this.resume = undefined;
    resume?.();
  }
}

/**
 * The budget for runs that each stop at `maxOutputBytes` (default `runProbe`'s): a quarter of a cap, which the oldest
 * run still reading may pass until its own cap. So at most 1.25 caps are held whatever the concurrency (the rest of
 * 2 caps is for the garbage of reading a flood), and a flooding run waits, paused, for its turn instead of each of
 * several holding a cap.
 */
export function outputBudgetFor(maxOutputBytes: number | undefined): OutputBudget {
  return new OutputBudget(Math.floor((maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES) / 4));
}
