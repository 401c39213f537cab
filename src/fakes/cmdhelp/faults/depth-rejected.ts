import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** any --depth above 0 is refused as a usage error. */
export const depthRejected: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'depth-rejected',
  description: 'any --depth above 0 is refused as a usage error',
  violates: ['CMDHELP-04/depth-ignored'],
  params: {},
  depthFlag: (depth) => (depth > 0 ? { usage: '--depth must be 0' } : depth),
});
