import { describeEnd, reportRun, shown, type AppJudging } from './report.js';
import type { AppInvocation, AppRuns } from './types.js';

/** Why the other probes were not run when entry.command did not start. */
export const NOT_STARTED =
  'entry.command did not run successfully, so the other probes were not run';

/**
 * The invocation that failed and stopped the probes, if one did: a setup the caller gave, or the first read.
 * A setup the kit read from APP.md may fail (it guessed the arguments): APP-14 says so instead.
 */
export function startFailure(runs: AppRuns): AppInvocation | undefined {
  const setup = runs.setup.find(
    ({ run }) => run.exitCode !== 0 && runs.plan.setupFrom !== 'APP.md',
  );
  if (setup) return setup;
  const read = runs.reads[0];
  return read && read.exitCode !== 0 ? { args: runs.plan.read, run: read } : undefined;
}

/** APP-15: entry.command, run from the package root, carried out the setup and the read. */
export function judgeStart(judging: AppJudging, runs: AppRuns): void {
  judging.collector.exercised('APP-15');
  const failed = startFailure(runs);
  if (failed)
    reportRun(
      judging,
      'APP-15/does-not-start',
      `${shown(judging, failed.args)}, run from the package root, ${describeEnd(failed.run)}.`,
      failed.args,
      failed.run,
    );
}
