import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, worstOf, type FaultFactory } from './stream-fault.js';

export interface ReadsWriteParams {
  /** The read commands that write as they read (default list, search). */
  commands: Commands;
}

/** A read that changes state (§14.1: commands SHOULD default to read-only behaviour): it counts its reads in the state. */
export const readsWrite: FaultFactory<ReadsWriteParams> = (params = {}) => {
  const p: ReadsWriteParams = { commands: ['list', 'search'], ...params };
  const violates = ['AOI-06/read-only-side-effect'];
  return {
    id: 'reads-write',
    description: `${commandsInWords(p.commands)}: reads the notes and saves them back with a read counter, although capabilities declare them read-only`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { readsWrite: p.commands },
  };
};
