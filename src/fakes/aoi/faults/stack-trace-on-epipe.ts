import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, worstOf, type FaultFactory } from './stream-fault.js';

export interface StackTraceOnEpipeParams {
  /** The commands that crash on EPIPE (default watch; see ignores-sigpipe for why). */
  commands: Commands;
}

/**
 * When the reader closes stdout, the run dies of an unhandled `Error: write EPIPE`: Node's trace on
 * stderr, exit 1 (§7: exit cleanly, no trace; §6: 141).
 */
export const stackTraceOnEpipe: FaultFactory<StackTraceOnEpipeParams> = (params = {}) => {
  const p: StackTraceOnEpipeParams = { commands: ['watch'], ...params };
  const violates = ['AOI-10/pipe-stack-trace', 'AOI-10/pipe-exit-code'];
  return {
    id: 'stack-trace-on-epipe',
    description: `${commandsInWords(p.commands)}: when the reader closes stdout, prints Node's "Error: write EPIPE" trace on stderr and exits 1`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { brokenPipe: { mode: 'stack-trace', commands: p.commands } },
  };
};
