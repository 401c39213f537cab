import { parseStdout, stdoutOf } from './json.js';
import { describeEnd, reportRun, shown, type AppJudging } from './report.js';
import type { AppRun, AppRuns } from './types.js';

/** What a read that should have printed one JSON document did instead. */
const instead = (run: AppRun) =>
  run.exitCode === 0 && !run.timedOut
    ? 'printed no JSON document'
    : `${describeEnd(run)} without one JSON document`;

/**
 * APP-10, human output is opt-in: the read that printed one JSON document prints one under a terminal-like
 * environment too, and again after one invocation with the advertised human-output switch (which must not stick).
 */
export function judgeHumanOutput(judging: AppJudging, runs: AppRuns): void {
  const human = runs.human;
  if (!human) return;
  const read = runs.plan.read;
  const terminal = parseStdout(stdoutOf(human.terminal));
  if (terminal.kind !== 'one')
    reportRun(
      judging,
      'APP-10/human-by-environment',
      `${shown(judging, read)} printed one JSON document, but ${instead(human.terminal)} with TERM, COLORTERM, FORCE_COLOR and CLICOLOR_FORCE set: the environment, not a switch, chose its output.`,
      read,
      human.terminal,
    );
  if (human.switched && human.after && parseStdout(stdoutOf(human.after)).kind !== 'one')
    reportRun(
      judging,
      'APP-10/human-sticky',
      `after ${shown(judging, human.switched.args)}, ${shown(judging, read)} without the switch ${instead(human.after)}: the switch stuck.`,
      read,
      human.after,
    );
}
