import { define, type ExecFaultFactory } from './fault.js';

export const dryRunToSafe: ExecFaultFactory = () =>
  define({
    id: 'dry-run-to-safe',
    description:
      '`exec --dry-run` passes --dry-run to every command, read-only ones too (which refuse it)',
    violates: ['EXEC-08/forwarded-to-safe'],
    params: {},
    dryRunReaches: () => true,
  });
