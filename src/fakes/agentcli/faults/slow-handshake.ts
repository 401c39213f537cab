import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, nonNegativeInteger } from './define.js';

export interface SlowHandshakeParams {
  /** Latency before the handshake answer (default 1500 ms). */
  ms: number;
}

/** A slow cold start: the agent answers the handshake late. Slow is not wrong. */
export const slowHandshake: AgentFaultFactory<SlowHandshakeParams> = (params = {}) => {
  const p = { ms: 1500, ...params };
  nonNegativeInteger('slow-handshake', 'ms', p.ms);
  return define({
    id: 'slow-handshake',
    description: `waits ${p.ms} ms before answering the handshake`,
    arms: ALL_ARMS,
    breaks: '',
    runnerMust:
      'wait for the handshake answer up to its own configured timeout (and only then fail with a timeout error), never open a session before the handshake is answered',
    // Slow is not wrong: the wire is the clean conversation, later.
    transcriptBreaks: { acp: [], mcp: [], proprietary: [] },
    params: p,
    behaviour: { handshakeDelayMs: p.ms },
  });
};
