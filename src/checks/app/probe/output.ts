import { idsOf, parseStdout, saysFailed, stdoutOf } from './json.js';
import { NOT_PROBED, reportRun, type AppJudging } from './report.js';
import type { AppInvocation, AppRuns } from './types.js';

/** The invocations that succeeded (exit 0) before the other probes: the setup, then the first read. */
export function successfulRuns(runs: AppRuns): AppInvocation[] {
  const first = runs.reads[0];
  return [...runs.setup, ...(first ? [{ args: runs.plan.read, run: first }] : [])].filter(
    (invocation) => invocation.run.exitCode === 0,
  );
}

/**
 * APP-10: an invocation that succeeded printed one JSON document on stdout; one that says `ok:false` should
 * not have exited 0 (APP-11).
 */
export function judgeOutputs(judging: AppJudging, runs: AppRuns): void {
  const successful = successfulRuns(runs);
  if (successful.length === 0) judging.collector.skip('APP-10', NOT_PROBED);
  for (const { args, run } of successful) {
    judging.collector.exercised('APP-10');
    const parsed = parseStdout(stdoutOf(run));
    if (parsed.kind === 'none')
      reportRun(
        judging,
        'APP-10/not-json',
        `\`${args.join(' ')}\` exited 0 but its stdout is not a JSON document${run.stdout.length === 0 ? ' (it is empty)' : ''}.`,
        args,
        run,
      );
    else if (parsed.kind === 'many')
      reportRun(
        judging,
        'APP-10/multiple-documents',
        `\`${args.join(' ')}\` printed ${parsed.count} JSON documents, not one.`,
        args,
        run,
      );
    else if (saysFailed(parsed.value))
      reportRun(
        judging,
        'APP-11/exit-zero-on-failure',
        `\`${args.join(' ')}\` printed ok:false but exited 0.`,
        args,
        run,
      );
  }
}

/** The entity ids the successful invocations printed, in order: a target for a destructive command (APP-13). */
export const seenIds = (runs: AppRuns): string[] =>
  successfulRuns(runs).flatMap(({ run }) => idsOf(run) ?? []);
