import { ruleIdsOf } from '../../../spec/rules.js';
import { answeredNothing, batchSize, probeLabel, textOf, type ExecJudgement } from './types.js';

const NO_EXEC = 'exec answered no envelope (EXEC-01/no-exec)';

/**
 * EXEC-01/no-exec — exec answers a batch at all: the candidate batch a plan is built from, else the plan's
 * first batch. When there is no plan or no answer, EXEC-02…11 are skipped with the reason, and this says
 * false: nothing more can be judged.
 */
export function judgeExecReached({ recording, out }: ExecJudgement): boolean {
  const afterDiscovery = ruleIdsOf('EXEC').slice(1);
  const skipAll = (reason: string) => {
    for (const rule of afterDiscovery) out.skip(rule, reason);
  };
  const tried = recording.runs.plan;
  if (!recording.plan) {
    if (tried && !tried.timedOut && answeredNothing(tried)) {
      out.add(
        'EXEC-01/no-exec',
        `a batch of ${batchSize(tried)} line(s) got no envelope (exit ${tried.exitCode})`,
        {
          probe: probeLabel(recording, ['--ignore-errors']),
          text: textOf(tried.stderr).slice(0, 200),
        },
      );
      skipAll(NO_EXEC);
    } else
      skipAll(
        `no exec plan given, and none could be built from the manifest: ${recording.planProblem ?? ''}`,
      );
    return false;
  }
  const first = recording.runs['ignore-errors']!;
  if (answeredNothing(first)) {
    out.add(
      'EXEC-01/no-exec',
      `a batch of ${recording.plan.ok.length + 2} line(s) got no envelope (exit ${first.exitCode})`,
      {
        probe: probeLabel(recording, ['--ignore-errors']),
        text: textOf(first.stderr).slice(0, 200),
      },
    );
    skipAll(NO_EXEC);
    return false;
  }
  return true;
}
