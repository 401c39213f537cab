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

/**
 * AOI-06 (§14.2): a dry run changes nothing and plans (aoi:plan). The plan is judged only when the stream could be
 * read and the dry run succeeded: one that failed (its target is gone, an invocation it refuses) has nothing to plan.
 */
export function judgeDryRun(
  run: ProbeOutcome,
  events: readonly Event[] | undefined,
  changed: readonly string[],
  report: Report,
): void {
  if (changed.length > 0)
    report('AOI-06/dry-run-side-effect', `--dry-run changed ${changed.join(', ')}`);
  if (events && succeeded(run, events) && !events.some((event) => event.type === 'aoi:plan'))
    report('AOI-06/dry-run-no-plan', '--dry-run succeeded and emitted no aoi:plan event');
}

/** Envelope fields that may differ between two runs of the same plan: not content. */
const VOLATILE = new Set(['timestamp', 'trace_id', 'ts', 'elapsed_ms']);

/** What a run planned: its aoi:plan events, volatile fields left out, as one comparable text; undefined without one. */
export function planOf(events: readonly Event[]): string | undefined {
  const plans = events
    .filter((event) => event.type === 'aoi:plan')
    .map((event) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(event)
            .filter(([key]) => !VOLATILE.has(key))
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        ),
      ),
    );
  return plans.length > 0 ? plans.sort().join('\n') : undefined;
}

/** A run and its events, as the dry-run evidence below reads them. */
export interface JudgedRun {
  readonly run: ProbeOutcome;
  readonly events: readonly Event[];
}

/**
 * AOI-06 (§18.2 #6) where the kit cannot see the tool's state (no file changed, no observation command): the tool's
 * own behaviour is the evidence. `first` and `second` are two dry runs in one fresh state, `after` the real command
 * there after them; `independent` a dry run and `control` the real command, each in a fresh state of its own. A dry
 * run changed the state when the real command fails after it but succeeds without it, or when a second dry run plans
 * otherwise than the first although dry runs on equal states plan alike. Returns whether anything could be judged
 * (the control succeeded, or the plans were comparable).
 */
export function judgeDryRunBehaviour(
  runs: {
    readonly first: JudgedRun;
    readonly second: JudgedRun;
    readonly after: JudgedRun;
    readonly independent: JudgedRun;
    readonly control: JudgedRun;
  },
  report: Report,
): boolean {
  let judged = false;
  if (succeeded(runs.control.run, runs.control.events)) {
    judged = true;
    if (!succeeded(runs.after.run, runs.after.events))
      report(
        'AOI-06/dry-run-side-effect',
        `after --dry-run the real command ended with ${endOf(runs.after.run)}, where on the same state without a dry run it succeeds: the dry run changed what the real command needs`,
      );
  }
  const [first, second, independent] = [runs.first, runs.second, runs.independent].map((run) =>
    planOf(run.events),
  );
  if (first !== undefined && first === independent) {
    judged = true;
    if (second !== first)
      report(
        'AOI-06/dry-run-side-effect',
        'a second --dry-run in the same state planned otherwise than the first (which a dry run in a fresh state planned too): the first changed the state',
      );
  }
  return judged;
}
