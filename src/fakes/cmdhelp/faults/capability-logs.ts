import type { FaultFactoryOf } from '../../fault-contract.js';
import { BINARY } from '../tree.js';
import type { HelpdeskFault } from './fault.js';

/** The capability probe logs a line on stderr. */
export const capabilityLogs: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'capability-logs',
  description: 'The capability probe logs a line on stderr',
  violates: ['CMDHELP-01/side-effect'],
  params: {},
  capability: () => ({ stderr: `${BINARY}: checking capabilities\n` }),
});
