import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * The count guard is ignored (§14.3 SHOULD: a warning). The linter probes it only when an invocation
 * passes --confirm-count.
 */
export const confirmCountIgnored: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-06/confirm-count-ignored'];
  return {
    id: 'confirm-count-ignored',
    description:
      '`delete` accepts a --confirm-count that does not match the number of notes it deletes',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { confirmCount: 'ignored' },
  };
};
