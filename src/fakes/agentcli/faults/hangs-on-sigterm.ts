import { ALL_ARMS, define, oneOf } from './define.js';
import type { AgentFaultFactory } from '../types.js';

export interface HangsOnSigtermParams {
  /**
   * What the agent does when its stdin ends: `exit` (default: the clean way out, as every fake does) or `ignore`
   * (it stays up, a stuck agent: only a signal ends it, and only SIGKILL, so a runner's tear-down must escalate).
   */
  stdinEnd: 'exit' | 'ignore';
}

/** SIGTERM (and SIGINT) are caught, logged and ignored: only SIGKILL ends the agent. */
export const hangsOnSigterm: AgentFaultFactory<HangsOnSigtermParams> = (params = {}) => {
  const p: HangsOnSigtermParams = { stdinEnd: 'exit', ...params };
  oneOf('hangs-on-sigterm', 'stdinEnd', p.stdinEnd, ['exit', 'ignore']);
  return define({
    id: 'hangs-on-sigterm',
    description: `ignores SIGTERM and SIGINT (logs them) and keeps running until SIGKILL${p.stdinEnd === 'ignore' ? ', also after its stdin ends' : ''}`,
    arms: ALL_ARMS,
    breaks:
      'AIP-45 §Lifecycle: tear down = SIGTERM, 5 s, SIGKILL; the agent does not end on SIGTERM',
    runnerMust:
      'escalate to SIGKILL 5 s after SIGTERM (AIP-45 §Lifecycle) and report the forced kill, never wait forever',
    // Signals are not on the wire: AGENTCLI-26 judges the runner's tear-down of it, from the lifecycle log.
    transcriptBreaks: { acp: [], mcp: [], proprietary: [] },
    params: p,
    behaviour: {
      ignoresSigterm: true,
      ...(p.stdinEnd === 'ignore' ? { outlivesStdin: true } : {}),
    },
  });
};
