import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** An unknown --format silently falls back to text. */
export const unknownFormatAccepted: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'unknown-format-accepted',
  description: 'An unknown --format silently falls back to text',
  violates: ['CMDHELP-03/unknown-format'],
  params: {},
  unknownFormat: () => 'text',
});
