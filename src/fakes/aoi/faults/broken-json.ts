import {
  consequencesOfLosing,
  distinct,
  matches,
  pick,
  rawEvent,
  worstOf,
  type Event,
  type FaultFactory,
  type Target,
} from './stream-fault.js';

export type JsonMistake = 'trailing-comma' | 'single-quotes' | 'unquoted-keys' | 'nan';

export interface BrokenJsonParams {
  /** Which events are serialised by hand, wrongly (default: domain events). */
  target: Target;
  /** The mistake; by default chosen per event with the run's seed. */
  mistake?: JsonMistake;
}

function serialise(event: Event, mistake: JsonMistake): string {
  const json = JSON.stringify(event);
  switch (mistake) {
    case 'trailing-comma':
      return `${json.slice(0, -1)},}`;
    case 'single-quotes':
      return json.replace(/"/g, "'");
    case 'unquoted-keys':
      return json.replace(/"([A-Za-z_][A-Za-z0-9_]*)":/g, '$1:');
    case 'nan':
      return `${json.slice(0, -1)},"score":NaN}`;
  }
}

/** Events serialised by hand into JSON-like text that is not JSON (§2: each line MUST be one complete JSON object). */
export const brokenJson: FaultFactory<BrokenJsonParams> = (params = {}) => {
  const p: BrokenJsonParams = { target: 'domain', ...params };
  const violates = distinct(['AOI-02/not-json', ...consequencesOfLosing(p.target)]);
  return {
    id: 'broken-json',
    description: `writes events as JSON-like text that is not JSON (${p.mistake ?? 'trailing commas, single quotes, unquoted keys or NaN'})`,
    violates,
    severity: worstOf(violates),
    params: p,
    onEvent(event, state) {
      if (!matches(p.target, event)) return [event];
      return [
        rawEvent(
          `${serialise(event, p.mistake ?? pick<JsonMistake>(['trailing-comma', 'single-quotes', 'unquoted-keys', 'nan'], state.random))}\n`,
        ),
      ];
    },
  };
};
