import { define, type ExecFaultFactory } from './fault.js';

export const readsStdin: ExecFaultFactory = () =>
  define({
    id: 'reads-stdin',
    description: 'with --input-file, exec still waits for stdin to close before dispatching',
    violates: ['EXEC-10/reads-stdin'],
    params: {},
    readsStdinBesideInputFile: () => true,
  });
