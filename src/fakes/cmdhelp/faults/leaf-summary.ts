import type { FaultFactoryOf } from '../../fault-contract.js';
import { isLeaf } from '../render.js';
import type { HelpdeskFault } from './fault.js';

/** help <leaf> prints only the summary. */
export const leafSummary: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'leaf-summary',
  description: 'help <leaf> prints only the summary',
  violates: ['CMDHELP-04/leaf-not-detailed'],
  params: {},
  view: (view) =>
    view.scope !== '' && isLeaf(view.scope)
      ? { ...view, entries: view.entries.map((e) => ({ ...e, detail: false })) }
      : view,
});
