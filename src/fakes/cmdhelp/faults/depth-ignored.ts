import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** --depth is parsed and ignored: always the summary. */
export const depthIgnored: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'depth-ignored',
  description: '--depth is parsed and ignored: always the summary',
  violates: ['CMDHELP-04/depth-ignored'],
  params: {},
  expand: () => 0,
});
