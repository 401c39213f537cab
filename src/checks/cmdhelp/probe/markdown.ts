/** CMDHELP-05 (§6): the md of the whole tree and of every leaf has the section order and a valid frontmatter. */
import type { CmdhelpDocument } from '../../../spec/cmdhelp/types.js';
import { checkCmdhelpMarkdown } from '../markdown.js';
import { depthProbe } from './probes.js';
import { leafMarkdown, type HelpTree } from './tree.js';
import type { Answers, Report } from './types.js';

export function judgeMarkdown(
  tree: HelpTree,
  deep: CmdhelpDocument | undefined,
  answers: Answers,
  report: Report,
): void {
  const deepProbe = depthProbe(tree.maxLevel, 'md');
  const deepMd = answers(deepProbe);
  if (deepMd.ok && deep)
    for (const f of checkCmdhelpMarkdown(deepMd.stdout, { binary: tree.binary }).findings)
      report(f.id, f.message, deepProbe, f.excerpt, f.line);
  for (const { probe, md } of leafMarkdown(tree, answers))
    for (const f of checkCmdhelpMarkdown(md.stdout, { binary: tree.binary }).findings)
      report(f.id, f.message, probe, f.excerpt, f.line);
}
