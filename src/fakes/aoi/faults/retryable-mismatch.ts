import type { FaultFactory } from './stream-fault.js';

/** §9.1's categories whose retry default is a plain yes or no ("maybe" leaves it to the tool). */
const DEFINITE = new Set([
  'usage',
  'validation',
  'authz',
  'not_found',
  'config',
  'rate_limited',
  'temporary',
  'timeout',
]);

/**
 * Flips `retryable` on errors whose category has a definite retry default in §9.1 (not_found is never
 * worth retrying; rate_limited always is). A warning: the table gives defaults, and a tool may know better.
 */
export const retryableMismatch: FaultFactory<Record<string, never>> = () => ({
  id: 'retryable-mismatch',
  description: 'flips "retryable" on aoi:error events against their category\'s §9.1 default',
  violates: ['AOI-05/retryable-mismatch'],
  severity: 'warning',
  params: {},
  onEvent(event) {
    if (
      event.type !== 'aoi:error' ||
      typeof event.category !== 'string' ||
      !DEFINITE.has(event.category) ||
      typeof event.retryable !== 'boolean'
    )
      return [event];
    return [{ ...event, retryable: !event.retryable }];
  },
});
