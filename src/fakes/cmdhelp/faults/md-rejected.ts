import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** --format md is rejected. */
export const mdRejected: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'md-rejected',
  description: '--format md is rejected',
  violates: ['CMDHELP-03/format-unsupported'],
  params: {},
  format: (format) => (format === 'md' ? { usage: '--format md is not supported' } : format),
});
