import {
  consequencesOfLosing,
  distinct,
  summaryLossUnderLint,
  matches,
  pick,
  rawEvent,
  worstOf,
  type FaultFactory,
  type Target,
} from './stream-fault.js';

export interface AnsiColourParams {
  /** Which events get coloured (default: domain events, as a tool that highlights results would). */
  target: Target;
  /** SGR colour code, e.g. 32 for green; by default chosen with the run's seed. */
  colour?: number;
}

/**
 * ANSI colour codes around events (§1.2, §2: machine mode never uses colour). A raw ESC is not valid
 * JSON, so a consumer loses every coloured event: besides AOI-02/ansi, the loss shows where the stream
 * counted on those events (a summary's counts, the leading meta, the terminal summary).
 */
export const ansiColour: FaultFactory<AnsiColourParams> = (params = {}) => {
  const p: AnsiColourParams = { target: 'domain', ...params };
  const violates = distinct(['AOI-02/ansi', ...consequencesOfLosing(p.target)]);
  return {
    id: 'ansi-colour',
    description:
      'wraps events in ANSI colour codes (ESC[3xm … ESC[0m), as a tool that colours without checking for a terminal',
    violates,
    severity: worstOf(violates),
    underLint: summaryLossUnderLint(p.target),
    params: p,
    onEvent(event, state) {
      if (!matches(p.target, event)) return [event];
      const colour = p.colour ?? pick([31, 32, 33, 34, 35, 36], state.random);
      return [rawEvent(`\u001b[${colour}m${JSON.stringify(event)}\u001b[0m\n`)];
    },
  };
};
