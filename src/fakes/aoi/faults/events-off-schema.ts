import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * Events that break the tool's own schema (§1.1, §10): `hit.rank` as a string and `entry.tags` as one
 * comma-separated string. Only a checker that reads `schema --output json` can tell; the stream itself
 * is well-formed.
 */
export const eventsOffSchema: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-04/declared-schema'];
  return {
    id: 'events-off-schema',
    description:
      'emits hits whose rank is a string and entries whose tags are one comma-separated string, against its own schema',
    violates,
    severity: worstOf(violates),
    params: {},
    onEvent(event) {
      if (event.type === 'hit' && typeof event.rank === 'number')
        return [{ ...event, rank: String(event.rank) }];
      if (event.type === 'entry' && Array.isArray(event.tags))
        return [{ ...event, tags: event.tags.join(',') }];
      return [event];
    },
  };
};
