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

export type BrokenType = 'absent' | 'empty' | 'null' | 'number';

export interface MissingTypeParams {
  /** Which events lose their type (default: domain events). */
  target: Target;
  /** How the type is broken; by default chosen per event with the run's seed. Each is a missing string type (§2). */
  how?: BrokenType;
}

/**
 * Events without a usable `type` (§2, §8.1: every event MUST include type). Such a line is not an
 * event, so the summary's counts no longer match what a consumer received.
 */
export const missingType: FaultFactory<MissingTypeParams> = (params = {}) => {
  const p: MissingTypeParams = { target: 'domain', ...params };
  const violates = distinct(['AOI-02/missing-type', ...consequencesOfLosing(p.target)]);
  return {
    id: 'missing-type',
    description: 'drops "type" from events (or makes it empty, null or a number)',
    violates,
    severity: worstOf(violates),
    underLint: summaryLossUnderLint(p.target),
    params: p,
    onEvent(event, state) {
      if (!matches(p.target, event)) return [event];
      const { type: _type, ...rest } = event;
      const how = p.how ?? pick<BrokenType>(['absent', 'empty', 'null', 'number'], state.random);
      const broken =
        how === 'absent'
          ? rest
          : { type: how === 'empty' ? '' : how === 'null' ? null : 1, ...rest };
      // Raw, so that faults later in the pipeline (which expect a string type) leave it alone.
      return [rawEvent(`${JSON.stringify(broken)}\n`)];
    },
  };
};
