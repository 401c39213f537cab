import type { OutLine } from '../engine/types.js';
import { between, pick, type FaultFactory } from './stream-fault.js';

export interface BlankLinesParams {
  /** Write the blank lines after this many events only; by default after every event. */
  after?: number;
  /** Blank lines per place; by default 1 or 2, chosen with the run's seed. */
  count?: number;
}

/**
 * Blank lines in the stream (§2: each line MUST be one complete JSON object). Some are empty, some hold
 * only spaces or a tab (chosen with the run's seed); all are blank.
 */
export const blankLines: FaultFactory<BlankLinesParams> = (params = {}) => {
  const p: BlankLinesParams = { ...params };
  if (p.count !== undefined && (!Number.isInteger(p.count) || p.count < 1))
    throw new RangeError(`blank-lines: count must be a positive integer, got ${p.count}`);
  const blanks = (random: () => number): OutLine[] =>
    Array.from({ length: p.count ?? between(1, 2, random) }, () => ({
      raw: `${pick(['', '', '  ', '\t'], random)}\n`,
    }));
  return {
    id: 'blank-lines',
    description:
      p.after === undefined
        ? 'writes blank lines after every event'
        : `writes blank lines after ${p.after} event(s)`,
    violates: ['AOI-02/blank-line'],
    severity: 'error',
    params: p,
    onEvent(event, state) {
      if (p.after === undefined) return [event, ...blanks(state.random)];
      return state.index === p.after ? [...blanks(state.random), event] : [event];
    },
  };
};
