import { define, type ExecFaultFactory } from './fault.js';

export const dispatchesBeforeParsing: ExecFaultFactory = () =>
  define({
    id: 'dispatches-before-parsing',
    description:
      'each line is dispatched as soon as it is parsed and its envelope held back: a malformed line still gets DISPATCH_PARSE_ERROR, exit 2 and no other envelope, but the lines before it have run',
    violates: ['EXEC-07/dispatched'],
    params: {},
    dispatchesWhileParsing: () => true,
  });
