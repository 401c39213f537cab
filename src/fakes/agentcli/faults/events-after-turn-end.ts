import type { AgentFaultFactory } from '../types.js';
import { define, nonNegativeInteger } from './define.js';

export interface EventsAfterTurnEndParams {
  /** Updates sent after the turn's end (default 2). */
  count: number;
}

/** Stray updates after the turn ended (ACP: after the session/prompt response; REPL: after `done`). */
export const eventsAfterTurnEnd: AgentFaultFactory<EventsAfterTurnEndParams> = (params = {}) => {
  const p = { count: 2, ...params };
  nonNegativeInteger('events-after-turn-end', 'count', p.count);
  return define({
    id: 'events-after-turn-end',
    description: `sends ${p.count} message chunks after every turn has ended`,
    arms: ['acp', 'mcp', 'proprietary'],
    breaks:
      'ACP: all session/update notifications of a turn precede the session/prompt response; REPL: `done` is the last line of a turn',
    runnerMust:
      'never attribute events after turn-end to the finished turn: drop them or report them (out of turn), so that turn-end stays the last event of its turn',
    taxonomy: ['turn-end', 'error'],
    transcriptBreaks: {
      acp: ['AGENTCLI-22/event-after-end'],
      mcp: ['AGENTCLI-22/event-after-end'],
      proprietary: ['AGENTCLI-22/event-after-end'],
    },
    params: p,
    behaviour: { eventsAfterTurnEnd: p.count },
  });
};
