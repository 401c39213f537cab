import { define, type ExecFaultFactory } from './fault.js';

export const lostLines: ExecFaultFactory = () =>
  define({
    id: 'lost-lines',
    description: 'the envelope of every third input line is never written',
    violates: ['EXEC-03/missing-output'],
    params: {},
    writesEnvelope: (writes, line) => writes && line % 3 !== 0,
  });
