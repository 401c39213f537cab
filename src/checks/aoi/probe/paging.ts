import {
  endOf,
  idOf,
  itemsOf,
  summaryOf,
  type Event,
  type ProbeOutcome,
  type Report,
} from './types.js';

/**
 * AOI-11 (§15): `--limit 1` and `--limit 2` of the same query. At most `limit` items; a page that
 * `--limit 1` cut short (page 2 shows more exists) says truncated:true. Returns page 1's cursor to follow.
 */
export function judgeLimits(
  one: readonly Event[],
  two: readonly Event[],
  report: Report,
): string | undefined {
  for (const [limit, events] of [
    [1, one],
    [2, two],
  ] as const) {
    const count = itemsOf(events).length;
    if (count > limit) report('AOI-11/limit-ignored', `--limit ${limit} returned ${count} items`);
  }
  const summary = summaryOf(one);
  if (itemsOf(one).length === 1 && itemsOf(two).length >= 2 && summary?.truncated !== true) {
    report(
      'AOI-11/truncation-unreported',
      '--limit 1 returned 1 item while more exist (--limit 2 returned 2), without truncated:true',
    );
  }
  return typeof summary?.next_cursor === 'string' && summary.next_cursor !== ''
    ? summary.next_cursor
    : undefined;
}

/** AOI-11 (§15): following page 1's next_cursor succeeds and does not repeat page 1. */
export function judgeCursor(
  firstPage: readonly Event[],
  next: { run: ProbeOutcome; events: readonly Event[] },
  report: Report,
): void {
  const summary = summaryOf(next.events);
  // Failed: a non-zero exit or ok:false. A page without a usable summary is AOI-03's to report.
  if (next.run.exitCode !== 0 || summary?.ok === false) {
    report(
      'AOI-11/cursor-failed',
      `following next_cursor ended with ${endOf(next.run)}${summary ? `, summary ok:${String(summary.ok)}` : ', no summary'}`,
    );
    return;
  }
  const seen = new Set(
    itemsOf(firstPage)
      .map(idOf)
      .filter((id) => id !== undefined),
  );
  const repeated = itemsOf(next.events)
    .map(idOf)
    .filter((id) => id !== undefined && seen.has(id));
  if (repeated.length > 0)
    report('AOI-11/cursor-repeats', `the page after next_cursor repeats ${repeated.join(', ')}`);
}
