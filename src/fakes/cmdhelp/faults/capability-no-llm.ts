import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** The capability line leaves out llm, which --format accepts. */
export const capabilityNoLlm: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'capability-no-llm',
  description: 'The capability line leaves out llm, which --format accepts',
  violates: ['CMDHELP-01/unlisted-format'],
  params: {},
  capability: () => ({ formats: 'text, md, json' }),
});
