import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** The capability probe prints a second line. */
export const capabilityTwoLines: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'capability-two-lines',
  description: 'The capability probe prints a second line',
  violates: ['CMDHELP-01/not-single-line'],
  params: {},
  capability: () => ({ extraLines: 'see https://example.invalid/helpdesk/cmdhelp\n' }),
});
