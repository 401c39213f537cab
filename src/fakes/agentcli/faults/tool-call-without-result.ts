import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, oneOf } from './define.js';

export interface ToolCallWithoutResultParams {
  /**
   * `end-turn`: the turn ends with the call still pending (acp, proprietary; their default); `hang`: the turn
   * never ends (the default on mcp, where a tool call's answer *is* the end of the turn, so `end-turn` has no
   * meaning there and is refused).
   */
  then?: 'end-turn' | 'hang';
}

/** A tool call that never gets a result (ACP: no completed/failed tool_call_update; MCP: tools/call never answered). */
export const toolCallWithoutResult: AgentFaultFactory<ToolCallWithoutResultParams> = (
  params = {},
) => {
  const p: ToolCallWithoutResultParams = { ...params };
  if (p.then !== undefined) oneOf('tool-call-without-result', 'then', p.then, ['end-turn', 'hang']);
  return define({
    id: 'tool-call-without-result',
    description:
      p.then === 'end-turn'
        ? 'leaves every tool call pending and ends the turn anyway'
        : p.then === 'hang'
          ? 'leaves the first tool call pending and never ends the turn'
          : 'leaves every tool call pending: acp and proprietary end the turn anyway, mcp never answers tools/call',
    arms: ALL_ARMS,
    breaks:
      'every tool-call is followed by its tool-result (ACP: a tool_call_update with status completed or failed) before turn-end',
    runnerMust:
      'close a dangling tool-call at turn-end (report it as failed or incomplete) or time the turn out and cancel it, never wait forever for a tool-result',
    taxonomy: ['tool-call', 'error'],
    // ACP and the REPL end the turn with the call pending (or never end it, with hang); MCP never answers the call.
    transcriptBreaks: {
      acp: [p.then === 'hang' ? 'AGENTCLI-22/no-turn-end' : 'AGENTCLI-23/unanswered-call'],
      mcp: ['AGENTCLI-22/no-turn-end'],
      proprietary: [p.then === 'hang' ? 'AGENTCLI-22/no-turn-end' : 'AGENTCLI-23/unanswered-call'],
    },
    params: p,
    refuses: (arm) =>
      arm === 'mcp' && p.then === 'end-turn'
        ? 'tool-call-without-result: then "end-turn" has no meaning on mcp, where the answer to tools/call is the end of the turn (the call cannot stay pending while its turn ends); use then "hang" or leave it out'
        : undefined,
    behaviour: { toolCallWithoutResult: p.then ?? 'end-turn' },
  });
};
