import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * A dry run that does not say what it would do (§14.2, §8.3: aoi:plan per change).
 */
export const dryRunWithoutPlan: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-06/dry-run-no-plan'];
  return {
    id: 'dry-run-without-plan',
    description:
      '--dry-run changes nothing but plans nothing either: no aoi:plan, just an ok summary (create, update, delete)',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { dryRun: 'no-plan' },
  };
};
