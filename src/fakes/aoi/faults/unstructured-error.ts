import type { FaultFactory } from './stream-fault.js';

export type ErrorField = 'category' | 'code' | 'message' | 'retryable';

export interface UnstructuredErrorParams {
  /** The fields of aoi:error that survive (default: only "message", the human text). */
  keep: readonly ErrorField[];
}

/** aoi:error events without the structure §9 and §18.2 #5 require (category, code, message, retryable). */
export const unstructuredError: FaultFactory<UnstructuredErrorParams> = (params = {}) => {
  const p: UnstructuredErrorParams = { keep: ['message'], ...params };
  const dropped = (['category', 'code', 'message', 'retryable'] as const).filter(
    (field) => !p.keep.includes(field),
  );
  if (dropped.length === 0)
    throw new RangeError(
      'unstructured-error: keep must leave out at least one of category, code, message, retryable',
    );
  return {
    id: 'unstructured-error',
    description: `drops ${dropped.join(', ')} from every aoi:error`,
    // Untyped against the aoi:error schema (AOI-04) and without its structured fields (AOI-05): one defect, both rules (§18.1).
    violates: ['AOI-04/schema', 'AOI-05/error-fields'],
    severity: 'error',
    params: p,
    onEvent(event) {
      if (event.type !== 'aoi:error') return [event];
      const copy: typeof event = { ...event };
      for (const field of dropped) delete copy[field];
      return [copy];
    },
  };
};
