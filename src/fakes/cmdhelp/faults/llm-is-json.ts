import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** --format llm prints the json document. */
export const llmIsJson: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'llm-is-json',
  description: '--format llm prints the json document',
  violates: ['CMDHELP-03/llm-not-md'],
  params: {},
  format: (format) => (format === 'llm' ? 'json' : format),
});
