import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * Signals are caught and dropped (§7). Only an unbounded command is still running when one arrives.
 */
export const ignoresSignals: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-10/signal-ignored'];
  return {
    id: 'ignores-signals',
    description: 'ignores SIGINT and SIGTERM and keeps running',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { signals: 'ignore' },
  };
};
