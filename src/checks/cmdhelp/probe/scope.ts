/** CMDHELP-04 (§4), scopes: a summary at the root and at a group, nothing outside the scope asked for. */
import { checkCmdhelpMarkdown } from '../markdown.js';
import { depthProbe, formatProbe } from './probes.js';
import { documentOf, hasDetail, type HelpTree } from './tree.js';
import type { Answers, Report } from './types.js';

export function judgeScopes(tree: HelpTree, answers: Answers, report: Report): void {
  for (const [path, c] of Object.entries(tree.root.commands))
    if (hasDetail(c))
      report(
        'CMDHELP-04/root-not-summary',
        `help at the root emits flags, args or examples for "${path}".`,
        formatProbe('json'),
      );
  const depth0 = documentOf(answers(depthProbe(0)));
  for (const [path, c] of Object.entries(depth0?.commands ?? {}))
    if (hasDetail(c))
      report(
        'CMDHELP-04/root-not-summary',
        `help --depth 0 emits flags, args or examples for "${path}".`,
        depthProbe(0),
      );
  for (const c of checkCmdhelpMarkdown(answers(formatProbe('md')).stdout, { binary: tree.binary })
    .commands)
    if (c.sections.some((s) => ['Arguments', 'Flags', 'Examples'].includes(s)))
      report(
        'CMDHELP-04/root-not-summary',
        `help --format md at the root emits the detail of "${c.path}".`,
        formatProbe('md'),
      );
  for (const { path, probe, document } of tree.scoped) {
    if (!document) continue;
    const keys = Object.keys(document.commands);
    const leak = keys.filter((k) => !(k === path || k.startsWith(`${path} `)));
    if (leak.length > 0)
      report(
        'CMDHELP-04/scope-leak',
        `help ${path} lists ${leak
          .slice(0, 3)
          .map((k) => `"${k}"`)
          .join(', ')}, outside the scope.`,
        probe,
      );
    for (const child of keys.filter((k) => k.startsWith(`${path} `)))
      if (hasDetail(document.commands[child]))
        report(
          'CMDHELP-04/root-not-summary',
          `help ${path} emits flags, args or examples for "${child}".`,
          probe,
        );
  }
}
