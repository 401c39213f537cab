import { between, type FaultFactory } from './stream-fault.js';

export interface MiscountedSummaryParams {
  /** The summary field that is off (default `count`). */
  field: 'count' | 'warning_count' | 'error_count';
  /** By how much; by default 1 to 3, chosen with the run's seed. */
  delta?: number;
}

/**
 * Summary counts that disagree with the events the stream carried. A warning: the spec does not define
 * exactly what count covers (§19.4).
 */
export const miscountedSummary: FaultFactory<MiscountedSummaryParams> = (params = {}) => {
  const p: MiscountedSummaryParams = { field: 'count', ...params };
  if (p.delta !== undefined && (!Number.isInteger(p.delta) || p.delta < 1))
    throw new RangeError(`miscounted-summary: delta must be a positive integer, got ${p.delta}`);
  return {
    id: 'miscounted-summary',
    description: `over-reports summary.${p.field}`,
    violates: ['AOI-03/count-mismatch'],
    severity: 'warning',
    params: p,
    onEvent(event, state) {
      if (event.type !== 'aoi:summary' || typeof event[p.field] !== 'number') return [event];
      return [
        {
          ...event,
          [p.field]: (event[p.field] as number) + (p.delta ?? between(1, 3, state.random)),
        },
      ];
    },
  };
};
