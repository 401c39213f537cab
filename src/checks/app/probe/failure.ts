import { isStructuredError, parseStdout, stdoutOf } from './json.js';
import { describeEnd, reportRun, type AppJudging } from './report.js';
import type { AppInvocation } from './types.js';

/** APP-11 and APP-12: an invocation that must fail exits non-zero and prints {ok:false,error:{code,message}}. */
export function judgeFailure(judging: AppJudging, { args, run }: AppInvocation): void {
  judging.collector.exercised('APP-11');
  judging.collector.exercised('APP-12');
  if (run.exitCode === 0) {
    reportRun(
      judging,
      'APP-11/exit-zero-on-failure',
      `\`${args.join(' ')}\` should fail but exited 0.`,
      args,
      run,
    );
    return;
  }
  const parsed = parseStdout(stdoutOf(run));
  if (!(parsed.kind === 'one' && isStructuredError(parsed.value)))
    reportRun(
      judging,
      'APP-12/unstructured-error',
      `\`${args.join(' ')}\` failed (${describeEnd(run)}) without printing {ok:false,error:{code,message}} on stdout.`,
      args,
      run,
    );
}
