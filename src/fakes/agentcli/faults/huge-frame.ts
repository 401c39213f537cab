import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, nonNegativeInteger } from './define.js';

export interface HugeFrameParams {
  /** Bytes of text in the one huge message chunk (default 8 MiB). */
  bytes: number;
}

/** A single message chunk of several MiB on one line. */
export const hugeFrame: AgentFaultFactory<HugeFrameParams> = (params = {}) => {
  const p = { bytes: 8 * 1024 * 1024, ...params };
  nonNegativeInteger('huge-frame', 'bytes', p.bytes);
  return define({
    id: 'huge-frame',
    description: `starts the first turn with one message chunk of ${p.bytes} bytes (one line)`,
    arms: ALL_ARMS,
    breaks: '',
    runnerMust:
      'deliver the huge chunk intact as one text-delta (or fail the turn with an explicit size-limit error naming the limit), without truncating it silently, crashing or losing the frames after it',
    taxonomy: ['text-delta'],
    // A big frame is still a frame.
    transcriptBreaks: { acp: [], mcp: [], proprietary: [] },
    params: p,
    behaviour: { hugeFrameBytes: p.bytes },
  });
};
