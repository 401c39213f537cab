import {
  consequencesOfLosing,
  distinct,
  matches,
  pick,
  rawEvent,
  worstOf,
  type FaultFactory,
  type Target,
} from './stream-fault.js';

export interface PrettyPrintedParams {
  /** Which events are printed indented (default: all, as `JSON.stringify(event, null, 2)` everywhere would). */
  target: Target;
  /** Indent; by default chosen with the run's seed from 2 spaces, 4 spaces and a tab. */
  indent?: 2 | 4 | '\t';
}

/**
 * Events printed across several lines (§2: each line MUST be one complete JSON object). A JSONL
 * consumer cannot read a single one of them; with every event indented, the stream has no summary it
 * can see although the process exits 0.
 */
export const prettyPrinted: FaultFactory<PrettyPrintedParams> = (params = {}) => {
  const p: PrettyPrintedParams = { target: 'all', ...params };
  const violates = distinct(['AOI-02/pretty-printed', ...consequencesOfLosing(p.target)]);
  return {
    id: 'pretty-printed',
    description: 'prints events indented over several lines instead of one compact line each',
    violates,
    severity: worstOf(violates),
    params: p,
    onEvent(event, state) {
      if (!matches(p.target, event)) return [event];
      const indent = p.indent ?? pick<2 | 4 | '\t'>([2, 4, '\t'], state.random);
      return [rawEvent(`${JSON.stringify(event, null, indent)}\n`)];
    },
  };
};
