import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * The manifest promises a key the parser does not know (§14.4, §17).
 */
export const idempotencyKeyRejected: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-07/key-rejected'];
  return {
    id: 'idempotency-key-rejected',
    description:
      'advertises supports_idempotency_key but rejects --idempotency-key as an unknown flag',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { idempotencyKey: 'rejected' },
  };
};
