import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, nonNegativeInteger, oneOf } from './define.js';

export interface CrashMidTurnParams {
  /** Which turn of the agent's life crashes, from 1 (default 1). */
  turn: number;
  /** Updates sent in that turn before the crash (default 2). */
  afterUpdates: number;
  /** Exit status (default 1), unless `signal` is given. */
  code: number;
  /** Die by this signal instead (no exit record in the lifecycle log, as with a real crash). */
  signal: 'SIGKILL' | 'SIGSEGV' | 'SIGABRT' | 'none';
}

/** The agent dies in the middle of a turn, the prompt request unanswered. */
export const crashMidTurn: AgentFaultFactory<CrashMidTurnParams> = (params = {}) => {
  const p: CrashMidTurnParams = { turn: 1, afterUpdates: 2, code: 1, signal: 'none', ...params };
  nonNegativeInteger('crash-mid-turn', 'turn', p.turn);
  nonNegativeInteger('crash-mid-turn', 'afterUpdates', p.afterUpdates);
  nonNegativeInteger('crash-mid-turn', 'code', p.code);
  oneOf('crash-mid-turn', 'signal', p.signal, ['SIGKILL', 'SIGSEGV', 'SIGABRT', 'none']);
  return define({
    id: 'crash-mid-turn',
    description: `dies ${p.signal === 'none' ? `with status ${p.code}` : `by ${p.signal}`} after ${p.afterUpdates} updates of turn ${p.turn}`,
    arms: ALL_ARMS,
    breaks:
      'ACP/MCP: a request (session/prompt, tools/call) is never answered; REPL: no `done` line',
    runnerMust:
      'end the turn with an error event (the agent exited mid-turn, with its status and stderr) and reject what was pending, instead of hanging or reporting a normal turn-end',
    taxonomy: ['error'],
    transcriptBreaks: {
      acp: ['AGENTCLI-22/no-turn-end'],
      mcp: ['AGENTCLI-22/no-turn-end'],
      proprietary: ['AGENTCLI-22/no-turn-end'],
    },
    params: p,
    behaviour: {
      crashMidTurn: {
        turn: Math.max(1, p.turn),
        afterUpdates: p.afterUpdates,
        code: p.code,
        ...(p.signal === 'none' ? {} : { signal: p.signal }),
      },
    },
  });
};
