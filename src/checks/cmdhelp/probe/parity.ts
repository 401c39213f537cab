/** CMDHELP-06 (§6): md and json are drawn from the same commands and the same examples. */
import type { CmdhelpDocument } from '../../../spec/cmdhelp/types.js';
import { checkCmdhelpMarkdown } from '../markdown.js';
import { depthProbe } from './probes.js';
import { hasDetail, isObject, leafMarkdown, type HelpTree } from './tree.js';
import type { Answers, Report } from './types.js';

export function judgeParity(
  tree: HelpTree,
  deep: CmdhelpDocument | undefined,
  answers: Answers,
  report: Report,
): void {
  // The whole tree at its deepest level: the same commands in detail.
  const deepProbe = depthProbe(tree.maxLevel, 'md');
  const deepMd = answers(deepProbe);
  if (deepMd.ok && deep) {
    const headed = new Set(
      checkCmdhelpMarkdown(deepMd.stdout, { binary: tree.binary }).commands.map((c) => c.path),
    );
    const detailed = Object.entries(deep.commands)
      .filter(([, c]) => hasDetail(c))
      .map(([p]) => p);
    const missing = detailed.filter((p) => !headed.has(p));
    const extra = [...headed].filter((p) => !Object.hasOwn(deep.commands, p));
    if (missing.length > 0 || extra.length > 0)
      report(
        'CMDHELP-06/commands-differ',
        `md and json at --depth ${tree.maxLevel} document different commands (${[...missing.map((p) => `json only: "${p}"`), ...extra.map((p) => `md only: "${p}"`)].slice(0, 3).join(', ')}).`,
        deepProbe,
      );
  }
  // Every leaf: the same examples.
  for (const { path, leaf, probe, md } of leafMarkdown(tree, answers)) {
    const section = checkCmdhelpMarkdown(md.stdout, { binary: tree.binary }).commands.find(
      (c) => c.path === path,
    );
    const jsonExamples = (Array.isArray(leaf.examples) ? leaf.examples : [])
      .map((e) => (isObject(e) && typeof e.cmd === 'string' ? e.cmd.trim() : ''))
      .sort();
    const mdExamples = [...(section?.examples ?? [])].sort();
    if (JSON.stringify(jsonExamples) === JSON.stringify(mdExamples)) continue;
    const onlyMd = mdExamples.filter((e) => !jsonExamples.includes(e));
    const onlyJson = jsonExamples.filter((e) => !mdExamples.includes(e));
    report(
      'CMDHELP-06/examples-differ',
      `"${path}": ${onlyJson.length} example(s) only in json, ${onlyMd.length} only in md.`,
      probe,
      onlyMd[0] ?? onlyJson[0],
    );
  }
}
