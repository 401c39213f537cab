import { define, type ExecFaultFactory } from './fault.js';

export const dryRunNotForwarded: ExecFaultFactory = () =>
  define({
    id: 'dry-run-not-forwarded',
    description: '`exec --dry-run` is not passed on to the dispatched commands: mutations happen',
    violates: ['EXEC-08/not-forwarded'],
    params: {},
    forwardsDryRun: () => false,
  });
