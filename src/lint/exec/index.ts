import { judgeExec, type ExecJudgeOptions, type ExecReport } from '../../checks/exec/judge.js';
import { assertCommandLine } from '../../run/run-probe.js';
import { recordExec, type RecordExecOptions } from './record.js';
import { judgedOnCutOutput } from '../../checks/output-cap.js';

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
