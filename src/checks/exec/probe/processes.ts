import { batchSize, probeLabel, type ExecJudgement, type ExecRun } from './types.js';

/** The batch started a process for most of its lines (more than half). */
export const startsProcessPerLine = (run: ExecRun): boolean =>
  (run.processes ?? 0) > batchSize(run) / 2;

/** EXEC-11 — one batch is dispatched in-process: the processes it started (Node tools only: a preload counts them). */
export function judgeProcesses({ recording, out }: ExecJudgement): void {
  const run = recording.runs['process-count']!;
  if (!run.processes) out.skip('EXEC-11', 'not a Node process: the process log was never loaded');
  else if (startsProcessPerLine(run))
    out.add(
      'EXEC-11/subprocess-per-line',
      `one exec of ${batchSize(run)} lines started ${run.processes} Node processes`,
      { probe: probeLabel(recording, []) },
    );
}
