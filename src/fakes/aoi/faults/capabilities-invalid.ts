import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * The §17 manifest is not valid. Without it the linter plans from the invocations alone, so it cannot know
 * that `watch` is unbounded: its base probe runs until the timeout (AOI-03/timed-out). The reference lint
 * plan invokes `watch`, so that finding is part of the declaration.
 */
export const capabilitiesInvalid: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-01/capabilities-invalid', 'AOI-03/timed-out'];
  return {
    id: 'capabilities-invalid',
    description:
      '`capabilities` keys its commands by name (an object) instead of listing them, as §17 shows',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { capabilitiesInvalid: true },
  };
};
