import type { FaultFactoryOf } from '../../fault-contract.js';
import { isLeaf } from '../render.js';
import type { HelpdeskFault } from './fault.js';

/** help at the root shows its leaves in full detail. */
export const rootDetail: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'root-detail',
  description: 'help at the root shows its leaves in full detail',
  violates: ['CMDHELP-04/root-not-summary'],
  params: {},
  view: (view, depth) =>
    view.scope === '' && depth === 0
      ? { ...view, entries: view.entries.map((e) => (isLeaf(e.path) ? { ...e, detail: true } : e)) }
      : view,
});
