import { distinct, perRun, worstOf, type Event, type FaultFactory } from './stream-fault.js';

export type LateEvent = 'progress' | 'warning' | 'item';

export interface SummaryNotLastParams {
  /**
   * What follows the summary (default `progress`, which no summary counts). `warning` and `item` (a
   * repeat of the last domain event) also make the summary's counts wrong.
   */
  late: LateEvent;
}

/** An event after the terminal summary (§4, §8.3: the summary is the terminal event). */
export const summaryNotLast: FaultFactory<SummaryNotLastParams> = (params = {}) => {
  const p: SummaryNotLastParams = { late: 'progress', ...params };
  const lastItem = perRun<{ event?: Event }>(() => ({}));
  const violates = distinct([
    'AOI-03/summary-not-last',
    ...(p.late === 'progress' ? [] : ['AOI-03/count-mismatch']),
  ]);
  return {
    id: 'summary-not-last',
    description: `writes ${p.late === 'item' ? 'a domain event' : `an aoi:${p.late}`} after the terminal aoi:summary, as a late async flush would`,
    violates,
    severity: worstOf(violates),
    params: p,
    onEvent(event, state) {
      const memory = lastItem(state);
      if (!event.type.startsWith('aoi:')) memory.event = event;
      if (event.type !== 'aoi:summary') return [event];
      const late: Event =
        p.late === 'progress'
          ? { type: 'aoi:progress', message: 'flushing search index', percent: 100 }
          : p.late === 'warning'
            ? {
                type: 'aoi:warning',
                code: 'INDEX_FLUSH_SLOW',
                message: 'flushing the search index took 2.1 s',
              }
            : (memory.event ?? { type: 'note_touched', id: 'n_0001' });
      return [event, late];
    },
  };
};
