import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * On SIGINT/SIGTERM the run logs the AbortError its handler raised, stack and all, on stderr, then ends as it
 * should: the interrupted summary and 130/143 (§7: no stack traces). Every command still running after two
 * lines shows it, finite ones too.
 */
export const stackTraceOnSignal: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-10/signal-stack-trace'];
  return {
    id: 'stack-trace-on-signal',
    description: 'on SIGINT/SIGTERM prints an AbortError stack trace on stderr, then writes the interrupted summary and exits 130/143',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { signals: 'stack-trace' },
  };
};
