import type { AgentFaultFactory } from '../types.js';
import { define, oneOf } from './define.js';

export interface UnknownSessionOnLoadParams {
  /** `error` (default): session/load answers -32002 "Resource not found" even for a stored session; `silent`: answers success and replays nothing. */
  answer: 'error' | 'silent';
}

/** session/load does not find the session (its store was lost), loudly or silently. */
export const unknownSessionOnLoad: AgentFaultFactory<UnknownSessionOnLoadParams> = (
  params = {},
) => {
  const p: UnknownSessionOnLoadParams = { answer: 'error', ...params };
  oneOf('unknown-session-on-load', 'answer', p.answer, ['error', 'silent']);
  return define({
    id: 'unknown-session-on-load',
    description:
      p.answer === 'error'
        ? 'answers every session/load with -32002 Resource not found'
        : 'answers session/load with success but replays no history',
    arms: ['acp'],
    breaks:
      'ACP session/load: an agent declaring loadSession replays the whole conversation of a session it stored',
    runnerMust:
      'report the failed resume as an error (and start a fresh session only if the continuation strategy allows it, saying so), never continue as if the prior turns had been restored',
    taxonomy: ['error'],
    // A well-formed error answer, no turn: the failed resume is the runner's to surface.
    transcriptBreaks: { acp: [] },
    params: p,
    behaviour: { unknownSessionOnLoad: p.answer },
  });
};
