import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, worstOf, type FaultFactory } from './stream-fault.js';

export interface SilentMutationsParams {
  /**
   * The commands that change state without a word (default create, update, delete). Not import by
   * default: there the missing events would also read as a continue-on-error run that stopped (AOI-12).
   */
  commands: Commands;
}

/** Mutations that emit no domain event (§14.5): the note changes, nobody is told, and the summary counts agree. */
export const silentMutations: FaultFactory<SilentMutationsParams> = (params = {}) => {
  const p: SilentMutationsParams = { commands: ['create', 'update', 'delete'], ...params };
  const violates = ['AOI-08/no-mutation-event'];
  return {
    id: 'silent-mutations',
    description: `${commandsInWords(p.commands)}: changes notes without emitting created/updated/deleted events (the summary counts only what was emitted)`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { silentMutations: p.commands },
  };
};
