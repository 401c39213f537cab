import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** The capability line says cmdhelp/0.1.0. */
export const capabilityPatch: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'capability-patch',
  description: 'The capability line says cmdhelp/0.1.0',
  violates: ['CMDHELP-01/patch-version'],
  params: {},
  capability: () => ({ version: '0.1.0' }),
});
