import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define } from './define.js';

export interface SpawnsHelperParams {
  /** The helper inherits the agent's stdout and stderr, so the pipes stay open after the agent dies (default false). */
  holdsStdio: boolean;
}

/** The agent starts a long-lived helper process (a language server, a daemon), logged as `child`. */
export const spawnsHelper: AgentFaultFactory<SpawnsHelperParams> = (params = {}) => {
  const p = { holdsStdio: false, ...params };
  if (typeof p.holdsStdio !== 'boolean')
    throw new RangeError('spawns-helper: holdsStdio must be a boolean');
  return define({
    id: 'spawns-helper',
    description: `starts a long-lived helper process in its process group${p.holdsStdio ? ' that holds its stdout and stderr open' : ''}`,
    arms: ALL_ARMS,
    breaks: '',
    runnerMust:
      "tear down the agent's whole process tree (its process group), so that no helper outlives the agent as an orphan",
    // A helper process is AGENTCLI-26's business (the tear-down), not the wire's.
    transcriptBreaks: { acp: [], mcp: [], proprietary: [] },
    params: p,
    behaviour: { spawnsHelper: { holdsStdio: p.holdsStdio } },
  });
};
