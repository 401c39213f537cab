import type { FaultFactoryOf } from '../../fault-contract.js';
import type { HelpdeskFault } from './fault.js';

/** md renders ### Examples before ### Flags. */
export const wrongSectionOrder: FaultFactoryOf<HelpdeskFault> = () => ({
  id: 'wrong-section-order',
  description: 'md renders ### Examples before ### Flags',
  violates: ['CMDHELP-05/section-order'],
  params: {},
  mdSections: (sections) => {
    const ex = sections.findIndex(([title]) => title === 'Examples');
    const fl = sections.findIndex(([title]) => title === 'Flags');
    if (!(ex > fl && fl !== -1)) return sections;
    const moved = [...sections];
    moved.splice(fl, 0, moved.splice(ex, 1)[0]!);
    return moved;
  },
});
