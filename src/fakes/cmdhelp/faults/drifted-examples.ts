import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** An example still uses a flag that was renamed (--prio). */
export const driftedExamples: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'drifted-examples',
  description: 'An example still uses a flag that was renamed (--prio)',
  violates: ['CMDHELP-07/unknown-flag'],
  params: {},
  examples: (examples, path) =>
    path === 'ticket create'
      ? [
          {
            cmd: 'helpdesk ticket create "Printer jam" --queue it --prio high',
            note: 'file a high-priority IT ticket',
          },
          ...examples.slice(1),
        ]
      : examples,
});
