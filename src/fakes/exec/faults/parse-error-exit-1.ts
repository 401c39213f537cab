import { define, type ExecFaultFactory } from './fault.js';

export const parseErrorExit1: ExecFaultFactory = () =>
  define({
    id: 'parse-error-exit-1',
    description:
      'a malformed stream exits 1 instead of 2 (still DISPATCH_PARSE_ERROR, still nothing dispatched)',
    violates: ['EXEC-07/exit'],
    params: {},
    malformedExit: () => 1,
  });
