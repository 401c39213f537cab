import { pick, type FaultFactory } from './stream-fault.js';

export interface UnknownErrorCategoryParams {
  /** The invented category; by default one of a few that tools make up, chosen with the run's seed. */
  category?: string;
}

/** Categories tools invent instead of mapping to §9.1 (none of them is a standard category). */
const INVENTED = ['missing', 'NotFound', 'http_404', 'lookup_failed', 'error', 'fatal'];

/**
 * Rewrites every aoi:error's category to one outside §9.1 (§21: "Every tool invents error codes with
 * no category mapping"). A warning: §23 leaves open whether the categories are a fixed enum.
 */
export const unknownErrorCategory: FaultFactory<UnknownErrorCategoryParams> = (params = {}) => {
  const p: UnknownErrorCategoryParams = { ...params };
  return {
    id: 'unknown-error-category',
    description: `rewrites aoi:error categories to ${p.category ? `"${p.category}"` : 'invented ones'} outside the §9.1 taxonomy`,
    violates: ['AOI-05/unknown-category'],
    severity: 'warning',
    params: p,
    onEvent(event, state) {
      if (event.type !== 'aoi:error') return [event];
      return [{ ...event, category: p.category ?? pick(INVENTED, state.random) }];
    },
  };
};
