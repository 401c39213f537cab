import type { FaultFactory } from './stream-fault.js';

/**
 * A failing run (summary ok:false) that exits 0. A warning: §6 makes exit 0 process-level success only,
 * and the summary carries the application's verdict; still, shell pipelines see success.
 */
export const exitZeroOnFailure: FaultFactory<Record<string, never>> = () => ({
  id: 'exit-zero-on-failure',
  description: 'exits 0 after a summary that says ok:false',
  violates: ['AOI-03/exit-zero-not-ok'],
  severity: 'warning',
  params: {},
  onEvent(event, state) {
    if (event.type === 'aoi:summary' && event.ok === false) state.end = { exitCode: 0 };
    return [event];
  },
});
