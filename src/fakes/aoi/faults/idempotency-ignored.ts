import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * The key is accepted, never stored (§14.4): the replay doubles the effect and reports another id.
 * (`update` sets fields, which is idempotent anyway.)
 */
export const idempotencyIgnored: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-07/effect-doubled', 'AOI-07/replay-differs'];
  return {
    id: 'idempotency-ignored',
    description:
      'accepts --idempotency-key and ignores it: a replay of `create` creates a second note with a new id',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { idempotencyKey: 'ignored' },
  };
};
