import type { Report, RuleVerdict } from '../../checks/verdict.js';
import type { Finding } from '../../stream/finding.js';
import { sanitise } from '../../stream/sanitise.js';
import { specOfRule } from '../../spec/specs.js';
import type { BaselineOutcome } from '../baseline.js';

/** A file a finding points into, for reporters that link findings to files (SARIF). */
export interface FileLocation {
  /** A path as the user gave it (relative paths stay relative), or an absolute one. */
  readonly uri: string;
  readonly line?: number;
  readonly endLine?: number;
}

/**
 * What every reporter renders: the spec-neutral `Report` as judged, the label of what was judged, and the
 * baseline's outcome when there is one. Reporters format; they never build or change a verdict.
 */
export interface ReportView {
  readonly verb: 'lint' | 'check' | 'manifest' | 'consumer' | 'compat';
  /** What was judged: the program's command line, a file, `-` for stdin. */
  readonly target: string;
  readonly report: Report;
  readonly baseline?: BaselineOutcome;
  readonly durationMs?: number;
  /** The file a finding is about, where there is one (a manifest, APP.md, a recorded stream). */
  readonly locate?: (finding: Finding, verdict: RuleVerdict) => FileLocation | undefined;
}

/** The run's outcome: the report's `ok`, or the baseline's when one was given. */
export const viewOk = (view: ReportView): boolean =>
  view.baseline ? view.baseline.ok : view.report.ok;

/** A failing verdict the baseline excuses. */
export const isKnown = (view: ReportView, verdict: RuleVerdict): boolean =>
  view.baseline?.known.includes(verdict) === true;

/** The spec a rule id belongs to: `AOI-06` → `aoi`, `CMDHELP-02` → `cmdhelp` (SPECS). */
export const specOf = (rule: string): string => specOfRule(rule)?.id ?? rule;

export const STATUS_LABELS: Readonly<Record<RuleVerdict['status'], string>> = {
  pass: 'PASS',
  fail: 'FAIL',
  skip: 'SKIP',
  not_applicable: 'N/A ',
};

/** A verdict's four-letter label in text output: a pass with warnings is WARN. */
export const statusLabel = (v: RuleVerdict): string =>
  v.status === 'pass' && v.warnings > 0 ? 'WARN' : STATUS_LABELS[v.status];

/** A verdict's name for people: `AOI-06 list` (lint) or `AOI-06` (a verdict without a command). */
export const verdictName = (v: RuleVerdict): string =>
  v.command !== undefined && v.command !== '' ? `${v.rule} ${sanitise(v.command)}` : v.rule;

/** A finding on one line, for a person: `AOI-06/x: message [probe] — excerpt` (all of it already sanitised and masked; sanitised again, idempotently). */
export function findingLine(f: Finding): string {
  const where =
    f.line !== undefined
      ? ` (line ${f.line}${f.endLine !== undefined ? `-${f.endLine}` : ''})`
      : '';
  return `${f.id}${where}: ${sanitise(f.message)}${f.probe ? ` [${sanitise(f.probe)}]` : ''}${f.excerpt ? ` — ${sanitise(f.excerpt)}` : ''}`;
}

/** The stale entries of a baseline, one line each. */
export const staleLines = (view: ReportView): string[] =>
  (view.baseline?.stale ?? []).map(
    (e) =>
      `${e.sub_rule}${e.command !== undefined ? ` (${sanitise(e.command)})` : ''} no longer fails: remove it from ${sanitise(view.baseline!.file)}`,
  );

/** Verdict counts: failed (not excused), known (excused by the baseline), skipped, not applicable, passed. */
export function counts(view: ReportView) {
  const v = view.report.verdicts;
  const known = v.filter((x) => isKnown(view, x)).length;
  return {
    total: v.length,
    failed: v.filter((x) => x.status === 'fail').length - known,
    known,
    skipped: v.filter((x) => x.status === 'skip').length,
    notApplicable: v.filter((x) => x.status === 'not_applicable').length,
    passed: v.filter((x) => x.status === 'pass').length,
  };
}

/** The baseline's lines in the text reports: what it excused, what is stale, what it could not judge. */
export function baselineText(view: ReportView): string[] {
  const b = view.baseline;
  if (!b) return [];
  const file = sanitise(b.file);
  const out = [
    `baseline ${file}: ${b.known.length} known failure(s) excused, ${b.unexpected.length} failure(s) it does not know, ${b.stale.length} stale entr(ies)`,
  ];
  out.push(...staleLines(view).map((line) => `  stale: ${line}`));
  if (b.unjudged.length > 0)
    out.push(
      `  ${b.unjudged.length} entr(ies) not judged in this run (skipped, not applicable or not run): kept`,
    );
  out.push(
    b.ok
      ? `ok with the baseline${b.known.length > 0 ? ': fix the known failures and remove their entries when you can' : ''}`
      : 'not ok with the baseline',
  );
  return out;
}
