import { FRAMEWORK_EVENT_TYPES } from '../../../spec/aoi/constants.js';
import { pick, type FaultFactory } from './stream-fault.js';

export interface UnknownFrameworkTypeParams {
  /** Write the event before the event at this position (default 1: right after meta). */
  after: number;
  /** Its type, an `aoi:` name v0.2 does not define; by default chosen with the run's seed. */
  type?: string;
}

const INVENTED = ['aoi:debug', 'aoi:log', 'aoi:trace', 'aoi:stats'];

/**
 * An event in the reserved `aoi:` namespace that AOI-CLI v0.2 does not define (§8.2). A warning: a later
 * version of the spec may define it. It is not an item, so no count changes.
 */
export const unknownFrameworkType: FaultFactory<UnknownFrameworkTypeParams> = (params = {}) => {
  const p: UnknownFrameworkTypeParams = { after: 1, ...params };
  if (
    p.type !== undefined &&
    (!p.type.startsWith('aoi:') || (FRAMEWORK_EVENT_TYPES as readonly string[]).includes(p.type))
  ) {
    throw new RangeError(
      `unknown-framework-type: "${p.type}" must be an aoi: type that v0.2 does not define`,
    );
  }
  return {
    id: 'unknown-framework-type',
    description: `writes an undefined ${p.type ?? 'aoi:…'} event before event #${p.after}`,
    violates: ['AOI-04/unknown-framework-type'],
    severity: 'warning',
    params: p,
    onEvent(event, state) {
      if (state.index !== p.after) return [event];
      return [
        { type: p.type ?? pick(INVENTED, state.random), message: 'search index warm (3 notes)' },
        event,
      ];
    },
  };
};
