import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** --format llm is rejected although the capability line lists it. */
export const llmRejected: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'llm-rejected',
  description: '--format llm is rejected although the capability line lists it',
  violates: ['CMDHELP-01/listed-unsupported'],
  params: {},
  format: (format) => (format === 'llm' ? { usage: '--format llm is not supported' } : format),
});
