import type { OutLine } from '../engine/types.js';
import { pick, text, type FaultFactory } from './stream-fault.js';

export interface MixingProseParams {
  /** Write the prose before the event at this position (0 = before meta; default 1: right after meta). */
  after: number;
  /** How many prose lines to write there. */
  lines: number;
  /** The prose itself; by default each line is chosen with the run's seed from everyday CLI chatter. */
  text?: string;
}

/** Plain sentences a CLI prints for humans, none of them JSON-like, coloured, a trace or a heading. */
const CHATTER = [
  'Searching notes...',
  'Found 2 notes matching your query.',
  'Warning: the search index is 3 days old',
  'Loaded configuration from ~/.config/notes/config.toml',
  'Done.',
  'Tip: pass --limit to see more results',
];

/** Human prose between events on machine-mode stdout (§2: "never mixes human prose into that stream"). */
export const mixingProse: FaultFactory<MixingProseParams> = (params = {}) => {
  const p: MixingProseParams = { after: 1, lines: 1, ...params };
  if (!Number.isInteger(p.after) || p.after < 0)
    throw new RangeError(`mixing-prose: after must be a non-negative integer, got ${p.after}`);
  if (!Number.isInteger(p.lines) || p.lines < 1)
    throw new RangeError(`mixing-prose: lines must be a positive integer, got ${p.lines}`);
  return {
    id: 'mixing-prose',
    description: `writes ${p.lines} line(s) of plain text before event #${p.after}, as a tool that logs to stdout would`,
    violates: ['AOI-02/prose'],
    severity: 'error',
    params: p,
    onEvent(event, state) {
      if (state.index !== p.after) return [event];
      const prose: OutLine[] = [];
      for (let i = 0; i < p.lines; i++) prose.push(text(p.text ?? pick(CHATTER, state.random)));
      return [...prose, event];
    },
  };
};
