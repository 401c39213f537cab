import { CONFIRMATION_REQUIRED } from '../../../spec/app/manifest.js';
import { errorCodeOf, idsOf, parseStdout, stdoutOf } from './json.js';
import { describeEnd, excerptOf, NOT_PROBED, reportRun, shown, type AppJudging } from './report.js';
import type { AppRuns } from './types.js';

/**
 * APP-13: a confirmation-required command, called without confirmation, refuses in words (exit non-zero,
 * error.code CONFIRMATION_REQUIRED) and in deeds (the read shows the same ids before and after).
 */
export function judgeConfirmations(judging: AppJudging, runs: AppRuns): void {
  if (runs.confirmations.length === 0) judging.collector.skip('APP-13', NOT_PROBED);
  for (const { call, before, after } of runs.confirmations) {
    judging.collector.exercised('APP-13');
    const { args, run } = call;
    const parsed = parseStdout(stdoutOf(run));
    const code = parsed.kind === 'one' ? errorCodeOf(parsed.value) : undefined;
    if (run.exitCode === 0 || code !== CONFIRMATION_REQUIRED) {
      // Called bare (no id seen, none given), a refusal for another reason may only mean the command needs a target.
      const bare =
        args.length === 1 && run.exitCode !== 0
          ? ' It was called with no argument: no entity id was seen to pass it (give a setup that creates one, or confirmArgs).'
          : '';
      reportRun(
        judging,
        'APP-13/not-enforced',
        `\`${args.join(' ')}\` without confirmation ${describeEnd(run)}${code !== undefined ? ` with error.code ${excerptOf(judging, JSON.stringify(code))}` : ''}, not a failure with error.code ${CONFIRMATION_REQUIRED}.${bare}`,
        args,
        run,
      );
    }
    // An exit 0 is already "ran without confirmation"; a refusal that changed the state anyway is its own defect.
    // The read after is recorded only where ids identify entities (APP-14 held) and the read before showed some.
    const beforeIds = before && idsOf(before);
    if (run.exitCode === 0 || !beforeIds || beforeIds.length === 0 || !after) continue;
    const afterIds = idsOf(after);
    const gone = afterIds ? beforeIds.filter((id) => !afterIds.includes(id)) : [];
    if (gone.length > 0)
      reportRun(
        judging,
        'APP-13/state-changed',
        `\`${args.join(' ')}\` refused (${describeEnd(run)}), yet ${shown(judging, runs.plan.read)} no longer shows ${excerptOf(judging, gone.slice(0, 3).join(', '))}.`,
        args,
        run,
      );
  }
}
