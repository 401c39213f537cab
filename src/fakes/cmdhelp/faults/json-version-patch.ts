import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** cmdhelp_version is "0.1.0". */
export const jsonVersionPatch: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'json-version-patch',
  description: 'cmdhelp_version is "0.1.0"',
  violates: ['CMDHELP-02/version-format'],
  params: {},
  json: (doc) => ({ ...doc, cmdhelp_version: '0.1.0' }),
});
