import { worstOf, type FaultFactory } from './stream-fault.js';

/** Capabilities declare the paged commands unbounded (§15: bounded by default is a SHOULD). */
export const unboundedByDefault: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-11/unbounded-by-default'];
  return {
    id: 'unbounded-by-default',
    description: 'capabilities declare `bounded: false` for search and list, which take --limit',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { declaresUnbounded: true },
  };
};
