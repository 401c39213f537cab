import { define, type ExecFaultFactory } from './fault.js';

export const optsIgnored: ExecFaultFactory = () =>
  define({
    id: 'opts-ignored',
    description: '_opts are dropped: no per-line flag reaches the command',
    violates: ['EXEC-09/bare-flag', 'EXEC-09/valued-flag'],
    params: {},
    forwardsOpts: () => false,
  });
