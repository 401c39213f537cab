import { endOf, itemsOf, succeeded, type Event, type ProbeOutcome, type Report } from './types.js';

/** Which line of the probe's input is malformed (1-based), and how many valid lines surround it. */
export const MALFORMED_LINE = 2;
export const VALID_LINES = 2;

export type InputMode = 'fail-fast' | 'continue';

/**
 * The mode a run declares: meta `continue_on_error: true` is continue, a meta without it fail-fast
 * (§12.2, §19.4). A stream without aoi:meta declares nothing (AOI-13 reports that): the mode asked for
 * on the command line stands.
 */
export function declaredMode(events: readonly Event[], requested: InputMode): InputMode {
  const meta = events.find((event) => event.type === 'aoi:meta');
  if (!meta) return requested;
  return meta.continue_on_error === true ? 'continue' : 'fail-fast';
}

/**
 * AOI-12 (§12.2): input `<valid>`, `{"broken`, `<valid>`. The malformed line is reported as an aoi:error with
 * line_number 2; the run does not succeed (§4.1); fail-fast applies nothing; continue processes both valid lines.
 */
export function judgeMalformedInput(
  run: ProbeOutcome,
  events: readonly Event[],
  changed: readonly string[],
  report: Report,
  requested: InputMode = 'fail-fast',
  /** How many resources an observation command saw added, and which (undefined: none can tell). */
  applied?: { readonly count: number; readonly by: string },
): InputMode {
  const mode = declaredMode(events, requested);
  const errors = events.filter((event) => event.type === 'aoi:error');
  const numbered = errors.filter((event) => event.line_number !== undefined);
  if (numbered.length === 0)
    report(
      'AOI-12/no-item-error',
      `the malformed input line ${MALFORMED_LINE} produced no aoi:error with line_number`,
    );
  else if (!numbered.some((event) => event.line_number === MALFORMED_LINE)) {
    report(
      'AOI-12/wrong-line-number',
      `the malformed line is line ${MALFORMED_LINE}; the error says line_number ${numbered.map((e) => JSON.stringify(e.line_number)).join(', ')}`,
    );
  }
  // Under --continue-on-error the caller asked for partial tolerance (§4.1, §13): success with the bad line reported is allowed.
  if (mode === 'fail-fast' && succeeded(run, events))
    report(
      'AOI-12/malformed-succeeded',
      `a malformed input line ended with ${endOf(run)} and summary ok:true`,
    );
  if (mode === 'fail-fast' && changed.length > 0)
    report(
      'AOI-12/fail-fast-side-effect',
      `fail-fast mode (meta does not say continue_on_error) changed ${changed.join(', ')}`,
    );
  if (mode === 'continue' && itemsOf(events).length < VALID_LINES) {
    report(
      'AOI-12/continue-stopped',
      `continue-on-error mode processed ${itemsOf(events).length} of the ${VALID_LINES} valid lines`,
    );
  } else if (mode === 'continue' && applied !== undefined && applied.count < VALID_LINES) {
    report(
      'AOI-12/continue-stopped',
      `continue-on-error mode reported the ${VALID_LINES} valid lines as processed, but \`${applied.by}\` shows ${applied.count} of them applied`,
    );
  }
  return mode;
}
