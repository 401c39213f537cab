import { define, type ExecFaultFactory } from './fault.js';

export const wrongLine: ExecFaultFactory = () =>
  define({
    id: 'wrong-line',
    description: '_line counts from 0 instead of 1',
    violates: ['EXEC-03/wrong-line'],
    params: {},
    envelope(envelope, line) {
      const meta = envelope.meta as Record<string, unknown>;
      return {
        ...envelope,
        ...('_line' in envelope ? { _line: line - 1 } : {}),
        meta: '_line' in meta ? { ...meta, _line: line - 1 } : meta,
      };
    },
  });
