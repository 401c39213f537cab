import { pick, type FaultFactory } from './stream-fault.js';

export interface TruncatedWithoutCursorParams {
  /** `absent` drops next_cursor, `null` nulls it; by default chosen with the run's seed. */
  as?: 'absent' | 'null';
}

/**
 * A truncated page without a cursor to fetch the rest (§15: next_cursor SHOULD be set when more data
 * can be fetched; a warning). Acts only on summaries that say truncated:true.
 */
export const truncatedWithoutCursor: FaultFactory<TruncatedWithoutCursorParams> = (params = {}) => {
  const p: TruncatedWithoutCursorParams = { ...params };
  return {
    id: 'truncated-without-cursor',
    description: 'drops next_cursor from a summary that says truncated:true',
    violates: ['AOI-11/truncated-without-cursor'],
    severity: 'warning',
    params: p,
    onEvent(event, state) {
      if (event.type !== 'aoi:summary' || event.truncated !== true) return [event];
      const { next_cursor: _cursor, ...rest } = event;
      return [
        (p.as ?? pick(['absent', 'null'] as const, state.random)) === 'absent'
          ? rest
          : { ...rest, next_cursor: null },
      ];
    },
  };
};
