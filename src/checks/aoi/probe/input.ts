import { endOf, itemsOf, succeeded, type Event, type ProbeOutcome, type Report } from './types.js';

/** Which line of the probe's input is malformed (1-based), and how many valid lines surround it. */
export const MALFORMED_LINE = 2;
export const VALID_LINES = 2;

export type InputMode = 'fail-fast' | 'continue';

/**
 * The mode a run declares in meta (§19.4): `continue_on_error: true` is continue, `false` fail-fast. §12.2 asks that
 * the mode be documented, not where, so a meta without the field declares nothing the kit can read: then the mode
 * the caller asked for (`--continue-on-error`) stands, else the mode is unknown (undefined).
 */
export function declaredMode(
  events: readonly Event[],
  requested: InputMode | undefined,
): InputMode | undefined {
  const meta = events.find((event) => event.type === 'aoi:meta');
  if (typeof meta?.continue_on_error === 'boolean')
    return meta.continue_on_error ? 'continue' : 'fail-fast';
  return requested;
}

/** The mode a run is judged in: the one it declares (or the caller asked for), else the one it behaved in. */
export function inputModeOf(
  run: ProbeOutcome,
  events: readonly Event[],
  requested: InputMode | undefined,
): InputMode {
  return declaredMode(events, requested) ?? (succeeded(run, events) ? 'continue' : 'fail-fast');
}

/**
 * AOI-12 (§12.2): input `<valid>`, `{"broken`, `<valid>`. In per-line tolerant mode the malformed line gets an
 * item-level aoi:error and both valid lines are processed; in fail-fast mode the run fails, and applies nothing
 * ("where possible": a warning); either way the error should name line_number 2 (§19.4). A run whose mode is not
 * declared is held to the mode it behaved in: one that failed to fail-fast's, one that succeeded to per-line
 * tolerant's (a success that reports nothing fits neither). Returns the mode the run was judged in.
 */
export function judgeMalformedInput(
  run: ProbeOutcome,
  events: readonly Event[],
  changed: readonly string[],
  report: Report,
  requested?: InputMode,
  /** How many resources an observation command saw added, and which (undefined: none can tell). */
  applied?: { readonly count: number; readonly by: string },
): InputMode {
  const declared = declaredMode(events, requested);
  const mode = inputModeOf(run, events, requested);
  const errors = events.filter((event) => event.type === 'aoi:error');
  const numbered = errors.filter((event) => event.line_number !== undefined);
  const how = declared ? '' : ' (the mode is not declared in meta: judged as the run behaved)';
  if (mode === 'continue' && errors.length === 0)
    report(
      'AOI-12/no-item-error',
      `per-line tolerant${how}, the malformed input line ${MALFORMED_LINE} produced no aoi:error`,
    );
  else if (!numbered.some((event) => event.line_number === MALFORMED_LINE))
    report(
      'AOI-12/wrong-line-number',
      numbered.length === 0
        ? `no aoi:error names the malformed input line ${MALFORMED_LINE} by its line_number`
        : `the malformed line is line ${MALFORMED_LINE}; the error says line_number ${numbered.map((e) => JSON.stringify(e.line_number)).join(', ')}`,
    );
  // Under --continue-on-error the caller asked for partial tolerance (§4.1, §13): success with the bad line reported is allowed.
  if (declared === 'fail-fast' && succeeded(run, events))
    report(
      'AOI-12/malformed-succeeded',
      `declared fail-fast (meta continue_on_error: false), a malformed input line ended with ${endOf(run)} and summary ok:true`,
    );
  if (mode === 'fail-fast' && changed.length > 0)
    report('AOI-12/fail-fast-side-effect', `fail-fast${how} changed ${changed.join(', ')}`);
  if (mode === 'continue' && declared && itemsOf(events).length < VALID_LINES) {
    report(
      'AOI-12/continue-stopped',
      `continue-on-error mode processed ${itemsOf(events).length} of the ${VALID_LINES} valid lines`,
    );
  } else if (mode === 'continue' && applied !== undefined && applied.count < VALID_LINES) {
    report(
      'AOI-12/continue-stopped',
      `continue-on-error mode${how} reported the ${VALID_LINES} valid lines as processed, but \`${applied.by}\` shows ${applied.count} of them applied`,
    );
  }
  return mode;
}
