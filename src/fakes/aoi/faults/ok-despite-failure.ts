import type { FaultFactory } from './stream-fault.js';

/** A failing run whose summary says ok:true while the process exits non-zero (§4.1, §6: the signals contradict). */
export const okDespiteFailure: FaultFactory<Record<string, never>> = () => ({
  id: 'ok-despite-failure',
  description: 'writes ok:true in the summary of a run that fails (and exits non-zero)',
  violates: ['AOI-03/nonzero-exit-ok'],
  severity: 'error',
  params: {},
  onEvent(event) {
    return event.type === 'aoi:summary' && event.ok === false ? [{ ...event, ok: true }] : [event];
  },
});
