import { worstOf, type FaultFactory } from './stream-fault.js';

const MUTATIONS = new Set(['created', 'updated', 'deleted']);

/**
 * `created`, `updated` and `deleted` events without the id of the note (§14.5). The tool's own schema
 * requires `id` on them, so the events also fail it.
 */
export const mutationsWithoutIds: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-08/missing-id', 'AOI-04/declared-schema'];
  return {
    id: 'mutations-without-ids',
    description: 'emits created, updated and deleted events without the id of the note they name',
    violates,
    severity: worstOf(violates),
    params: {},
    onEvent(event) {
      if (!MUTATIONS.has(event.type)) return [event];
      const { id: _id, ...rest } = event;
      return [rest];
    },
  };
};
