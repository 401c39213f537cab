import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, worstOf, type FaultFactory } from './stream-fault.js';

export interface ReadsStdinParams {
  /** The commands that read stdin first (default search). */
  commands: Commands;
}

/**
 * The command reads all of stdin before doing anything, although it takes no input: on an open pipe
 * nobody closes, as agent harnesses leave it, it waits for ever (§1.3, §4). Every probe of the command
 * times out; with stdin closed it works.
 */
export const readsStdin: FaultFactory<ReadsStdinParams> = (params = {}) => {
  const p: ReadsStdinParams = { commands: ['search'], ...params };
  const violates = ['AOI-03/timed-out'];
  return {
    id: 'reads-stdin',
    description: `${commandsInWords(p.commands)}: reads all of stdin before starting, and hangs while nobody closes it`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { readsStdin: p.commands },
  };
};
