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
