import { endOf, succeeded, type Event, type ProbeOutcome, type Report } from './types.js';

/**
 * AOI-06 (§14.3): without --confirm a destructive command refuses: it does not succeed and has no side
 * effect. `events` is undefined when the stream could not be read (AOI-02): then only the state tells.
 * How the exit status agrees with the summary is AOI-03's to judge.
 */
export function judgeUnconfirmed(
  run: ProbeOutcome,
  events: readonly Event[] | undefined,
  changed: readonly string[],
  report: Report,
): void {
  if (changed.length > 0)
    report(
      'AOI-06/unconfirmed-destructive',
      `ran without --confirm (${endOf(run)}) and changed ${changed.join(', ')}`,
    );
  else if (events && succeeded(run, events))
    report(
      'AOI-06/unconfirmed-destructive',
      'ran without --confirm and succeeded (exit 0, summary ok:true)',
    );
}

/** AOI-06 (§14.3 SHOULD): a --confirm-count that does not match is refused with no side effect. */
export function judgeWrongConfirmCount(
  run: ProbeOutcome,
  events: readonly Event[] | undefined,
  changed: readonly string[],
  given: number,
  report: Report,
): void {
  if (changed.length > 0 || (events && succeeded(run, events))) {
    report(
      'AOI-06/confirm-count-ignored',
      `--confirm-count ${given} (one more than the invocation's) was accepted${changed.length > 0 ? ` and changed ${changed.join(', ')}` : ''}`,
    );
  }
}

/** AOI-06 (§14.2): a dry run changes nothing and plans (aoi:plan); the plan is judged only when the stream could be read. */
export function judgeDryRun(
  events: readonly Event[] | undefined,
  changed: readonly string[],
  report: Report,
): void {
  if (changed.length > 0)
    report('AOI-06/dry-run-side-effect', `--dry-run changed ${changed.join(', ')}`);
  if (events && !events.some((event) => event.type === 'aoi:plan'))
    report('AOI-06/dry-run-no-plan', '--dry-run emitted no aoi:plan event');
}
