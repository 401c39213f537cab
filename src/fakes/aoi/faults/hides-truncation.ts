import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * A page cut short without saying so (§15: truncated MUST be true). The stream alone cannot tell a
 * short page from a complete one; `--limit 1` next to `--limit 2` can.
 */
export const hidesTruncation: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-11/truncation-unreported'];
  return {
    id: 'hides-truncation',
    description: 'cuts pages at --limit but its summary has neither truncated nor next_cursor',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { paging: 'hides-truncation' },
  };
};
