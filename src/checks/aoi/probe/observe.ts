import { idOf, itemsOf, summaryOf, type Event, type ProbeOutcome } from './types.js';

/**
 * What a read-only observation command (`list`, or one given with `--observe`) showed before and after a
 * mutating probe, in the probe's own state: the evidence for a tool whose state the kit cannot see on disk.
 * `before`/`after` are the domain events of a run that succeeded, undefined when that run did not.
 */
export interface Observation {
  /** The observation command line, as run. */
  readonly label: string;
  readonly before: readonly Event[] | undefined;
  readonly after: readonly Event[] | undefined;
}

/** How what an observation command shows changed: resource keys added, removed, changed in content. */
export interface ObservedChange {
  readonly label: string;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
}

/** Envelope fields that may differ between two runs of the same read (§8.1): not content. */
const VOLATILE = new Set(['timestamp', 'trace_id', 'ts', 'elapsed_ms']);

/** The domain events of an observation run, when it can stand as evidence: exit 0, summary ok, not truncated. */
export function observedItems(run: ProbeOutcome, events: readonly Event[]): Event[] | undefined {
  const summary = summaryOf(events);
  if (run.exitCode !== 0 || summary?.ok !== true || summary.truncated === true) return undefined;
  return itemsOf(events);
}

/** Sorted keys: JSON of an event with its volatile fields left out, so that order and envelope do not matter. */
function content(event: Event): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(event)
        .filter(([key]) => !VOLATILE.has(key))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
  );
}

/** Events by resource key (its id, else its whole content), each key with the multiset of its contents. */
function byKey(events: readonly Event[]): Map<string, string[]> {
  const keyed = new Map<string, string[]>();
  for (const event of events) {
    const key = idOf(event) ?? content(event);
    keyed.set(key, [...(keyed.get(key) ?? []), content(event)].sort());
  }
  return keyed;
}

/**
 * The difference between what an observation showed before and after (ids and content, order-insensitive);
 * undefined when either run could not be used, so nothing can be said.
 */
export function observedChange(observation: Observation): ObservedChange | undefined {
  if (!observation.before || !observation.after) return undefined;
  const [before, after] = [byKey(observation.before), byKey(observation.after)];
  const added: string[] = [];
  const changed: string[] = [];
  for (const [key, contents] of after) {
    const earlier = before.get(key);
    if (!earlier) added.push(key);
    else if (earlier.join('\n') !== contents.join('\n')) changed.push(key);
  }
  const removed = [...before.keys()].filter((key) => !after.has(key));
  return { label: observation.label, added, removed, changed };
}

const changedSomething = (change: ObservedChange): boolean =>
  change.added.length + change.removed.length + change.changed.length > 0;

/**
 * A probe's side effects as evidence, each naming where it was seen: the files it changed in its sandbox, and
 * what an observation command showed differently (`` `list --output jsonl` showed added n3 ``).
 */
export function sideEffects(
  changedFiles: readonly string[],
  observations: readonly Observation[],
): string[] {
  const observed = observations
    .map(observedChange)
    .filter((change): change is ObservedChange => change !== undefined && changedSomething(change));
  return [
    ...changedFiles,
    ...observed.map((change) => {
      const parts = [
        ['added', change.added],
        ['removed', change.removed],
        ['changed', change.changed],
      ] as const;
      const words = parts
        .filter(([, keys]) => keys.length > 0)
        .map(([verb, keys]) => `${verb} ${short(keys)}`);
      return `what \`${change.label}\` shows (${words.join('; ')})`;
    }),
  ];
}

/** At most three keys, then how many more. */
const short = (keys: readonly string[]): string =>
  keys.length <= 3 ? keys.join(', ') : `${keys.slice(0, 3).join(', ')} and ${keys.length - 3} more`;

/** How many resources the observations saw added, and by which command (the one that saw most); undefined when none could see. */
export function observedAdditions(
  observations: readonly Observation[],
): { readonly count: number; readonly by: string } | undefined {
  const counts = observations
    .map(observedChange)
    .flatMap((change) => (change ? [{ count: change.added.length, by: change.label }] : []));
  return counts.sort((a, b) => b.count - a.count)[0];
}
