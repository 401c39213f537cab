import { judgeBatchRun } from './batches.js';
import { batchSize, probeLabel, type ExecJudgement } from './types.js';

/**
 * EXEC-10 — a large batch through both pipes at once finishes (killed at its timeout, it deadlocked), and is
 * answered as any batch (EXEC-02…06). Not run when every line starts a process (it would take minutes).
 */
export function judgeLargeBatch(j: ExecJudgement): void {
  const { recording, out } = j;
  const run = recording.runs.large;
  if (!run) return;
  if (run.timedOut)
    out.add(
      'EXEC-10/deadlock',
      `a batch of ${batchSize(run)} lines (${run.stdin.length} bytes in) did not finish in ${run.timeoutMs} ms and was killed; ${run.stdout.length} bytes had come out`,
      { probe: probeLabel(recording, []) },
    );
  else judgeBatchRun(j, run, [], false);
}
