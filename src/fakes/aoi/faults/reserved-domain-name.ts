import { RESERVED_DOMAIN_NAMES } from '../../../spec/aoi/constants.js';
import { matches, type FaultFactory, type Target } from './stream-fault.js';

export interface ReservedDomainNameParams {
  /** The reserved name the domain events take (default `check`). */
  name: string;
  /** Which events are renamed (default: domain events). */
  target: Target;
}

/**
 * Domain events named like a framework event without its prefix (§8.2: "a domain schema MUST NOT define
 * an unprefixed event type with a framework name"). A domain `summary` is only a warning: §8.2's own
 * rationale shows one coexisting with aoi:summary.
 */
export const reservedDomainName: FaultFactory<ReservedDomainNameParams> = (params = {}) => {
  const p: ReservedDomainNameParams = { name: 'check', target: 'domain', ...params };
  if (!RESERVED_DOMAIN_NAMES.includes(p.name))
    throw new RangeError(
      `reserved-domain-name: "${p.name}" is not a reserved name (${RESERVED_DOMAIN_NAMES.join(', ')})`,
    );
  const isSummary = p.name === 'summary';
  return {
    id: 'reserved-domain-name',
    description: `renames domain events to the reserved framework name "${p.name}"`,
    violates: [isSummary ? 'AOI-04/reserved-name-summary' : 'AOI-04/reserved-name'],
    severity: isSummary ? 'warning' : 'error',
    params: p,
    onEvent(event) {
      return matches(p.target, event) && !event.type.startsWith('aoi:')
        ? [{ ...event, type: p.name }]
        : [event];
    },
  };
};
