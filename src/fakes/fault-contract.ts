/**
 * What every fault of every spec declares, whatever it acts on (a stream, a help tree, an exec batch, an agent
 * conversation): the one fault contract. A fault is wrong on its own terms: it never imports the checks, it only
 * declares the sub-rules a conforming checker must report for it, no more and no fewer.
 */
export interface FaultContract<P extends object = object> {
  /** Stable id, kebab-case, unique within its spec's catalogue. */
  readonly id: string;
  /** One sentence: what the fake does wrong. */
  readonly description: string;
  /** The sub-rule ids a conforming checker reports for this fault, and no others. */
  readonly violates: readonly string[];
  /** The parameters this instance was made with, defaults filled in. */
  readonly params: Readonly<P>;
}

/** Every fault file exports one factory: parameters in, a fresh fault out. */
export type FaultFactoryOf<F extends FaultContract> = (params?: Partial<F['params']>) => F;

/**
 * The largest count (lines, events, repeats), size (a key ending in `bytes`/`Bytes`) and delay (a key ending in
 * `ms`/`Ms`) a fault parameter may ask for.
 */
export const FAULT_MAX_COUNT = 100_000;
export const FAULT_MAX_BYTES = 256 * 1024 * 1024;
export const FAULT_MAX_MS = 600_000;

/**
 * Every numeric fault parameter of every spec is bounded: a fake asked for 1e9 blank lines, or a 1e12 ms pause,
 * would run out of memory or never end instead of misbehaving on purpose. Each fault still checks its own lower
 * bounds (a count of 0 may be wrong for one fault and right for another).
 */
export function checkFaultNumbers(id: string, params: object): void {
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'number') continue;
    const [max, unit] = /bytes$/i.test(key)
      ? [FAULT_MAX_BYTES, ' bytes']
      : /ms$/i.test(key)
        ? [FAULT_MAX_MS, ' ms']
        : [FAULT_MAX_COUNT, ''];
    if (!Number.isFinite(value) || Math.abs(value) > max)
      throw new RangeError(
        `${id}: ${key} must be a number no larger than ${max}${unit} in size, got ${value}`,
      );
  }
}
