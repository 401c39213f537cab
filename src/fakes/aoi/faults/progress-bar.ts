import { between, text, type FaultFactory } from './stream-fault.js';

export interface ProgressBarParams {
  /** Draw the bar before the event at this position (default 1: right after meta). */
  after: number;
}

/**
 * A terminal progress bar redrawn with carriage returns (§2: machine-mode stdout must not include
 * progress bars; progress belongs in aoi:progress events). The bar's steps are chosen with the run's seed.
 */
export const progressBar: FaultFactory<ProgressBarParams> = (params = {}) => {
  const p: ProgressBarParams = { after: 1, ...params };
  return {
    id: 'progress-bar',
    description: `draws a carriage-return progress bar on stdout before event #${p.after}`,
    violates: ['AOI-02/control'],
    severity: 'error',
    params: p,
    onEvent(event, state) {
      if (state.index !== p.after) return [event];
      const steps = [between(5, 40, state.random), between(41, 90, state.random), 100];
      const bar = (pct: number) =>
        `Searching [${'#'.repeat(Math.round(pct / 10)).padEnd(10, ' ')}] ${pct}%`;
      return [text(steps.map(bar).join('\r')), event];
    },
  };
};
