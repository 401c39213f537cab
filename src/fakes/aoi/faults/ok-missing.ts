import type { FaultFactory } from './stream-fault.js';

export interface OkMissingParams {
  /** `absent` drops "ok" (default); `string` writes it as the string "true"/"false". */
  as: 'absent' | 'string';
}

/** The summary has no boolean `ok` (§4, §8.3: success is summary.ok=true). */
export const okMissing: FaultFactory<OkMissingParams> = (params = {}) => {
  const p: OkMissingParams = { as: 'absent', ...params };
  return {
    id: 'ok-missing',
    description:
      p.as === 'absent'
        ? 'drops "ok" from the terminal aoi:summary'
        : 'writes the summary\'s "ok" as a string',
    // Untyped (AOI-04) and unverifiable (AOI-03): one defect, both characteristics (§18.1).
    violates: ['AOI-03/summary-ok-missing', 'AOI-04/schema'],
    severity: 'error',
    params: p,
    onEvent(event) {
      if (event.type !== 'aoi:summary') return [event];
      const { ok, ...rest } = event;
      return [p.as === 'absent' ? rest : { ...rest, ok: String(ok) }];
    },
  };
};
