import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** --depth is honoured at the root but ignored below a group: `help ticket --depth 1` is the summary. */
export const groupDepthIgnored: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'group-depth-ignored',
  description:
    '--depth is honoured at the root but ignored below a group: help ticket --depth 1 is the summary',
  violates: ['CMDHELP-04/depth-ignored'],
  params: {},
  expand: (depth, scope) => (scope === '' ? depth : 0),
});
