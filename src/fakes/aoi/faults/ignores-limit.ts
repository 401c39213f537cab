import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * --limit has no effect (§15). The summary is consistent with what was sent, so only the item count
 * against the limit shows it.
 */
export const ignoresLimit: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-11/limit-ignored'];
  return {
    id: 'ignores-limit',
    description:
      'parses --limit and never uses it: every page holds every result (truncated:false)',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { paging: 'ignores-limit' },
  };
};
