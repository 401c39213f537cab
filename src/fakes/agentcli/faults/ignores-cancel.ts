import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define } from './define.js';

/** Cancellation is read and ignored: the turn runs to its end as if nothing had been asked. */
export const ignoresCancel: AgentFaultFactory<Record<string, never>> = () =>
  define({
    id: 'ignores-cancel',
    description:
      'ignores session/cancel (REPL: `cancel`; MCP: notifications/cancelled) and finishes the turn normally',
    arms: ALL_ARMS,
    breaks:
      'ACP session/cancel: the agent must stop and answer the prompt with stopReason "cancelled"',
    runnerMust:
      'after cancelling, stop waiting after a bounded grace period, end the turn as cancelled on its side and, if the agent keeps streaming, tear it down (SIGTERM, then SIGKILL)',
    taxonomy: ['turn-end'],
    // MCP is not judged: a server SHOULD NOT answer a cancelled request, and may.
    transcriptBreaks: {
      acp: ['AGENTCLI-22/cancel-ignored'],
      mcp: [],
      proprietary: ['AGENTCLI-22/cancel-ignored'],
    },
    params: {},
    // Whatever cancel is sent, the turn hears none.
    behaviour: { hearCancel: () => new AbortController().signal },
  });
