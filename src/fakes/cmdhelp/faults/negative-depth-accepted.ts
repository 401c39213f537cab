import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** --depth -1 is taken as 0. */
export const negativeDepthAccepted: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'negative-depth-accepted',
  description: '--depth -1 is taken as 0',
  violates: ['CMDHELP-03/negative-depth'],
  params: {},
  depthFlag: (depth) => (depth < 0 ? 0 : depth),
});
