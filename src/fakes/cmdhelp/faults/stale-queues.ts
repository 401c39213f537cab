import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** help splices a stale queue list (a cache from another workspace) while `queue list` prints the workspace's own. */
export const staleQueues: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'stale-queues',
  description:
    'help splices a stale queue list into its dynamic enums, not what `queue list` prints in the workspace',
  violates: ['CMDHELP-02/dynamic-enum-differs'],
  params: {},
  helpQueues: (queues) => [...queues.slice(0, -1), 'archive'],
});
