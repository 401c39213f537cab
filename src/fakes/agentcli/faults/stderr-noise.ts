import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, nonNegativeInteger } from './define.js';

export interface StderrNoiseParams {
  /** Bytes written on stderr at start, before the handshake (default 256 KiB: more than a pipe buffer holds). */
  startBytes: number;
  /** Lines written on stderr with every update (default 3). */
  perUpdateLines: number;
}

/** Logs, warnings and protocol-looking lines on stderr. Noise is not wrong, but an undrained stderr blocks the agent. */
export const stderrNoise: AgentFaultFactory<StderrNoiseParams> = (params = {}) => {
  const p = { startBytes: 256 * 1024, perUpdateLines: 3, ...params };
  nonNegativeInteger('stderr-noise', 'startBytes', p.startBytes);
  nonNegativeInteger('stderr-noise', 'perUpdateLines', p.perUpdateLines);
  return define({
    id: 'stderr-noise',
    description: `writes ${p.startBytes} bytes on stderr before the handshake and ${p.perUpdateLines} lines per update, some of them JSON-RPC-looking`,
    arms: ALL_ARMS,
    breaks: '',
    runnerMust:
      'drain stderr continuously (an undrained pipe blocks the agent before its handshake) and never parse stderr as protocol frames or events',
    // stderr is not the protocol.
    transcriptBreaks: { acp: [], mcp: [], proprietary: [] },
    params: p,
    behaviour: { stderrNoise: p },
  });
};
