import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** any --depth of 1 or more expands the whole tree in full detail. */
export const depthUnbounded: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'depth-unbounded',
  description: 'any --depth of 1 or more expands the whole tree in full detail',
  violates: ['CMDHELP-04/depth-overexpanded'],
  params: {},
  expand: (depth) => (depth >= 1 ? Infinity : depth),
});
