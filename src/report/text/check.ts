/** Text for people of `check`: a line per rule, with one finding per defect and its evidence (a stream), or its findings (a document). */
import { GREEN, GREY, painter, RED, STATUS_COLOUR, YELLOW } from '../colour.js';
import { alsoFails, oneFindingPerDefect, shownUnder } from '../defects.js';
import { verdictDetail } from '../jsonl.js';
import { newFixes } from '../finding.js';
import { seeRulePages } from '../rule-pages.js';
import { sanitise } from '../../stream/sanitise.js';
import { baselineText, statusLabel, type ReportView } from '../view.js';

type CheckView = ReportView & { verb: 'check' };

export function checkText(view: CheckView, color: boolean): string {
  if (view.documentTitle !== undefined) return documentText(view);
  const { report, target: source } = view;
  const paint = painter(color);
  const fixes = new Set<string>();
  const out = [
    `aoi-testkit check ${sanitise(source)}: ${report.stats.lines} line(s), ${report.stats.events} event(s)${report.strict ? ', strict' : ''}${report.unbounded ? ', unbounded' : ''}`,
  ];
  for (const verdict of report.verdicts) {
    const label = paint(
      verdict.status === 'pass' && verdict.warnings > 0
        ? YELLOW
        : (STATUS_COLOUR[verdict.status] ?? 0),
      statusLabel(verdict),
    );
    const shown = oneFindingPerDefect(verdict.findings, report.findings);
    // The first finding named is one this rule shows (not a defect shown under another rule).
    out.push(
      `  ${label}  ${verdict.rule}  ${shown.length === 0 && verdict.findings.length > 0 ? shownUnder(verdict.findings) : verdictDetail(verdict)}`,
    );
    for (const { finding, alsoRules } of shown.slice(0, 3)) {
      const where =
        finding.line !== undefined
          ? `line ${finding.line}${finding.endLine !== undefined ? `-${finding.endLine}` : ''}`
          : 'stream';
      out.push(
        `          ${paint(GREY, `${finding.id} ${where}`)}: ${finding.message}${alsoFails(alsoRules)}`,
      );
      if (finding.excerpt) out.push(`            ${finding.excerpt}`);
    }
    for (const fix of newFixes(
      shown.slice(0, 3).map((s) => s.finding),
      fixes,
    ))
      out.push(`          fix: ${fix}`);
  }
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  out.push(
    failed.length === 0
      ? paint(GREEN, `conformant: ${report.verdicts.length} rule(s) checked, none failed`)
      : paint(
          RED,
          `not conformant: ${failed.map((v) => v.rule).join(', ')} failed — ${seeRulePages(failed.map((v) => v.rule))}`,
        ),
  );
  out.push(...baselineText(view));
  return `${out.join('\n')}\n`;
}

/** A recorded discovery document: a line per rule, its findings' lines and excerpts. */
function documentText(view: CheckView & { documentTitle: string }): string {
  const { report } = view;
  const fixes = new Set<string>();
  const out = [`aoi-testkit check ${sanitise(view.target)}: ${view.documentTitle}`];
  for (const verdict of report.verdicts) {
    out.push(`  ${statusLabel(verdict)}  ${verdict.rule}  ${verdictDetail(verdict)}`);
    for (const f of verdict.findings.slice(0, 5)) {
      const at = f.line !== undefined ? ` line ${f.line}` : '';
      out.push(`          ${f.id}${at}: ${f.message}`);
      if (f.excerpt) out.push(`            ${f.excerpt}`);
    }
    for (const fix of newFixes(verdict.findings.slice(0, 5), fixes))
      out.push(`          fix: ${fix}`);
  }
  const failed = report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule);
  out.push(
    failed.length === 0
      ? `valid: ${report.verdicts.length} rule(s) checked, none failed`
      : `not valid: ${failed.join(', ')} failed — ${seeRulePages(failed)}`,
    ...baselineText(view),
  );
  return `${out.join('\n')}\n`;
}
