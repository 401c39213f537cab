import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * A destructive command runs without explicit confirmation (§14.3).
 */
export const destructiveWithoutConfirmation: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-06/unconfirmed-destructive'];
  return {
    id: 'destructive-without-confirmation',
    description: '`delete` deletes without --confirm',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { confirmation: 'skipped' },
  };
};
