/**
 * The Agent Application judge: APP.md (APP-01…08, src/checks/app/manifest.ts) and the CLI contract, judged
 * from the recorded runs of entry.command (APP-10…15, src/checks/app/probe/; src/lint/app records them).
 */
import { judgeHumanOutput } from './probe/human.js';
import type { AppManifest } from '../../spec/app/manifest.js';
import { ruleIdsOf } from '../../spec/rules.js';
import type { Finding } from '../../stream/finding.js';
import { VerdictCollector, type Report, type RuleVerdict } from '../verdict.js';
import type { AppManifestReport } from './manifest.js';
import { judgeConfirmations } from './probe/confirmation.js';
import { judgeFailure } from './probe/failure.js';
import { judgeOutputs } from './probe/output.js';
import type { AppJudging } from './probe/report.js';
import { judgeStableIds } from './probe/stable-ids.js';
import { judgeStart, NOT_STARTED, startFailure } from './probe/start.js';
import type { AppProbePlan, AppRuns } from './probe/types.js';

export interface AppReport extends Report {
  /** @deprecated use ok */
  readonly valid: boolean;
  dir: string;
  manifest?: AppManifest;
  /** Manifest findings first, then probe findings, in the order found. */
  findings: Finding[];
  /** One verdict per APP rule. */
  verdicts: RuleVerdict[];
  /** Why the CLI was not run, when it was not. */
  skipped?: string;
  /** The invocations the probes used (given, or read from APP.md), when the CLI was run. */
  plan?: AppProbePlan;
}

export interface AppJudgeOptions {
  /** Warnings count as errors. */
  strict?: boolean;
  /** Values never printed (the application's environment). */
  secrets?: readonly string[];
}

const NOT_RUN = 'APP.md is not valid, so the CLI was not run';

/**
 * Judge an Agent Application package at `dir` from its manifest report and, when APP.md was valid, the
 * recorded runs of its CLI. Pure: `checkAgentApplication` (aoi-testkit/lint) records the runs, then calls this.
 */
export function judgeAgentApplication(
  dir: string,
  manifestReport: AppManifestReport,
  runs: AppRuns | undefined,
  options: AppJudgeOptions = {},
): AppReport {
  // Every finding kept: the report lists them all, as the verdicts count them.
  const collector = new VerdictCollector({
    strict: options.strict === true,
    secrets: options.secrets ?? [],
    keepPerSubRule: Infinity,
  });
  for (const finding of manifestReport.findings) collector.addFinding(finding);
  const manifest = manifestReport.manifest;
  let skipped: string | undefined;
  if (manifest && runs) skipped = judgeRuns({ collector, command: manifest.entry.command }, runs);
  else {
    skipped = NOT_RUN;
    for (const rule of ruleIdsOf('APP', 'probe')) collector.skip(rule, NOT_RUN);
  }
  const { ok, verdicts, findings } = collector.report(ruleIdsOf('APP'));
  return {
    ok,
    valid: ok,
    dir,
    ...(manifest ? { manifest } : {}),
    findings: [...findings],
    verdicts: [...verdicts],
    ...(skipped !== undefined ? { skipped } : {}),
    ...(runs ? { plan: runs.plan } : {}),
  };
}

/** The probe rules, in the order the probes ran; returns why the later probes did not run, if they did not. */
function judgeRuns(judging: AppJudging, runs: AppRuns): string | undefined {
  // Entry.command did not start: every probe rule not judged before it stopped is skipped for that reason.
  const stopped = startFailure(runs) !== undefined;
  if (stopped)
    for (const rule of ruleIdsOf('APP', 'probe')) judging.collector.skip(rule, NOT_STARTED);
  judgeOutputs(judging, runs);
  judgeStart(judging, runs);
  if (stopped) return NOT_STARTED;
  judgeStableIds(judging, runs);
  if (runs.fail) judgeFailure(judging, runs.fail);
  judgeConfirmations(judging, runs);
  judgeHumanOutput(judging, runs);
  return undefined;
}
