import type { FaultState } from './fault.js';
import { perRun, rawEvent, type Event, type FaultFactory } from './stream-fault.js';

export interface GiantJsonArrayParams {
  /** Indent of the array (0: one line, the default; 2: pretty-printed over many lines). Same findings either way. */
  indent: 0 | 2 | 4;
}

/**
 * Buffers every event and writes them as one JSON array when the run finishes (§21: "Machine output is
 * a giant JSON array, blocking all results until completion"). A JSONL consumer sees no event at all:
 * the array is one non-event line (AOI-02/json-array), and the stream ends without a terminal summary
 * although the process exits 0 (AOI-03/eof-without-summary). Nothing streams until the end.
 *
 * The engine has no end-of-run hook, so the array is written when the terminal `aoi:summary` arrives:
 * a run that never emits one (an unbounded watch, or a crash fault placed before this one) writes
 * nothing at all.
 */
export const giantJsonArray: FaultFactory<GiantJsonArrayParams> = (params = {}) => {
  const p: GiantJsonArrayParams = { indent: 0, ...params };
  const buffered = perRun<Event[]>(() => []);
  return {
    id: 'giant-json-array',
    description: `buffers all events and writes one ${p.indent ? 'pretty-printed ' : ''}JSON array at the end instead of JSONL`,
    violates: ['AOI-02/json-array', 'AOI-03/eof-without-summary'],
    severity: 'error',
    // An unbounded watch never reaches a summary, so it never writes a line: to the linter, a hang.
    underLint: { also: ['AOI-03/timed-out'] },
    params: p,
    onEvent(event, state: FaultState) {
      const events = buffered(state);
      events.push(event);
      if (event.type !== 'aoi:summary') return [];
      return [rawEvent(`${JSON.stringify(events, null, p.indent || undefined)}\n`)];
    },
  };
};
