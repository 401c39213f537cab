import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** help queue also lists status. */
export const scopeLeak: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'scope-leak',
  description: 'help queue also lists status',
  violates: ['CMDHELP-04/scope-leak'],
  params: {},
  view: (view) =>
    view.scope === 'queue'
      ? { ...view, entries: [...view.entries, { path: 'status', detail: false }] }
      : view,
});
