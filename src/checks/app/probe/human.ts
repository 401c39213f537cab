import { parseStdout, stdoutOf } from './json.js';
import { reportRun, shown, type AppJudging } from './report.js';
import type { AppRuns } from './types.js';

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
    reportRun(judging, 'APP-10/human-by-environment', `${shown(judging, read)} printed one JSON document, but no JSON document with TERM, COLORTERM, FORCE_COLOR and CLICOLOR_FORCE set: the environment, not a switch, chose human output.`, read, human.terminal);
  if (human.switched && human.after && parseStdout(stdoutOf(human.after)).kind !== 'one')
    reportRun(judging, 'APP-10/human-sticky', `after ${shown(judging, human.switched.args)}, ${shown(judging, read)} without the switch printed no JSON document: the switch stuck.`, read, human.after);
}
