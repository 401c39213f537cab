import { define, type ExecFaultFactory } from './fault.js';

export const malformedSkippedUnderIgnoreErrors: ExecFaultFactory = () =>
  define({
    id: 'malformed-skipped-under-ignore-errors',
    description:
      '--ignore-errors is read as covering a malformed stream too: the bad line is answered DISPATCH_PARSE_ERROR like a failed line, the others are dispatched, exit 1 (without --ignore-errors it exits 2 and dispatches nothing)',
    violates: ['EXEC-07/exit', 'EXEC-07/dispatched'],
    params: {},
    skipsMalformedLine: (skips, ignoreErrors) => skips || ignoreErrors,
  });
