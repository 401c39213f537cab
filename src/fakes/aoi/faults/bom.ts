import type { FaultFactory } from './stream-fault.js';

/**
 * A UTF-8 byte order mark before the first event (RFC 8259 §8.1: JSON text must not begin with one).
 * List it first when composing: a BOM after another fault's start-up lines is no longer the stream's start.
 */
export const bom: FaultFactory<Record<string, never>> = () => ({
  id: 'bom',
  description: 'writes a UTF-8 byte order mark (EF BB BF) at the very start of stdout',
  violates: ['AOI-02/bom'],
  severity: 'error',
  params: {},
  onStart() {
    return [{ raw: '\uFEFF' }];
  },
});
