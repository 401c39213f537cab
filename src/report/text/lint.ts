/** Text for people of a program lint: what was detected or selected, the AOI table, then a row per rule of the other specs. */
import type { RuleVerdict } from '../../checks/verdict.js';
import type { LintReport } from '../../lint/aoi/lint.js';
import type { ProgramReport, SpecOutcome } from '../../lint/program.js';
import { specOfRule } from '../../spec/specs.js';
import { sanitise } from '../../stream/sanitise.js';
import { GREEN, GREY, painter, RED, STATUS_COLOUR, YELLOW } from '../colour.js';
import { alsoFails, oneFindingPerDefect, shownUnder } from '../defects.js';
import { newFixes } from '../finding.js';
import { seeRulePages } from '../rule-pages.js';
import { baselineText, type ReportView } from '../view.js';

/** The lint's text report, with the baseline's lines after it. */
export function lintText(view: ReportView & { verb: 'lint' }, color: boolean): string {
  const lines = baselineText(view);
  const { report } = view;
  return `${renderAll(view.target, color, report.specs, report.aoi, report.results, report.durationMs)}${lines.length > 0 ? `\n${lines.join('\n')}\n` : ''}`;
}

/** Text for people: what was detected or selected, the AOI table, then a row per rule of the other specs (each row names its spec). */
function renderAll(
  target: string,
  color: boolean,
  specs: readonly SpecOutcome[],
  aoi: LintReport | undefined,
  results: ProgramReport['results'],
  durationMs: number,
): string {
  const paint = painter(color);
  const fixes = new Set<string>();
  const run = specs.filter((s) => s.status !== 'not_run').map((s) => s.spec);
  const out = [`aoi-testkit lint ${sanitise(target)}: spec(s) ${run.join(', ')}`];
  for (const s of specs) {
    const how =
      s.by === 'spec' || s.by === 'only'
        ? 'selected'
        : s.by === 'fallback'
          ? 'fallback'
          : s.detected
            ? 'detected'
            : s.by === 'detected'
              ? 'selected'
              : 'not detected';
    const label =
      s.status === 'not_run'
        ? s.by === 'none' && s.detected === undefined
          ? 'not selected'
          : how
        : s.status === 'skipped'
          ? `${how}, skipped`
          : how;
    out.push(
      `  ${s.spec.padEnd(8)} ${paint(s.status === 'not_run' ? GREY : s.status === 'skipped' ? YELLOW : GREEN, label)}: ${sanitise(s.reason)}`,
    ); // detection quotes the program
  }
  out.push('');
  let text = `${out.join('\n')}\n`;
  if (aoi) text += `[aoi] ${aoiText(aoi, color, fixes)}`;
  for (const [i, result] of results.entries()) {
    const lines: string[] = aoi || i > 0 ? [''] : [];
    const failed = result.verdicts.filter((v) => v.status === 'fail').length;
    lines.push(
      `[${result.spec}] ${result.verdicts.length} rule(s)${result.status === 'run' ? `, ${(result.durationMs / 1000).toFixed(1)} s` : ''}`,
    );
    if (result.status === 'skipped') {
      const ids = result.verdicts.map((v) => v.rule);
      lines.push(
        `  ${result.spec.padEnd(8)} ${`${ids[0] ?? ''}…${ids.at(-1) ?? ''}`.padEnd(12)} ${paint(YELLOW, 'skip')}  ${sanitise(result.reason ?? '')}`,
      );
      text += `${lines.join('\n')}\n`;
      continue;
    }
    for (const v of result.verdicts) {
      const warn = v.status === 'pass' && v.warnings > 0;
      const mark = warn ? 'warn' : MARK[v.status]!;
      lines.push(
        `  ${result.spec.padEnd(8)} ${v.rule.padEnd(12)} ${paint(warn ? YELLOW : STATUS_COLOUR[v.status]!, mark.padEnd(4))}  ${v.status === 'skip' || v.status === 'not_applicable' ? (v.reason ?? v.title) : v.title}`,
      );
      if (v.status === 'fail' || warn) {
        for (const finding of v.findings.slice(0, 3)) {
          lines.push(
            `${' '.repeat(24)}${paint(GREY, finding.id)} ${finding.message}${finding.probe ? paint(GREY, `  [${finding.probe}]`) : ''}`,
          );
          if (finding.excerpt) lines.push(`${' '.repeat(26)}${finding.excerpt}`);
        }
        for (const fix of newFixes(v.findings.slice(0, 3), fixes))
          lines.push(`${' '.repeat(24)}fix: ${fix}`);
      }
    }
    lines.push(
      failed === 0
        ? paint(GREEN, `${result.spec}: none of ${result.verdicts.length} rule(s) failed`)
        : paint(
            RED,
            `${result.spec}: ${failed} of ${result.verdicts.length} rule(s) failed — ${seeRulePages(result.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule))}`,
          ),
    );
    text += `${lines.join('\n')}\n`;
  }
  if (results.length > 0 || !aoi) {
    const all = [...(aoi?.verdicts ?? []), ...results.flatMap((r) => r.verdicts)];
    const failed = all.filter((v) => v.status === 'fail');
    const bySpec = [...new Set(failed.map((v) => specOfRule(v.rule)?.id))].join(', ');
    text += `\n${failed.length === 0 ? paint(GREEN, `conformant: ${all.length} verdict(s) over ${run.join(', ')}, none failed (${(durationMs / 1000).toFixed(1)} s)`) : paint(RED, `not conformant: ${failed.length} of ${all.length} verdict(s) failed (${bySpec})`)}\n`;
  }
  return text;
}

const MARK: Record<string, string> = {
  pass: 'ok',
  fail: 'FAIL',
  skip: 'skip',
  not_applicable: '-',
};

/** The AOI lint: one line per command (a cell per rule), then the failures, warnings and skips with their evidence. */
export function aoiText(
  report: LintReport,
  color: boolean,
  fixes: Set<string> = new Set(),
): string {
  const paint = painter(color);
  const commands = [...new Set(report.verdicts.map((v) => v.command ?? ''))];
  const width = Math.max(...commands.map((c) => sanitise(c).length), 8);
  const cell = (v: RuleVerdict) => {
    const mark = v.status === 'pass' && v.warnings > 0 ? 'warn' : MARK[v.status]!;
    return paint(
      v.status === 'pass' && v.warnings > 0 ? YELLOW : STATUS_COLOUR[v.status]!,
      `${v.rule.slice(4)}:${mark}`.padEnd(7),
    );
  };
  const out = [
    `aoi-testkit lint ${sanitise(report.target)}: ${report.commands.length} command(s), ${report.probes} probe(s), ${(report.durationMs / 1000).toFixed(1)} s${report.strict ? ', strict' : ''}`,
  ];
  for (const command of commands)
    out.push(
      `  ${sanitise(command).padEnd(width)}  ${report.verdicts
        .filter((v) => v.command === command)
        .map(cell)
        .join(' ')}`,
    );
  const notable = report.verdicts.filter(
    (v) => v.status === 'fail' || v.status === 'skip' || v.warnings > 0,
  );
  if (notable.length > 0) out.push('');
  for (const verdict of notable) {
    const label =
      verdict.status === 'fail'
        ? paint(RED, 'FAIL')
        : verdict.status === 'skip'
          ? paint(YELLOW, 'SKIP')
          : paint(YELLOW, 'WARN');
    out.push(
      `  ${label}  ${verdict.rule} ${sanitise(`${verdict.command}`)}: ${verdict.status === 'skip' ? verdict.reason : verdict.title}`,
    );
    const shown = oneFindingPerDefect(verdict.findings, report.findings);
    if (shown.length === 0 && verdict.findings.length > 0)
      out.push(`          ${paint(GREY, shownUnder(verdict.findings) ?? '')}`);
    for (const { finding, alsoRules } of shown.slice(0, 3)) {
      out.push(
        `          ${paint(GREY, finding.id)} ${finding.message}${alsoFails(alsoRules)}${finding.probe ? paint(GREY, `  [${finding.probe}]`) : ''}`,
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
      ? paint(
          GREEN,
          `conformant: ${report.verdicts.length} (rule × command) verdict(s), none failed`,
        )
      : paint(
          RED,
          `not conformant: ${failed.length} of ${report.verdicts.length} (rule × command) verdict(s) failed — ${seeRulePages(failed.map((v) => v.rule))}`,
        ),
  );
  return `${out.join('\n')}\n`;
}
