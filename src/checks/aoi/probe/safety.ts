import { endOf, type Event, type ProbeOutcome, type Report } from './types.js';

/** AOI-06 (§14.3): without --confirm a destructive command refuses: non-zero exit, no side effect. */
export function judgeUnconfirmed(run: ProbeOutcome, changed: readonly string[], report: Report): void {
  if (run.exitCode === 0) report('AOI-06/unconfirmed-destructive', 'ran without --confirm and exited 0');
  else if (changed.length > 0) report('AOI-06/unconfirmed-destructive', `refused without --confirm (${endOf(run)}) but changed ${changed.join(', ')}`);
}

/** AOI-06 (§14.3 SHOULD): a --confirm-count that does not match is refused with no side effect. */
export function judgeWrongConfirmCount(run: ProbeOutcome, changed: readonly string[], given: number, report: Report): void {
  if (run.exitCode === 0 || changed.length > 0) report('AOI-06/confirm-count-ignored', `--confirm-count ${given} (one more than the invocation's) was accepted${changed.length > 0 ? ` and changed ${changed.join(', ')}` : ''}`);
}

/** AOI-06 (§14.2): a dry run plans (aoi:plan) and changes nothing. */
export function judgeDryRun(events: readonly Event[], changed: readonly string[], report: Report): void {
  if (changed.length > 0) report('AOI-06/dry-run-side-effect', `--dry-run changed ${changed.join(', ')}`);
  if (!events.some((event) => event.type === 'aoi:plan')) report('AOI-06/dry-run-no-plan', '--dry-run emitted no aoi:plan event');
}
