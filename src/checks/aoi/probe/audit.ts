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

/** What the same create, run twice in one state, showed about its ids. */
export interface CreateIds {
  /** The second run's first id, for `get` to resolve; undefined when an item has none (AOI-08/missing-id's). */
  readonly id?: string;
  /** An id of the second run that the first reported too, where the second run was not a visible no-op. */
  readonly repeated?: { readonly field: string; readonly value: string };
}

/**
 * AOI-08 (§14.5): the ids of the same create run twice in one state. An id the second run repeats names either
 * a second resource (a value two resources share, such as a URL, identifies neither) or the first one again (an
 * `add` of an existing natural key, §14.4, that updates it in place): the ids alone cannot tell, so the repeat
 * is returned for {@link judgeRepeatedId}. Not a repeat: a second run that changed nothing where the first visibly
 * did (it returned the resource it had). Compared only when every item of both runs has an id.
 */
export function compareCreateIds(first: CreateRun, second: CreateRun): CreateIds {
  const [one, two] = [itemsOf(first.events), itemsOf(second.events)];
  if (
    one.length === 0 ||
    two.length === 0 ||
    [...one, ...two].some((event) => idOf(event) === undefined)
  )
    return {};
  const id = idOf(two[0]!);
  if (first.changed.length > 0 && second.changed.length === 0) return { id };
  const earlier = new Set(one.map(idOf));
  const repeated = two.find((event) => earlier.has(idOf(event)));
  return repeated
    ? { id, repeated: { field: idFieldOf(repeated)!, value: idOf(repeated)! } }
    : { id };
}

/** How many resources an observation command showed before and after one run. */
export interface ResourceCount {
  /** The observation command line. */
  readonly label: string;
  readonly before: number;
  readonly after: number;
}

/**
 * AOI-08/id-not-unique, where the create that repeated an id was run once more between two counts of the
 * resources: more resources after it means it made another under the same id; the same number means it
 * updated the one it named. Returns false when no count could be read (nothing judged).
 */
export function judgeRepeatedId(
  repeated: NonNullable<CreateIds['repeated']>,
  counts: readonly ResourceCount[],
  report: Report,
): boolean {
  if (counts.length === 0) return false;
  const grew = counts.find((count) => count.after > count.before);
  if (grew)
    report(
      'AOI-08/id-not-unique',
      `the same create run again reported ${repeated.field} ${JSON.stringify(repeated.value)} again, and \`${grew.label}\` showed ${grew.before} resources before it and ${grew.after} after: a value two resources share does not identify either`,
    );
  return true;
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
