import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** <sub> --help --format md renders other markdown than help <sub> --format md. */
export const helpFlagDiffers: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'help-flag-differs',
  description: '<sub> --help --format md renders other markdown than help <sub> --format md',
  violates: ['CMDHELP-08/parity'],
  params: {},
  helpFlagMd: (md) => md.replace(/^---\n[\s\S]*?\n---\n\n/, ''),
});
