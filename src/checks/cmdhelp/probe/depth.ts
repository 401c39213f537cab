/** CMDHELP-04 (§4), depth: --depth N expands N levels (no fewer, no more), and a leaf's own help is in full detail. */
import type { CmdhelpDocument } from '../../../spec/cmdhelp/types.js';
import { depthProbe, groupDepthProbe, scopedProbe } from './probes.js';
import { detailKey, documentOf, hasDetail, levelOf, type HelpTree } from './tree.js';
import { endOf, firstLine, type Answers, type Report } from './types.js';

/** The tree at its deepest level (`help --format json --depth <deepest>`), when that is a document. */
export const deepDocument = (tree: HelpTree, answers: Answers): CmdhelpDocument | undefined =>
  documentOf(answers(depthProbe(tree.maxLevel)));

/** Every `--depth N` asked below a group: for each group, N from 1 to the deepest leaf under it (counted from it). */
export function groupDepths(tree: HelpTree): { group: string; depth: number }[] {
  return tree.groups.flatMap((group) => {
    const under = [...tree.leaves.keys()].filter((path) => path.startsWith(`${group} `));
    const deepest = Math.max(0, ...under.map((path) => levelOf(path) - levelOf(group)));
    return Array.from({ length: deepest }, (_, i) => ({ group, depth: i + 1 }));
  });
}

/**
 * --depth N, for every N from 1 to the deepest level, at the root and at every group (§4: "at tree/subtree
 * scope"): the leaves within N levels in the detail `help <leaf>` shows, and nothing below level N detailed (a
 * tool that expands everything at any N >= 1 fails).
 */
export function judgeDepth(tree: HelpTree, answers: Answers, report: Report): void {
  const asked = [
    ...Array.from({ length: tree.maxLevel }, (_, i) => ({
      group: '',
      depth: i + 1,
      probe: depthProbe(i + 1),
    })),
    ...groupDepths(tree).map(({ group, depth }) => ({
      group,
      depth,
      probe: groupDepthProbe(group, depth),
    })),
  ];
  for (const { group, depth: n, probe } of asked) {
    const scope = group === '' ? 'help' : `help ${group}`;
    const base = group === '' ? 0 : levelOf(group);
    const within = (path: string) => group === '' || path.startsWith(`${group} `);
    const answer = answers(probe);
    const doc = documentOf(answer);
    if (!doc) {
      // A rejected --depth expands nothing (a non-JSON answer is CMDHELP-02's).
      if (!answer.ok)
        report(
          'CMDHELP-04/depth-ignored',
          `${scope} --depth ${n} exits ${endOf(answer.run)}: nothing is expanded.`,
          probe,
          firstLine(answer.stderr),
        );
      continue;
    }
    for (const [path, leaf] of tree.leaves)
      if (
        within(path) &&
        levelOf(path) - base <= n &&
        hasDetail(leaf) &&
        detailKey(doc.commands[path]) !== detailKey(leaf)
      )
        report(
          'CMDHELP-04/depth-ignored',
          `${scope} --depth ${n} does not show "${path}" (${levelOf(path) - base} level(s) down) in the detail help ${path} shows.`,
          probe,
        );
    const below = Object.keys(doc.commands).filter(
      (path) => within(path) && levelOf(path) - base > n && hasDetail(doc.commands[path]),
    );
    if (below.length > 0)
      report(
        'CMDHELP-04/depth-overexpanded',
        `${scope} --depth ${n} shows ${below
          .slice(0, 3)
          .map((p) => `"${p}"`)
          .join(
            ', ',
          )}${below.length > 3 ? ` and ${below.length - 3} more` : ''}, more than ${n} level(s) down, in full detail.`,
        probe,
      );
  }
  const deep = deepDocument(tree, answers);
  for (const [path, leaf] of tree.leaves) {
    const inDeep = deep?.commands[path];
    if (hasDetail(inDeep) && detailKey(inDeep) !== detailKey(leaf))
      report(
        'CMDHELP-04/leaf-not-detailed',
        `help ${path} lacks the detail (flags, args, examples) that help --depth ${tree.maxLevel} shows.`,
        scopedProbe(path),
      );
  }
}
