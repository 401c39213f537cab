import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** An example passes a value to a bool flag (--open=true). */
export const boolWithValue: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'bool-with-value',
  description: 'An example passes a value to a bool flag (--open=true)',
  violates: ['CMDHELP-07/bool-with-value'],
  params: {},
  examples: (examples, path) =>
    path === 'ticket list'
      ? [
          {
            cmd: 'helpdesk ticket list --open=true --limit 5',
            note: 'the five newest open tickets',
          },
          ...examples.slice(1),
        ]
      : examples,
});
