import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** Only the fallback form, --cmdhelp-capabilities, says cmdhelp/0.1.0. */
export const fallbackCapabilityPatch: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'fallback-capability-patch',
  description: 'Only the fallback form, --cmdhelp-capabilities, says cmdhelp/0.1.0',
  violates: ['CMDHELP-01/patch-version'],
  params: {},
  capability: (form) => (form === 'fallback' ? { version: '0.1.0' } : {}),
});
