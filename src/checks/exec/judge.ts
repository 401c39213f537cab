import { ruleIdsOf } from '../../spec/rules.js';
import {
  DEFAULT_ENVELOPE_READING,
  DEFAULT_FAILURE_READING,
  type EnvelopeReading,
  type FailureReading,
} from '../../spec/exec/types.js';
import type { Finding } from '../../stream/finding.js';
import { VerdictCollector, type Report, type RuleVerdict } from '../verdict.js';
import type { ExecPlan } from './plan.js';
import { judgeBatches } from './probe/batches.js';
import { judgeDryRun } from './probe/dry-run.js';
import { judgeInputFile } from './probe/input-file.js';
import { judgeLargeBatch } from './probe/large-batch.js';
import { judgeMalformed } from './probe/malformed.js';
import { judgeManifest } from './probe/manifest.js';
import { judgeOpts } from './probe/opts.js';
import { judgeProcesses } from './probe/processes.js';
import { judgeExecReached } from './probe/reached.js';
import type { ExecProbeKey, ExecRecording } from './probe/types.js';

/** EXEC-01…11, from the registry. */
export const EXEC_RULE_IDS: readonly string[] = ruleIdsOf('EXEC');

export interface ExecJudgeOptions {
  /** Where `_cmd`/`_line` must be (default `either`). */
  envelope?: EnvelopeReading;
  /** What exec must do after a failed line without --ignore-errors (default `either`). */
  failure?: FailureReading;
  /** Report every warning as an error. */
  strict?: boolean;
}

export interface ExecProbeRecord {
  readonly probe: string;
  readonly argv: readonly string[];
  readonly exitCode: number | null;
  readonly timedOut: boolean;
}

export interface ExecReport extends Report {
  ok: boolean;
  findings: Finding[];
  /** EXEC-01…11. */
  verdicts: RuleVerdict[];
  probes: ExecProbeRecord[];
  /** The plan exec was driven with: the one given, or the one built from the manifest (undefined when none could be). */
  plan?: ExecPlan;
  /** Where the plan came from: `given`, `manifest` (built from it), or `none` (EXEC-02…11 skipped). */
  planSource: 'given' | 'manifest' | 'none';
}

/**
 * Judge a tool's `exec` on EXEC-01…11 from its recorded runs (`lint/exec` records them): the manifest, the
 * batches with and without --ignore-errors, a malformed batch, --dry-run and `_opts` (judged by the state the
 * inspect line shows), --input-file with stdin left open, the processes one batch started, a large batch.
 * Pure: the same recording always gives the same report.
 */
export function judgeExec(recording: ExecRecording, options: ExecJudgeOptions = {}): ExecReport {
  const out = new VerdictCollector({ strict: options.strict === true });
  const judgement = {
    recording,
    envelope: options.envelope ?? DEFAULT_ENVELOPE_READING,
    failure: options.failure ?? DEFAULT_FAILURE_READING,
    out,
  };
  judgeManifest(judgement);
  if (judgeExecReached(judgement)) {
    // In the order the probes ran: the findings keep it.
    judgeBatches(judgement);
    judgeMalformed(judgement);
    judgeDryRun(judgement);
    judgeOpts(judgement);
    judgeInputFile(judgement);
    judgeProcesses(judgement);
    judgeLargeBatch(judgement);
  }
  const { ok, findings, verdicts } = out.report(EXEC_RULE_IDS);
  const probes = (
    Object.entries(recording.runs) as [
      ExecProbeKey,
      NonNullable<ExecRecording['runs'][ExecProbeKey]>,
    ][]
  ).map(([probe, run]) => ({
    probe,
    argv: run.args,
    exitCode: run.exitCode,
    timedOut: run.timedOut,
  }));
  return {
    ok,
    findings: [...findings],
    verdicts: [...verdicts],
    probes,
    ...(recording.plan ? { plan: recording.plan } : {}),
    planSource: recording.planSource,
  };
}
