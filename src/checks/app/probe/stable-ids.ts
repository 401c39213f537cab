import { idsOf } from './json.js';
import { describeEnd, excerptOf, reportRun, shown, type AppJudging } from './report.js';
import type { AppRun, AppRuns } from './types.js';

/** The ids of the two reads on unchanged state (after the first), or undefined where one printed no single document. */
const comparedIds = (reads: readonly AppRun[]): [string[] | undefined, string[] | undefined] => [
  reads[1] && idsOf(reads[1]),
  reads[2] && idsOf(reads[2]),
];

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** APP-14 held: the two reads showed ids, the same ones in the same order (so a state change would show). */
export function idsStable(reads: readonly AppRun[]): boolean {
  const [a, b] = comparedIds(reads);
  return a !== undefined && b !== undefined && !(a.length === 0 && b.length === 0) && sameIds(a, b);
}

/** APP-14: two reads on unchanged state return the same entity ids. No ids at all: nothing to compare. */
export function judgeStableIds(judging: AppJudging, runs: AppRuns): void {
  const { read, setupFrom } = runs.plan;
  const { collector } = judging;
  if (read.length === 0) {
    collector.notApplicable(
      'APP-14',
      'no read command: APP.md declares no command outside confirmationRequired (give one: options.read, lint --app-read)',
    );
    return;
  }
  const [a, b] = comparedIds(runs.reads);
  if (!a || !b) {
    collector.skip(
      'APP-14',
      `${shown(judging, read)} did not print one JSON document twice, so there are no ids to compare`,
    );
    return;
  }
  if (a.length === 0 && b.length === 0) {
    // Say why there was nothing to compare: the setup the kit read from APP.md failed, or APP.md documents none.
    const guessed = runs.setup.findLast(({ run }) => run.exitCode !== 0);
    const why = guessed
      ? `; the setup read from APP.md, ${shown(judging, guessed.args)}, ${describeEnd(guessed.run)}`
      : setupFrom === 'none'
        ? '; APP.md documents no add/create invocation to derive a setup from'
        : '';
    collector.notApplicable(
      'APP-14',
      `two runs of ${shown(judging, read)} returned no entity ids to compare${why}; give a setup invocation that creates one (options.setup, lint --app-setup)`,
    );
    return;
  }
  collector.exercised('APP-14');
  if (!sameIds(a, b))
    reportRun(
      judging,
      'APP-14/unstable-ids',
      `Two runs of ${shown(judging, read)} on unchanged state returned different ids (${excerptOf(judging, a.slice(0, 3).join(', ') || 'none')} vs ${excerptOf(judging, b.slice(0, 3).join(', ') || 'none')}).`,
      read,
      runs.reads[2]!,
    );
}
