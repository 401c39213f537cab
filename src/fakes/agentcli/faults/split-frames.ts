import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, nonNegativeInteger } from './define.js';

export interface SplitFramesParams {
  /** Bytes per write (default 1: byte by byte, UTF-8 characters cut in the middle). */
  chunkBytes: number;
  /** Pause after this many writes (default 64). */
  pauseEvery: number;
  /** The pause (default 1 ms): never needed for correctness, only to make the reads split. */
  pauseMs: number;
}

/** Every frame reaches the pipe in many small writes. Legal, and the classic reader bug. */
export const splitFrames: AgentFaultFactory<SplitFramesParams> = (params = {}) => {
  const p = { chunkBytes: 1, pauseEvery: 64, pauseMs: 1, ...params };
  nonNegativeInteger('split-frames', 'pauseEvery', p.pauseEvery);
  nonNegativeInteger('split-frames', 'pauseMs', p.pauseMs);
  if (nonNegativeInteger('split-frames', 'chunkBytes', p.chunkBytes) < 1)
    throw new RangeError('split-frames: chunkBytes must be at least 1');
  return define({
    id: 'split-frames',
    description: `writes every frame ${p.chunkBytes} byte(s) at a time, pausing ${p.pauseMs} ms every ${p.pauseEvery} writes`,
    arms: ALL_ARMS,
    breaks: '',
    runnerMust:
      'reassemble lines across reads (and UTF-8 characters across chunks) and parse only complete lines: the conversation is exactly the same as without the fault',
    // Reassembled, the frames are the clean conversation's.
    transcriptBreaks: { acp: [], mcp: [], proprietary: [] },
    params: p,
    behaviour: { splitFrames: p },
  });
};
