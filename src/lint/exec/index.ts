import { judgeExec, type ExecJudgeOptions, type ExecReport } from '../../checks/exec/judge.js';
import { assertCommandLine } from '../../run/run-probe.js';
import { recordExec, type RecordExecOptions } from './record.js';
import { judgedOnCutOutput } from '../../checks/output-cap.js';
import type { LiveSpec } from '../live.js';
import { keep } from '../multi.js';
import { detectExec, locateExecManifest } from './detect.js';

export { EXEC_RULE_IDS, type ExecProbeRecord, type ExecReport } from '../../checks/exec/judge.js';
export type { ExecPlan } from '../../checks/exec/plan.js';
export { recordExec, type RecordExecOptions } from './record.js';

/**
 * How `checkExec` runs and judges a tool's exec. A `manifestArgs` other than `manifest --output json` (where
 * the guide puts the dispatch manifest) is reported as the warning `EXEC-01/manifest-location`.
 */
export interface CheckExecOptions extends RecordExecOptions, ExecJudgeOptions {}

/**
 * Judge a tool's `exec` on EXEC-01…11 by running it: record every probe (`recordExec`: a manifest probe,
 * batches with and without --ignore-errors, a malformed stream, --dry-run judged by the state through the
 * plan's read-only line, `_opts`, --input-file with stdin left open, a large batch through both pipes at once,
 * and a count of the processes exec starts, Node tools only), then judge the recorded runs (`judgeExec`).
 * Without a plan, one is built from the manifest's safe commands (EXEC-08's state half and EXEC-09 are then skipped).
 */
export async function checkExec(
  command: string,
  args: readonly string[] = [],
  options: CheckExecOptions = {},
): Promise<ExecReport> {
  assertCommandLine('checkExec', command, args);
  const recording = await recordExec(command, args, options);
  const capped = Object.entries(recording.runs).flatMap(([probe, run]) =>
    run?.outputCapped !== undefined ? [{ probe, bytes: run.outputCapped }] : [],
  );
  return judgedOnCutOutput(judgeExec(recording, options), capped);
}

/**
 * exec as a live spec of the program lint: detected by a dispatch manifest that lists it (or a plan given), judged
 * by `checkExec` (EXEC-01…11); without a plan, `checkExec` builds one from the manifest's safe commands.
 */
export const execSpec: LiveSpec = {
  id: 'exec',
  detect: detectExec,
  announce: ({ command, options }) =>
    command === undefined
      ? undefined
      : options.execPlan
        ? 'running the exec checks'
        : 'running the exec checks with a plan built from the manifest',
  async lint({ command, args, options, run, detected }) {
    if (command === undefined) return undefined;
    // Detection has found the dispatch manifest; chosen by `specs` or `only`, exec has to be looked for now.
    const manifestArgs =
      options.execManifest ??
      detected?.execManifest ??
      (
        await locateExecManifest(command, args, {
          env: run.env,
          timeoutMs: run.detectionTimeoutMs,
          ...(run.maxOutputBytes !== undefined ? { maxOutputBytes: run.maxOutputBytes } : {}),
        })
      ).manifestArgs;
    const started = performance.now();
    const report = await checkExec(command, args, {
      ...(options.execPlan ? { plan: options.execPlan } : {}),
      ...(options.execEnvelope ? { envelope: options.execEnvelope } : {}),
      ...(options.execFailure ? { failure: options.execFailure } : {}),
      ...(manifestArgs ? { manifestArgs } : {}),
      env: run.env,
      ...(run.timeoutMs !== undefined ? { timeoutMs: Math.max(run.timeoutMs, 1_000) } : {}),
      ...(run.maxOutputBytes !== undefined ? { maxOutputBytes: run.maxOutputBytes } : {}),
      strict: run.strict,
    });
    return {
      result: {
        spec: 'exec',
        status: 'run',
        verdicts: keep(report.verdicts, run.only),
        durationMs: performance.now() - started,
      },
    };
  },
};
