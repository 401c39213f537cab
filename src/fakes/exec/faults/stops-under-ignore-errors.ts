import { define, type ExecFaultFactory } from './fault.js';

export const stopsUnderIgnoreErrors: ExecFaultFactory = () =>
  define({
    id: 'stops-under-ignore-errors',
    description:
      '--ignore-errors is accepted and ignored: the batch stops at the first failed line',
    violates: ['EXEC-05/stopped-under-ignore-errors'],
    params: {},
    continuesAfterFailure: () => false,
  });
