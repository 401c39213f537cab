import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** The capability line leaves out text. */
export const capabilityMissingText: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'capability-missing-text',
  description: 'The capability line leaves out text',
  violates: ['CMDHELP-01/missing-format'],
  params: {},
  capability: () => ({ formats: 'md, json, llm' }),
});
