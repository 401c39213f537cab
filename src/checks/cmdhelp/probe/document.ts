/** CMDHELP-02 (§5): every json answer of the help surface is a cmdhelp v0.1 document. */
import { validateCmdhelpDocument } from '../document.js';
import type { HelpAnswer, Report } from './types.js';

/** Each answer that exited 0, by the document validator (its examples are CMDHELP-07's, judged on the whole tree). */
export function judgeDocuments(
  jsonAnswers: readonly { readonly probe: readonly string[]; readonly answer: HelpAnswer }[],
  report: Report,
): void {
  for (const { probe, answer } of jsonAnswers) {
    if (!answer.ok) continue;
    for (const f of validateCmdhelpDocument(answer.stdout, { examples: false }).findings)
      report(f.id, f.message, probe, f.excerpt);
  }
}
