import type { FaultFactory } from './stream-fault.js';

export interface TruncationWithoutFlagParams {
  /** `absent` drops "truncated" (default); `false` says truncated:false. */
  as: 'absent' | 'false';
}

/**
 * A truncated page whose summary keeps next_cursor but does not say truncated (§15: "If output is
 * truncated, summary.truncated MUST be true"). Acts only on summaries that carry a cursor.
 */
export const truncationWithoutFlag: FaultFactory<TruncationWithoutFlagParams> = (params = {}) => {
  const p: TruncationWithoutFlagParams = { as: 'absent', ...params };
  return {
    id: 'truncation-without-flag',
    description: `${p.as === 'absent' ? 'drops "truncated" from' : 'writes truncated:false in'} a summary that still has a next_cursor`,
    violates: ['AOI-11/cursor-without-truncated'],
    severity: 'warning',
    // The linter's paging probes see the same page cut short without truncated:true.
    underLint: { also: ['AOI-11/truncation-unreported'] },
    params: p,
    onEvent(event) {
      if (
        event.type !== 'aoi:summary' ||
        typeof event.next_cursor !== 'string' ||
        event.next_cursor === ''
      )
        return [event];
      const { truncated: _truncated, ...rest } = event;
      return [p.as === 'absent' ? rest : { ...rest, truncated: false }];
    },
  };
};
