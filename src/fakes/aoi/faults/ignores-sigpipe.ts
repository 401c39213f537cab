import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, worstOf, type FaultFactory } from './stream-fault.js';

export interface IgnoresSigpipeParams {
  /**
   * The commands that ignore EPIPE (default watch). A finite command has usually written everything
   * before a real reader goes away, so only a long-running one shows it the same in memory and as a process.
   */
  commands: Commands;
}

/** EPIPE on stdout is swallowed: the run carries on after the reader has gone and never exits (§7). */
export const ignoresSigpipe: FaultFactory<IgnoresSigpipeParams> = (params = {}) => {
  const p: IgnoresSigpipeParams = { commands: ['watch'], ...params };
  const violates = ['AOI-10/pipe-hang'];
  return {
    id: 'ignores-sigpipe',
    description: `${commandsInWords(p.commands)}: ignores EPIPE when the reader closes stdout, keeps going and never exits`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { brokenPipe: { mode: 'keep-writing', commands: p.commands } },
  };
};
