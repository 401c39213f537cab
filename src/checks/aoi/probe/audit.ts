import { idOf, itemsOf, type Event, type Report } from './types.js';

/**
 * AOI-08 (§14.5): a successful mutation names what it changed, each domain event with a stable id.
 * `aoi:plan` events of a dry run are judged by AOI-06, not here.
 */
export function judgeMutationEvents(events: readonly Event[], report: Report, excerpt: (event: Event) => string): void {
  const items = itemsOf(events);
  if (items.length === 0) {
    report('AOI-08/no-mutation-event', 'the mutation succeeded but emitted no event naming the resource it changed');
    return;
  }
  const missing = items.filter((event) => idOf(event) === undefined);
  for (const event of missing.slice(0, 3)) report('AOI-08/missing-id', `a "${event.type}" event carries no id, *_id, path, url or uri`, { excerpt: excerpt(event) });
}
