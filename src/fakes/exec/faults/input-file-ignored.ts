import { define, type ExecFaultFactory } from './fault.js';

export const inputFileIgnored: ExecFaultFactory = () =>
  define({
    id: 'input-file-ignored',
    description: '--input-file is accepted and ignored: the batch is read from stdin',
    violates: ['EXEC-10/input-file'],
    params: {},
    readsInputFile: () => false,
  });
