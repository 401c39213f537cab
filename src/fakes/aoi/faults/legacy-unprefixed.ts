import { FRAMEWORK_EVENT_TYPES, type FrameworkEventType } from '../../../spec/aoi/constants.js';
import { distinct, summaryLossUnderLint, worstOf, type FaultFactory } from './stream-fault.js';

export interface LegacyUnprefixedParams {
  /** The framework types written without their `aoi:` prefix (default: meta and summary, as pre-0.2 streams did). */
  types: readonly FrameworkEventType[];
}

/**
 * A pre-0.2 stream: framework events without the `aoi:` prefix (§8.2: "No aliases. A framework type is
 * always written with the aoi: prefix"). To a v0.2 consumer `meta` and `summary` are domain events with
 * reserved names, so the stream also has no aoi:meta (none leads, none reports schema_version) and no
 * terminal aoi:summary (EOF without one after exit 0). While the summary keeps its prefix, every other
 * renamed event (meta, error, warning, progress, heartbeat) becomes an item it did not count. The
 * declaration holds for runs that emit every renamed type.
 */
export const legacyUnprefixed: FaultFactory<LegacyUnprefixedParams> = (params = {}) => {
  const p: LegacyUnprefixedParams = { types: ['aoi:meta', 'aoi:summary'], ...params };
  const unknown = p.types.filter(
    (type) => !(FRAMEWORK_EVENT_TYPES as readonly string[]).includes(type),
  );
  if (unknown.length > 0 || p.types.length === 0)
    throw new RangeError(
      `legacy-unprefixed: types must be framework types, got ${JSON.stringify(p.types)}`,
    );
  const summaryKept = !p.types.includes('aoi:summary');
  const ids: string[] = [];
  for (const type of p.types) {
    if (type === 'aoi:summary')
      ids.push('AOI-04/reserved-name-summary', 'AOI-03/eof-without-summary');
    else ids.push('AOI-04/reserved-name');
    if (type === 'aoi:meta') ids.push('AOI-03/meta-not-first', 'AOI-13/meta-schema-version');
    // Unprefixed, it is a domain event: an item the summary did not count (check and plan were items already).
    if (type !== 'aoi:summary' && type !== 'aoi:check' && type !== 'aoi:plan' && summaryKept)
      ids.push('AOI-03/count-mismatch');
  }
  const violates = distinct(ids);
  return {
    id: 'legacy-unprefixed',
    description: `writes ${p.types.join(', ')} without the aoi: prefix, as AOI streams before v0.2 did`,
    violates,
    severity: worstOf(violates),
    underLint: summaryLossUnderLint(p.types),
    params: p,
    onEvent(event) {
      return (p.types as readonly string[]).includes(event.type)
        ? [{ ...event, type: event.type.slice(4) }]
        : [event];
    },
  };
};
