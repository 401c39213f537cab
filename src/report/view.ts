import type { ConsumerReport } from '../checks/consumer/judge.js';
import type { RuntimeReport } from '../checks/consumer/judge-runtime.js';
import type { AgentCliManifestReport } from '../checks/agentcli/manifest.js';
import type { StreamReport } from '../checks/aoi/stream.js';
import type { CompatReport } from '../checks/compat/judge.js';
import type { RunnerReport } from '../checks/agentcli/runner.js';
import type { AgentProtocol } from '../spec/agentcli/transcript.js';
import type { DocumentReport } from '../checks/documents.js';
import { timedReport, type Report, type RuleVerdict } from '../checks/verdict.js';
import type { ProgramReport } from '../lint/program.js';
import type { Finding } from '../stream/finding.js';
import { sanitise } from '../stream/sanitise.js';
import { specOfRule } from '../spec/specs.js';
import type { Shard } from '../shard.js';
import type { BaselineOutcome } from './baseline.js';

/** A file a finding points into, for reporters that link findings to files (SARIF, GitHub annotations). */
export interface FileLocation {
  /** A path as the user gave it (relative paths stay relative), or an absolute one. */
  readonly uri: string;
  readonly line?: number;
  readonly endLine?: number;
}

/** How a consumer was run (`aoi-testkit consumer`): its shape and mode, the tool name it ran as. */
export interface ConsumerFacts {
  readonly shape: 'stdin' | 'spawn' | 'app-runtime';
  readonly mode: 'default' | 'continue-on-error' | 'unbounded';
  readonly as?: string;
}

/** How a runner was run (`aoi-testkit runner`): the protocol arms it was judged on. */
export interface RunnerFacts {
  readonly protocols: readonly AgentProtocol[];
}

/**
 * A sharded run's part: which shard, and (where the units are not the report's own, as a lint's commands are) the
 * id of every unit of the whole run in its order, so that merge-reports gives the order an unsharded run gives.
 */
export interface ShardView extends Shard {
  readonly order?: readonly string[];
}

interface ViewBase {
  /** What was judged: the program's command line, a file, `-` for stdin. */
  readonly target: string;
  /** A sharded run (a lint's is its report's `shard`). */
  readonly shard?: ShardView;
  readonly baseline?: BaselineOutcome;
  readonly durationMs?: number;
  /**
   * The file each finding is about, where there is one (a manifest, APP.md, a recorded stream): per verdict of
   * `report.verdicts`, per finding of its `findings`, in their order (null: none).
   */
  readonly locations?: readonly (readonly (FileLocation | null)[])[];
  /**
   * Where a finding with no file of its own is placed by the reporters that need a file (SARIF, GitHub
   * annotations): a program lint's anchor (report/anchor.ts).
   */
  readonly anchor?: FileLocation;
}

/** What the reporters that only read verdicts render (all but text and JSONL): any report, labelled. */
export interface VerdictView extends ViewBase {
  readonly verb: string;
  readonly report: Report;
}

/**
 * What every reporter renders: a verb's report as judged (every fact the verb has, as data: probes, stream
 * statistics, the consumer's scenarios), the label of what was judged, and the baseline's outcome when there is
 * one. Plain data, no functions: a view written to a file and read back renders the same. Reporters format;
 * they never build or change a verdict.
 */
export type ReportView = ViewBase &
  (
    | { readonly verb: 'lint'; readonly report: ProgramReport }
    | { readonly verb: 'check'; readonly report: StreamReport; readonly documentTitle?: never }
    | {
        readonly verb: 'check';
        readonly report: DocumentReport;
        /** What the document is, for people: `an AOI-CLI capabilities manifest (…)`. */
        readonly documentTitle: string;
      }
    | { readonly verb: 'manifest'; readonly report: AgentCliManifestReport }
    | {
        readonly verb: 'consumer';
        readonly report: ConsumerReport | RuntimeReport;
        readonly consumer: ConsumerFacts;
      }
    | {
        readonly verb: 'runner';
        readonly report: RunnerReport;
        readonly runner: RunnerFacts;
      }
    | {
        readonly verb: 'compat';
        readonly report: CompatReport;
        /** The two sides compared, as the user named them (a file, or a command line). */
        readonly compared: { readonly base: string; readonly head: string };
      }
  );

/** Per verdict, per finding, where `where` says the finding is (a verb's rule for its findings, as data). */
export function locateFindings(
  report: Report,
  where: (finding: Finding, verdict: RuleVerdict) => FileLocation | undefined,
): (FileLocation | null)[][] {
  return report.verdicts.map((v) => v.findings.map((f) => where(f, v) ?? null));
}

/**
 * The view of a verb that judged its whole report in one piece of work that took `ms` (a file read and judged, two
 * contracts recorded and compared): the run's wall time, and each judged verdict's (JUnit's testcase time).
 */
export const timedView = <V extends ReportView>(view: V, ms: number): V =>
  ({ ...view, report: timedReport(view.report, ms), durationMs: ms }) as V;

/** The file a finding of a verdict of the view is about, if any. */
export function fileOf(
  view: VerdictView,
  verdict: RuleVerdict,
  finding: Finding,
): FileLocation | undefined {
  const i = view.report.verdicts.indexOf(verdict);
  return view.locations?.[i]?.[verdict.findings.indexOf(finding)] ?? undefined;
}

/** Where a finding is placed: its own file, else the view's anchor (a program lint's). */
export const placeOf = (
  view: VerdictView,
  verdict: RuleVerdict,
  finding: Finding,
): FileLocation | undefined => fileOf(view, verdict, finding) ?? view.anchor;

/** The run's outcome: the report's `ok`, or the baseline's when one was given. */
export const viewOk = (view: Pick<VerdictView, 'baseline' | 'report'>): boolean =>
  view.baseline ? view.baseline.ok : view.report.ok;

const sameVerdict = (a: RuleVerdict, b: RuleVerdict) =>
  a.rule === b.rule && (a.command ?? '') === (b.command ?? '');

/** A failing verdict the baseline excuses (by rule and command: a view read back from a file has copies). */
export const isKnown = (view: Pick<VerdictView, 'baseline'>, verdict: RuleVerdict): boolean =>
  view.baseline?.known.some((known) => sameVerdict(known, verdict)) === true;

/**
 * The wall time of one spec's judgement, in ms: a program lint's AOI lint, or another spec's recording and judgement;
 * any other verb judges every spec of its report in its one run, whose time it is.
 */
export function specDurationMs(view: VerdictView, spec: string): number | undefined {
  if (view.verb !== 'lint') return view.durationMs;
  const report = view.report as ProgramReport;
  if (spec === 'aoi') return report.aoi?.durationMs;
  return report.results?.find((r) => r.spec === spec)?.durationMs;
}

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

/** The stale entries of a baseline, one line each. */
export const staleLines = (view: Pick<VerdictView, 'baseline'>): string[] =>
  (view.baseline?.stale ?? []).map(
    (e) =>
      `${e.sub_rule}${e.command !== undefined ? ` (${sanitise(e.command)})` : ''} no longer fails: remove it from ${sanitise(view.baseline!.file)}`,
  );

/** Verdict counts: failed (not excused), known (excused by the baseline), skipped, not applicable, passed. */
export function counts(view: Pick<VerdictView, 'baseline' | 'report'>) {
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
export function baselineText(view: Pick<VerdictView, 'baseline'>): string[] {
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
