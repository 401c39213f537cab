/**
 * The kit's own AOI stream (`--output jsonl`, `--reporter jsonl`): aoi:meta, one aoi:check per verdict (a stale
 * baseline entry an aoi:error), aoi:summary with the counts and the verb's facts. Each event one compact JSON line,
 * sanitised for a person who cats the file (it quotes the program under test).
 */
import type { RuleVerdict } from '../checks/verdict.js';
import type { Finding } from '../stream/finding.js';
import { sanitise, sanitiseJson } from '../stream/sanitise.js';
import { metaEvent } from './meta.js';
import { isKnown, staleLines, viewOk, type ReportView } from './view.js';

export type KitEvent = { type: string } & Record<string, unknown>;

/** Events as the lines of a JSONL stream. */
export const eventLines = (events: readonly KitEvent[]): string =>
  events.map((event) => `${sanitiseJson(JSON.stringify(event))}\n`).join('');

/** One aoi:check per rule: failing rules are errors (a failure the baseline knows: a warning), rules with only warnings are warnings. */
export function checkEvent(verdict: RuleVerdict, known = false): KitEvent {
  const first = verdict.findings.find((f) => f.severity === 'error') ?? verdict.findings[0];
  const severity =
    verdict.status === 'fail' && !known
      ? 'error'
      : verdict.warnings > 0 || known
        ? 'warning'
        : 'info';
  return {
    type: 'aoi:check',
    name: verdict.rule,
    ok: severity === 'info',
    severity,
    status: verdict.status,
    ...(known ? { baseline: 'known' } : {}),
    detail: verdictDetail(verdict),
    characteristics: verdict.characteristics,
    // A command's name is the tool's text: sanitised as a value, so that a consumer who parses and prints it gets
    // no escape or CI command (the JSON-level escaping alone decodes back to the raw name).
    ...(verdict.command ? { command: sanitise(verdict.command) } : {}),
    ...(first && (first.line !== undefined || first.excerpt !== undefined)
      ? { evidence: evidenceOf(first) }
      : {}),
    findings: verdict.findings.map((f) => ({
      id: f.id,
      severity: f.severity,
      message: f.message,
      ...evidenceOf(f),
    })),
    ...(verdict.notes ? { notes: verdict.notes } : {}),
    docs: verdict.docs,
  };
}

function evidenceOf(finding: Finding): Record<string, unknown> {
  return {
    ...(finding.line !== undefined ? { line: finding.line } : {}),
    ...(finding.endLine !== undefined ? { end_line: finding.endLine } : {}),
    ...(finding.excerpt !== undefined ? { excerpt: finding.excerpt } : {}),
    ...(finding.probe !== undefined ? { probe: finding.probe } : {}),
  };
}

/** A verdict's headline: its counts and title (each finding's message is on its own line below), or why it was not judged. */
export function verdictDetail(verdict: RuleVerdict): string {
  if (verdict.status === 'not_applicable' || verdict.status === 'skip')
    return verdict.reason ?? verdict.status;
  const counts = [
    verdict.errors > 0 ? `${verdict.errors} error(s)` : '',
    verdict.warnings > 0 ? `${verdict.warnings} warning(s)` : '',
  ].filter(Boolean);
  return counts.length === 0 ? verdict.title : `${counts.join(', ')}: ${verdict.title}`;
}

/** The verb's own events, between aoi:meta and the checks: compat's one `change` per difference. */
function domainEvents(view: ReportView): KitEvent[] {
  if (view.verb !== 'compat') return [];
  return view.report.changes.map((c) => ({
    type: 'change',
    class: c.class,
    breaking: c.breaking,
    surface: c.surface,
    where: c.where,
    message: c.message,
    ...(c.subRule ? { sub_rule: c.subRule } : {}),
    ...(c.announcedBy ? { announced_by: c.announcedBy } : {}),
    ...(c.versionUnknown ? { version_unknown: true } : {}),
  }));
}

/**
 * The facts each verb adds to its summary: the stream or document read, the manifest, the lint's probes, the
 * consumer's and the runner's run, compat's counts of changes.
 */
function summaryFacts(view: ReportView): Record<string, unknown> {
  switch (view.verb) {
    case 'check': {
      if (view.documentTitle !== undefined)
        return {
          document: {
            kind: view.report.kind,
            valid: view.report.ok,
            findings: view.report.findings.length,
          },
        };
      const { bytes, lines, events } = view.report.stats;
      return { stream: { bytes, lines, events } };
    }
    case 'compat': {
      const { changes } = view.report;
      return {
        changes: changes.length,
        breaking: changes.filter((c) => c.breaking).length,
        unannounced: changes.filter((c) => c.breaking && !c.announcedBy && !c.versionUnknown)
          .length,
      };
    }
    case 'manifest':
      return { manifest: { valid: view.report.ok, findings: view.report.findings.length } };
    case 'consumer':
      return {
        consumer: {
          shape: view.consumer.shape,
          ...(view.consumer.mode !== 'default' ? { mode: view.consumer.mode } : {}),
          ...(view.consumer.as !== undefined ? { as: view.consumer.as } : {}),
          scenarios: view.report.scenarios.length,
          elapsed_ms: Math.round(view.durationMs ?? 0),
        },
      };
    case 'runner':
      return {
        runner: {
          protocols: view.runner.protocols,
          scenarios: view.report.scenarios.length,
          elapsed_ms: Math.round(view.durationMs ?? 0),
        },
      };
    case 'lint': {
      const { aoi, results, durationMs, specs } = view.report;
      return {
        ...(aoi
          ? {
              commands: aoi.commands.map(sanitise),
              probes: aoi.probes,
              characteristics: aoi.characteristics,
            }
          : {}),
        duration_ms: Math.round(aoi && results.length === 0 ? aoi.durationMs : durationMs),
        specs,
      };
    }
  }
}

/**
 * The view as the kit's AOI stream: aoi:meta, the verb's own events, one aoi:check per verdict, aoi:summary.
 * With a baseline: a failure it knows is a warning check (`baseline: "known"`), each stale entry an aoi:error
 * (BASELINE_STALE), and the summary's `ok` is the baseline's verdict, with its counts under `baseline`.
 */
export function verdictEvents(view: ReportView): KitEvent[] {
  const checks = view.report.verdicts.map((v) => checkEvent(v, isKnown(view, v)));
  const stale = staleLines(view).map((message): KitEvent => ({
    type: 'aoi:error',
    category: 'validation',
    code: 'BASELINE_STALE',
    message,
    retryable: false,
  }));
  const baseline = view.baseline;
  const items = domainEvents(view);
  return [
    metaEvent(view.verb),
    ...items,
    ...checks,
    ...stale,
    {
      type: 'aoi:summary',
      ok: viewOk(view),
      count: items.length + checks.length,
      warning_count: checks.filter((c) => c.severity === 'warning').length,
      error_count: checks.filter((c) => c.severity === 'error').length + stale.length,
      ...summaryFacts(view),
      ...(baseline
        ? {
            baseline: {
              file: baseline.file,
              known: baseline.known.length,
              unexpected: baseline.unexpected.length,
              stale: baseline.stale,
              unjudged: baseline.unjudged.length,
            },
          }
        : {}),
    },
  ];
}
