import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** help without --format prints md. */
export const mdDefault: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'md-default',
  description: 'help without --format prints md',
  violates: ['CMDHELP-03/text-not-default'],
  params: {},
  defaultFormat: () => 'md',
});
