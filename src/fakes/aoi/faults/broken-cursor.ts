import { worstOf, type FaultFactory } from './stream-fault.js';

export interface BrokenCursorParams {
  /** `rejects` (default): every cursor is a usage error. `repeats`: a cursor is accepted and the page starts at 0 again. */
  how: 'rejects' | 'repeats';
}

/** next_cursor leads nowhere (§15): following it fails, or returns the first page again (search, list). */
export const brokenCursor: FaultFactory<BrokenCursorParams> = (params = {}) => {
  const p: BrokenCursorParams = { how: 'rejects', ...params };
  const violates = p.how === 'rejects' ? ['AOI-11/cursor-failed'] : ['AOI-11/cursor-repeats'];
  return {
    id: 'broken-cursor',
    description:
      p.how === 'rejects'
        ? 'rejects the next_cursor it returned as a usage error'
        : 'accepts its next_cursor but starts every page at the first result',
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { paging: p.how === 'rejects' ? 'cursor-rejected' : 'cursor-restarts' },
  };
};
