/** How the app judges report: through the collector (strict, secrets), naming the invocation as the probe. */
import { makeFinding, toExcerpt } from '../../../stream/finding.js';
import type { VerdictCollector } from '../../verdict.js';
import type { AppRun } from './types.js';

export interface AppJudging {
  readonly collector: VerdictCollector;
  /** entry.command: every probe is this command line and its arguments. */
  readonly command: string;
}

/** Text made safe to print: the application's secrets masked, bounded length. */
export const excerptOf = (judging: AppJudging, text: string): string =>
  toExcerpt(text, judging.collector.secrets);

/** An argv as a message quotes it. */
export const shown = (judging: AppJudging, args: readonly string[]): string =>
  `\`${excerptOf(judging, args.join(' '))}\``;

/** How a run ended, in words: `exited 1`, `timed out`, `was killed by SIGKILL`. */
export const describeEnd = (run: AppRun): string =>
  run.timedOut
    ? 'timed out'
    : run.exitCode === null
      ? `was killed by ${run.signal}`
      : `exited ${run.exitCode}`;

/** The command line a probe ran, shell words quoted where needed. */
const probeOf = (judging: AppJudging, args: readonly string[]) =>
  excerptOf(
    judging,
    [
      judging.command,
      ...args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))),
    ].join(' '),
  );

/** A finding about one invocation: its command line as the probe, the first line of its stdout as the excerpt. */
export function reportRun(
  judging: AppJudging,
  subRuleId: string,
  message: string,
  args: readonly string[],
  run: AppRun,
): void {
  const line = excerptOf(
    judging,
    (new TextDecoder().decode(run.stdout).trim().split('\n', 1)[0] ?? '').trimEnd(),
  );
  // The probe and excerpt are made here, bounded and masked, as for every app finding; the collector masks the message.
  judging.collector.addFinding(
    makeFinding(subRuleId, judging.collector.mask(message), {
      probe: probeOf(judging, args),
      ...(line ? { excerpt: line } : {}),
    }),
  );
}

/** The skip reason of a probe rule that nothing in the run concerned (no read, no confirmation-required command). */
export const NOT_PROBED = 'not probed';
