import type { RuleVerdict } from '../checks/verdict.js';
import { formatFinding, newFixes } from './finding.js';
import { sanitise } from '../stream/sanitise.js';
import { TOOL } from './meta.js';
import { rulePageLink } from './rule-pages.js';
import { counts, isKnown, staleLines, verdictName, viewOk, type VerdictView } from './view.js';

/**
 * Text for a markdown table cell or line: sanitised, and markdown's own characters made literal (no HTML, no links, no
 * table breaks). GitHub also links bare `https://…`, `www.…` and emails (GFM's autolink extension). The `:` of `://`
 * and the `.` after `www` are backslash-escaped; an `@` becomes a code span, since cmark-gfm finds emails in the text
 * after escapes are resolved (`a\@b.example` is still linked) and only another node between the halves stops it.
 */
export const md = (text: string): string =>
  sanitise(text)
    .replace(/[\\`*_[\]<>|#!~]/g, (c) => `\\${c}`)
    .replace(/:(?=\/\/)|(?<=www)\./gi, (c) => `\\${c}`)
    .replace(/@/g, '`@`');

const MARK: Record<string, string> = {
  pass: '✅ pass',
  fail: '❌ fail',
  skip: '⏭️ skip',
  not_applicable: '➖ n/a',
};

/**
 * A verdict's rule page: a link to its public page (a summary is read on GitHub, not beside the install), else its
 * place as code. A checkout's `file://` page is no link there: GitHub's renderer empties the href of that scheme.
 */
const page = (v: RuleVerdict): string => {
  const link = rulePageLink(v.rule);
  return link.url?.startsWith('https://') ? `[${md(v.docs)}](${link.url})` : `\`${link.text}\``;
};

/** A verdict's cell: its status, a warning, or a failure the baseline knows. */
const cell = (view: VerdictView, v: RuleVerdict) =>
  isKnown(view, v)
    ? '🟡 known'
    : v.status === 'pass' && v.warnings > 0
      ? '⚠️ warn'
      : MARK[v.status]!;

/**
 * Markdown (a job summary, a PR comment): the outcome, a table of rules × commands (one row per rule where
 * the verdicts have no command), then the failures, warnings and skips with their findings, and the baseline.
 */
export function renderMarkdown(view: VerdictView): string {
  const c = counts(view);
  const ok = viewOk(view);
  const out = [
    `## ${TOOL} ${view.verb}: ${ok ? '✅ conformant' : '❌ not conformant'}`,
    '',
    `Target: \`${sanitise(view.target).replace(/`/g, "'")}\``,
    '',
  ];
  const summary = [`${c.total} verdict(s)`, `${c.passed} passed`, `${c.failed} failed`];
  if (c.known) summary.push(`${c.known} known failure(s) (baseline)`);
  summary.push(`${c.skipped} skipped`, `${c.notApplicable} not applicable`);
  out.push(
    `${summary.join(' · ')}${view.durationMs !== undefined ? ` · ${(view.durationMs / 1000).toFixed(1)} s` : ''}`,
    '',
  );

  const rules = [...new Set(view.report.verdicts.map((v) => v.rule))];
  const commands = [...new Set(view.report.verdicts.map((v) => v.command ?? ''))];
  const byKey = new Map(view.report.verdicts.map((v) => [`${v.rule}\u0000${v.command ?? ''}`, v]));
  if (commands.some((x) => x !== '')) {
    // A row per command, three columns: what a phone shows whole. The rules that did not pass are named; the
    // matrix of every rule (a column each, 25 in a lint of several specs) is folded below, where it scrolls alone.
    out.push('| command | passed | not passed |', '|---|---|---|');
    for (const command of commands) {
      const mine = rules.flatMap((r) => byKey.get(`${r}\u0000${command}`) ?? []);
      const passed = mine.filter((v) => v.status === 'pass' && v.warnings === 0).length;
      const others = mine.filter((v) => v.status !== 'pass' || v.warnings > 0);
      const named = others
        .filter((v) => v.status !== 'not_applicable')
        .map((v) => `${cell(view, v).split(' ')[0]} ${md(v.rule)}`);
      const notApplicable = others.length - named.length;
      if (notApplicable > 0)
        named.push(`${MARK.not_applicable!.split(' ')[0]} ${notApplicable} n/a`);
      out.push(
        `| ${command === '' ? '(whole tool)' : md(command)} | ${passed} of ${mine.length} | ${named.join(' · ')} |`,
      );
    }
    out.push(
      '',
      '<details><summary>Every rule × command</summary>',
      '',
      `| command | ${rules.map(md).join(' | ')} |`,
      `|---|${rules.map(() => '---').join('|')}|`,
    );
    for (const command of commands) {
      const row = rules.map((r) => {
        const v = byKey.get(`${r}\u0000${command}`);
        return v ? cell(view, v) : '';
      });
      out.push(`| ${command === '' ? '(whole tool)' : md(command)} | ${row.join(' | ')} |`);
    }
    out.push('', '</details>');
  } else {
    out.push('| rule | verdict | title |', '|---|---|---|');
    for (const v of view.report.verdicts)
      out.push(
        `| ${md(v.rule)} | ${cell(view, v)} | ${md(v.status === 'skip' || v.status === 'not_applicable' ? (v.reason ?? v.title) : v.title)} |`,
      );
  }
  out.push('');

  const section = (
    title: string,
    verdicts: readonly RuleVerdict[],
    body: (v: RuleVerdict) => string[],
  ) => {
    if (verdicts.length === 0) return;
    out.push(`### ${title}`, '');
    for (const v of verdicts)
      out.push(
        `- **${md(verdictName(v))}** — ${md(v.title)} (${page(v)})`,
        ...body(v).map((line) => `  - ${md(line)}`),
      );
    out.push('');
  };
  // Each sub-rule's fix once in the summary, under its first findings.
  const fixes = new Set<string>();
  const findings = (v: RuleVerdict) => [
    ...v.findings.slice(0, 5).map((f) => formatFinding(f, 'line')),
    ...newFixes(v.findings.slice(0, 5), fixes).map((fix) => `fix: ${fix}`),
  ];
  section(
    'Failures',
    view.report.verdicts.filter((v) => v.status === 'fail' && !isKnown(view, v)),
    findings,
  );
  section(
    `Known failures (baseline ${md(view.baseline?.file ?? '')})`,
    view.report.verdicts.filter((v) => isKnown(view, v)),
    findings,
  );
  section(
    'Warnings',
    view.report.verdicts.filter((v) => v.status === 'pass' && v.warnings > 0),
    findings,
  );
  section(
    'Skipped',
    view.report.verdicts.filter((v) => v.status === 'skip'),
    (v) => [v.reason ?? ''],
  );
  const stale = staleLines(view);
  if (stale.length > 0)
    out.push('### Stale baseline entries', '', ...stale.map((line) => `- ${md(line)}`), '');
  if ((view.baseline?.unjudged.length ?? 0) > 0)
    out.push(
      `${view.baseline!.unjudged.length} baseline entr(ies) could not be judged in this run (skipped, not applicable or not run): kept.`,
      '',
    );
  return `${out.join('\n').trimEnd()}\n`;
}
