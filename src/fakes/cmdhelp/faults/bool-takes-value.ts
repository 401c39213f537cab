import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** The parser takes a value for a bool flag (--open=true), as pflag and many hand-written parsers do. */
export const boolTakesValue: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'bool-takes-value',
  description:
    'The parser takes a value for a bool flag (--open=true) that the document types bool',
  violates: ['CMDHELP-02/bool-takes-value'],
  params: {},
  boolValue: () => true,
});
