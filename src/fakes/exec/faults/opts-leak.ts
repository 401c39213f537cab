import { define, type ExecFaultFactory } from './fault.js';

export const optsLeak: ExecFaultFactory = () =>
  define({
    id: 'opts-leak',
    description:
      'a line’s _opts are merged into a batch-wide set of flags and stay in force for every later line (a per-line --dry-run makes the rest of the batch a dry run)',
    violates: ['EXEC-09/leaked'],
    params: {},
    carriesOpts: () => true,
  });
