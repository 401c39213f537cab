import type { FaultFactory } from '../stream-fault.js';
import type { ReferenceRunId } from './reference-runs.js';

/** How to make a catalogued fault: its factory, its default parameters and named variants. */
export interface FaultEntry<P extends object = object> {
  readonly make: FaultFactory<P>;
  /** The default parameter set (what `makeFault(id)` uses). */
  readonly defaults: Partial<P>;
  /** Other parameter sets worth testing, by name; each has its own declaration. */
  readonly variants: Readonly<Record<string, Partial<P>>>;
}

/** One catalogued stream fault: how to make it, and the run its declaration holds for. */
export interface CatalogueEntry<P extends object = object> extends FaultEntry<P> {
  /** The reference run on which `violates` holds exactly. */
  readonly run: ReferenceRunId;
  /** Its bytes depend on the seed (its verdict never does). */
  readonly randomised: boolean;
}

/** A stream fault's entry: run on `search-truncated` and deterministic unless said otherwise. */
export function streamEntry<P extends object>(
  make: FaultFactory<P>,
  options: {
    defaults?: Partial<P>;
    variants?: Record<string, Partial<P>>;
    run?: ReferenceRunId;
    randomised?: boolean;
  },
): CatalogueEntry<P> {
  return {
    make,
    defaults: options.defaults ?? {},
    variants: options.variants ?? {},
    run: options.run ?? 'search-truncated',
    randomised: options.randomised ?? false,
  };
}

/** A behaviour fault's entry: only the process linter judges it, so it names no reference run. */
export function behaviourEntry<P extends object>(
  make: FaultFactory<P>,
  options: { defaults?: Partial<P>; variants?: Record<string, Partial<P>> } = {},
): FaultEntry<P> {
  return { make, defaults: options.defaults ?? {}, variants: options.variants ?? {} };
}
