/** CMDHELP-08 (§3): `<sub> --help --format md`, where offered, is `help <sub> --format md`. */
import { helpFlagProbe } from './probes.js';
import { leafMarkdown, type HelpTree } from './tree.js';
import { normaliseMd, type Answers, type Judging } from './types.js';

export function judgeHelpFlag(
  tree: HelpTree,
  answers: Answers,
  { report, notApplicable }: Judging,
): void {
  let offered = 0;
  for (const { path, md } of leafMarkdown(tree, answers)) {
    const probe = helpFlagProbe(path);
    const sub = answers(probe);
    // Offered: it answers with markdown (frontmatter or a heading), not with the tool's own usage text.
    if (!(sub.ok && (sub.stdout.startsWith('---') || /^##? /m.test(sub.stdout)))) continue;
    offered++;
    if (normaliseMd(sub.stdout) !== normaliseMd(md.stdout))
      report(
        'CMDHELP-08/parity',
        `${path} --help --format md differs from help ${path} --format md.`,
        probe,
      );
  }
  if (offered === 0)
    notApplicable(
      'CMDHELP-08',
      '<sub> --help --format md is not offered (no leaf answered it with markdown).',
    );
}
