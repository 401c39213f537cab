/** CMDHELP-07 (§6, §5.3): every example of the assembled tree resolves against its flag tree. */
import type { CmdhelpDocument } from '../../../spec/cmdhelp/types.js';
import { validateCmdhelpDocument } from '../document.js';
import { scopedProbe } from './probes.js';
import type { Report } from './types.js';

export function judgeExamples(assembled: CmdhelpDocument, report: Report): void {
  for (const f of validateCmdhelpDocument(assembled).findings) {
    if (!f.id.startsWith('CMDHELP-07/')) continue;
    // The finding's pointer is /commands/<path>/examples/<k>/cmd: the example is the leaf's, shown by its scoped help.
    const path = f.path.split('/')[2]!.replace(/~1/g, '/').replace(/~0/g, '~');
    report(f.id, f.message, scopedProbe(path), f.excerpt);
  }
}
