import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, worstOf, type FaultFactory } from './stream-fault.js';

export interface StallParams {
  /** Events written before it stops (default 1: the meta). A command that writes no more than this does not stall. */
  afterEvents: number;
  /** The commands that stall (default search): a hang costs a linter one probe's timeout, not every probe's. */
  commands: Commands;
  /**
   * The stall happens in a helper process the tool starts and waits for (default false): a grandchild of
   * the caller, in the tool's process group, that holds stdout and stderr open and never ends. It adds
   * its pid to `stall-helper.pid` in the state directory (a line each), then writes the line `notes:
   * helper <pid> is holding stdout` on stderr. Killing the tool alone leaves the helper behind, and the pipes never close: only
   * a caller that kills the process group ends it. In memory there is no process: the tool hangs itself.
   */
  helper: boolean;
}

/**
 * The run stops writing mid-stream and never finishes (§4: a finite command ends). The linter's probe
 * times out; it then skips the probes that build on that one, the early pipe close among them. Whether
 * the tool or its helper hangs, the linter kills the whole process group, so the verdict is the same.
 */
export const stall: FaultFactory<StallParams> = (params = {}) => {
  const p: StallParams = { afterEvents: 1, commands: ['search'], helper: false, ...params };
  if (!Number.isInteger(p.afterEvents) || p.afterEvents < 0)
    throw new RangeError(`stall: afterEvents must be a non-negative integer, got ${p.afterEvents}`);
  if (typeof p.helper !== 'boolean')
    throw new RangeError(`stall: helper must be true or false, got ${JSON.stringify(p.helper)}`);
  const violates = ['AOI-03/timed-out'];
  const how = p.helper
    ? 'waits forever on a helper process that holds stdout open'
    : 'never finishes';
  return {
    id: 'stall',
    description: `${commandsInWords(p.commands)}: stops writing after ${p.afterEvents} event(s) and ${how}`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { stall: { afterEvents: p.afterEvents, commands: p.commands, helper: p.helper } },
  };
};
