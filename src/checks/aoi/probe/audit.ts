import {
  endOf,
  idFieldOf,
  idOf,
  itemsOf,
  summaryOf,
  type Event,
  type ProbeOutcome,
  type Report,
} from './types.js';

/**
 * AOI-08 (§14.5): a successful mutation names what it changed, each domain event with a stable id.
 * `aoi:plan` events of a dry run are judged by AOI-06, not here.
 */
export function judgeMutationEvents(
  events: readonly Event[],
  report: Report,
  excerpt: (event: Event) => string,
): void {
  const items = itemsOf(events);
  if (items.length === 0) {
    report(
      'AOI-08/no-mutation-event',
      'the mutation succeeded but emitted no event naming the resource it changed',
    );
    return;
  }
  const missing = items.filter((event) => idOf(event) === undefined);
  for (const event of missing.slice(0, 3))
    report('AOI-08/missing-id', `a "${event.type}" event carries no id, *_id, path, url or uri`, {
      excerpt: excerpt(event),
    });
}

/** The two runs of one create, in one state: what each emitted and changed there. */
export interface CreateRun {
  readonly events: readonly Event[];
  readonly changed: readonly string[];
}

/**
 * AOI-08 (§14.5): the same create run twice in one state names two resources, so no id of the second run
 * may repeat one of the first: a value both resources share (a target URL, a title) identifies neither.
 * Not blamed: a second run that changed nothing where the first visibly did (a documented natural key,
 * §14.4, returned the resource it already had). Judged only when every item of both runs has an id (else
 * AOI-08/missing-id says so). Returns the second run's first id, for `get` to resolve.
 */
export function judgeIdsIdentify(
  first: CreateRun,
  second: CreateRun,
  report: Report,
): string | undefined {
  const [one, two] = [itemsOf(first.events), itemsOf(second.events)];
  if (
    one.length === 0 ||
    two.length === 0 ||
    [...one, ...two].some((event) => idOf(event) === undefined)
  )
    return undefined;
  const deduplicated = first.changed.length > 0 && second.changed.length === 0;
  const earlier = new Set(one.map(idOf));
  const repeated = two.find((event) => earlier.has(idOf(event)));
  if (repeated && !deduplicated) {
    const field = idFieldOf(repeated)!;
    report(
      'AOI-08/id-not-unique',
      `the same create run twice reported ${field} ${JSON.stringify(idOf(repeated))} both times: a value two resources share does not identify either`,
    );
  }
  return idOf(two[0]!);
}

/** AOI-08 (§14.5, §16.3): `get ID` finds the resource a create just named; `run`/`events` are that get's. */
export function judgeIdResolves(
  id: string,
  getCommand: string,
  run: ProbeOutcome,
  events: readonly Event[],
  report: Report,
): void {
  if (run.exitCode === 0 && summaryOf(events)?.ok === true) return;
  const summary = summaryOf(events);
  report(
    'AOI-08/id-unresolvable',
    `\`${getCommand} ${id}\` (the id the create reported) ended with ${endOf(run)}${summary ? `, summary ok:${String(summary.ok)}` : ''}`,
  );
}
