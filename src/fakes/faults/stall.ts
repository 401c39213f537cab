import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, worstOf, type FaultFactory } from './stream-fault.js';

export interface StallParams {
  /** Events written before it stops (default 1: the meta). A command that writes no more than this does not stall. */
  afterEvents: number;
  /** The commands that stall (default search): a hang costs a linter one probe's timeout, not every probe's. */
  commands: Commands;
}

/**
 * The run stops writing mid-stream and never finishes (§4: a finite command ends). The linter's probe
 * times out; it then skips the probes that build on that one, the early pipe close among them.
 */
export const stall: FaultFactory<StallParams> = (params = {}) => {
  const p: StallParams = { afterEvents: 1, commands: ['search'], ...params };
  if (!Number.isInteger(p.afterEvents) || p.afterEvents < 0) throw new RangeError(`stall: afterEvents must be a non-negative integer, got ${p.afterEvents}`);
  const violates = ['AOI-03/timed-out'];
  return {
    id: 'stall',
    description: `${commandsInWords(p.commands)}: stops writing after ${p.afterEvents} event(s) and never finishes`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { stall: { afterEvents: p.afterEvents, commands: p.commands } },
  };
};
