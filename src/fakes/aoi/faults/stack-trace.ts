import type { OutLine } from '../engine/types.js';
import { between, pick, text, type FaultFactory } from './stream-fault.js';

export interface StackTraceParams {
  /** Write the trace before the event at this position (default 1: right after meta). */
  after: number;
  /**
   * Start with the error's own line (`TypeError: …`), as `console.log(err.stack)` does (default true).
   * That line is a sentence, so the checker reports it as prose; the `at …` frames are the trace.
   */
  header: boolean;
  /** How many `at …` frames (default 4). */
  frames: number;
}

const ERRORS = [
  "TypeError: Cannot read properties of undefined (reading 'title')",
  "Error: ENOENT: no such file or directory, open '/home/agent/.notes/index.json'",
  'RangeError: Invalid array length',
];
const FRAMES = [
  'renderHit (file:///usr/lib/node_modules/notes/dist/commands.js:%d:17)',
  'Array.map (<anonymous>)',
  'search (file:///usr/lib/node_modules/notes/dist/commands.js:%d:23)',
  'async main (file:///usr/lib/node_modules/notes/dist/index.js:%d:12)',
  'process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
];

/** A Node.js stack trace on stdout, from an exception logged with console.log (§2, §21). */
export const stackTrace: FaultFactory<StackTraceParams> = (params = {}) => {
  const p: StackTraceParams = { after: 1, header: true, frames: 4, ...params };
  if (!Number.isInteger(p.frames) || p.frames < 1)
    throw new RangeError(`stack-trace: frames must be a positive integer, got ${p.frames}`);
  return {
    id: 'stack-trace',
    description: `prints a Node.js stack trace (${p.header ? 'error line and ' : ''}${p.frames} frame(s)) on stdout before event #${p.after} and carries on`,
    violates: p.header ? ['AOI-02/prose', 'AOI-02/stack-trace'] : ['AOI-02/stack-trace'],
    severity: 'error',
    params: p,
    onEvent(event, state) {
      if (state.index !== p.after) return [event];
      const lines: OutLine[] = [];
      if (p.header) lines.push(text(pick(ERRORS, state.random)));
      for (let i = 0; i < p.frames; i++) {
        const frame = FRAMES[i % FRAMES.length]!.replace(
          '%d',
          String(between(10, 400, state.random)),
        );
        lines.push(text(`    at ${frame}`));
      }
      return [...lines, event];
    },
  };
};
