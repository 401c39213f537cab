import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, oneOf } from './define.js';

export interface ToolCallWithoutResultParams {
  /** `end-turn` (default): the turn ends with the call still pending; `hang`: the turn never ends. */
  then: 'end-turn' | 'hang';
}

/** A tool call that never gets a result (ACP: no completed/failed tool_call_update; MCP: tools/call never answered). */
export const toolCallWithoutResult: AgentFaultFactory<ToolCallWithoutResultParams> = (params = {}) => {
  const p: ToolCallWithoutResultParams = { then: 'end-turn', ...params };
  oneOf('tool-call-without-result', 'then', p.then, ['end-turn', 'hang']);
  return define({
    id: 'tool-call-without-result',
    description: p.then === 'end-turn' ? 'leaves every tool call pending and ends the turn anyway' : 'leaves the first tool call pending and never ends the turn',
    arms: ALL_ARMS,
    breaks: 'every tool-call is followed by its tool-result (ACP: a tool_call_update with status completed or failed) before turn-end',
    runnerMust: 'close a dangling tool-call at turn-end (report it as failed or incomplete) or time the turn out and cancel it, never wait forever for a tool-result',
    taxonomy: ['tool-call', 'error'],
    params: p,
    behaviour: { toolCallWithoutResult: p.then },
  });
};
