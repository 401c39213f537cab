import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * --dry-run changes state (§14.2: no side effects). The plans are there, so only the state shows it.
 */
export const dryRunSideEffect: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-06/dry-run-side-effect'];
  return {
    id: 'dry-run-side-effect',
    description: '--dry-run prints the plan, then makes the change anyway (create, update, delete)',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { dryRun: 'applies' },
  };
};
