import { perRun, type Event, type FaultFactory } from './stream-fault.js';

/**
 * aoi:meta written after the first event instead of before it (§4: a finite operation SHOULD emit meta
 * first; a warning). The meta is held back and written right after the next event.
 */
export const lateMeta: FaultFactory<Record<string, never>> = () => {
  const held = perRun<{ meta?: Event; done: boolean }>(() => ({ done: false }));
  return {
    id: 'late-meta',
    description: 'writes aoi:meta after the first event that follows it',
    violates: ['AOI-03/meta-not-first'],
    severity: 'warning',
    params: {},
    onEvent(event, state) {
      const memory = held(state);
      if (memory.done) return [event];
      if (event.type === 'aoi:meta' && !memory.meta) {
        memory.meta = event;
        return [];
      }
      if (!memory.meta) return [event];
      memory.done = true;
      return [event, memory.meta];
    },
  };
};
