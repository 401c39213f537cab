import { endOf, idOf, itemsOf, type Event, type ProbeOutcome, type Report } from './types.js';

/**
 * AOI-07 (§14.4): the same mutation twice with one --idempotency-key: both accepted, the second changes
 * nothing and reports the same resource ids as the first (compared only when both streams could be read).
 */
export function judgeReplay(
  first: { run: ProbeOutcome; events: readonly Event[] | undefined },
  second: { run: ProbeOutcome; events: readonly Event[] | undefined },
  changedBySecond: readonly string[],
  report: Report,
): void {
  const rejected = [first, second].find(({ run }) => run.exitCode !== 0);
  if (rejected) {
    report('AOI-07/key-rejected', `a run with --idempotency-key ended with ${endOf(rejected.run)}`);
    return;
  }
  if (changedBySecond.length > 0)
    report('AOI-07/effect-doubled', `the replay changed ${changedBySecond.join(', ')} again`);
  if (!first.events || !second.events) return;
  const ids = (events: readonly Event[]) => itemsOf(events).map(idOf).join(',');
  if (ids(first.events) !== ids(second.events))
    report(
      'AOI-07/replay-differs',
      `the replay reported ids [${ids(second.events)}], the first run [${ids(first.events)}]`,
    );
}
