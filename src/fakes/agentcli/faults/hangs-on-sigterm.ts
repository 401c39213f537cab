import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define } from './define.js';

/** SIGTERM (and SIGINT) are caught, logged and ignored: only SIGKILL ends the agent. */
export const hangsOnSigterm: AgentFaultFactory<Record<string, never>> = () =>
  define({
    id: 'hangs-on-sigterm',
    description: 'ignores SIGTERM and SIGINT (logs them) and keeps running until SIGKILL',
    arms: ALL_ARMS,
    breaks:
      'AIP-45 §Lifecycle: tear down = SIGTERM, 5 s, SIGKILL; the agent does not end on SIGTERM',
    runnerMust:
      'escalate to SIGKILL 5 s after SIGTERM (AIP-45 §Lifecycle) and report the forced kill, never wait forever',
    // Signals are not on the wire: AGENTCLI-26 judges the runner's tear-down of it, from the lifecycle log.
    transcriptBreaks: { acp: [], mcp: [], proprietary: [] },
    params: {},
    behaviour: { ignoresSigterm: true },
  });
