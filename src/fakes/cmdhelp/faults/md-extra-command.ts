import type { FaultFactoryOf } from '../../fault-contract.js';
import { isLeafScope } from '../render.js';
import { BINARY } from '../tree.js';
import type { HelpdeskFault } from './fault.js';

/** md documents a command json does not know. */
export const mdExtraCommand: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'md-extra-command',
  description: 'md documents a command json does not know',
  violates: ['CMDHELP-06/commands-differ'],
  params: {},
  md: (lines, view) =>
    !isLeafScope(view) && view.entries.some((e) => e.detail)
      ? [...lines, `## \`${BINARY} ticket reopen\``, '', 'Reopen a ticket.', '']
      : lines,
});
