import type { FaultFactoryOf } from '../../fault-contract.js';
import { BINARY } from '../tree.js';
import type { HelpdeskFault } from './fault.js';

/** md renders its own examples, not the canonical ones. */
export const mdJsonDisagree: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'md-json-disagree',
  description: 'md renders its own examples, not the canonical ones',
  violates: ['CMDHELP-06/examples-differ'],
  params: {},
  mdExamples: (_examples, path) => [{ cmd: `${BINARY} ${path} --help`, note: 'see the flags' }],
});
