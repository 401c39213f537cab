import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * Interrupted without saying so on the stream (§7 SHOULD: a warning). An unbounded stream owes no
 * summary otherwise, so nothing else is reported.
 */
export const noInterruptedSummary: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-10/no-interrupted-summary'];
  return {
    id: 'no-interrupted-summary',
    description: 'on SIGINT/SIGTERM exits 130/143 without the interrupted summary',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { signals: 'no-summary' },
  };
};
