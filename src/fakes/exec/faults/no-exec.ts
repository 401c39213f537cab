import { define, type ExecFaultFactory } from './fault.js';

export const noExec: ExecFaultFactory = () =>
  define({
    id: 'no-exec',
    description:
      '`exec` is not a command (the manifest still lists it): notes answers a usage error and no envelope',
    violates: ['EXEC-01/no-exec'],
    params: {},
    offersExec: () => false,
  });
