import type { FaultFactory } from './stream-fault.js';

/** The terminal summary written twice (§4, §8.3: one terminal summary). */
export const duplicateSummary: FaultFactory<Record<string, never>> = () => ({
  id: 'duplicate-summary',
  description: 'writes the terminal aoi:summary twice',
  violates: ['AOI-03/multiple-summaries'],
  severity: 'error',
  params: {},
  onEvent(event) {
    return event.type === 'aoi:summary' ? [event, { ...event }] : [event];
  },
});
