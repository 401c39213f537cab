import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/**
 * The capability probe checks for updates over the network before answering. It tries the loopback discard
 * port, so that even without the kit's tripwire nothing leaves the machine; only the process acts on it.
 */
export const capabilityPhonesHome: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'capability-phones-home',
  description:
    'The capability probe reaches for the network (an update check) before printing the line',
  violates: ['CMDHELP-01/network'],
  params: {},
  processOnly: true,
  capabilityReach: () => ({ host: '127.0.0.1', port: 9 }),
});
