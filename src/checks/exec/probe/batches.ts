import { judgeExecOutput } from '../output.js';
import { probeLabel, type ExecJudgement, type ExecRun } from './types.js';

/** EXEC-02…07 on one recorded batch, into the shared findings (one cap and one count over every run), named by `extra`. */
export function judgeBatchRun(
  { recording, envelope, failure, out }: ExecJudgement,
  run: ExecRun,
  extra: readonly string[],
  ignoreErrors: boolean,
): void {
  judgeExecOutput(
    run.stdin,
    run.stdout,
    run.exitCode,
    { ignoreErrors, envelope, failure, stderr: run.stderr, strict: out.strict },
    out,
    probeLabel(recording, extra),
  );
}

/** EXEC-02…06 — a mixed batch under --ignore-errors, then the default, then an all-ok batch. */
export function judgeBatches(j: ExecJudgement): void {
  const { runs } = j.recording;
  judgeBatchRun(j, runs['ignore-errors']!, ['--ignore-errors'], true);
  judgeBatchRun(j, runs.default!, [], false);
  judgeBatchRun(j, runs['all-ok']!, [], false);
}
