import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, worstOf, type FaultFactory } from './stream-fault.js';

export interface StackTraceOnSignalParams {
  /**
   * The commands that print the trace (default watch: notes' finite commands end before a signal sent after
   * two lines reaches them as a process, but not in memory, and a verdict must not depend on which).
   */
  commands: Commands;
}

/**
 * On SIGINT/SIGTERM the run logs the AbortError its handler raised, stack and all, on stderr, then ends as it
 * should: the interrupted summary and 130/143 (§7: no stack traces).
 */
export const stackTraceOnSignal: FaultFactory<StackTraceOnSignalParams> = (params = {}) => {
  const p: StackTraceOnSignalParams = { commands: ['watch'], ...params };
  const violates = ['AOI-10/signal-stack-trace'];
  return {
    id: 'stack-trace-on-signal',
    description: `${commandsInWords(p.commands)}: on SIGINT/SIGTERM prints an AbortError stack trace on stderr, then writes the interrupted summary and exits 130/143`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { signalStackTrace: p.commands },
  };
};
