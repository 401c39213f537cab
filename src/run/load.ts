import { availableParallelism, loadavg } from 'node:os';

/**
 * Whether the machine is busy enough that a program may be starved of CPU: more runnable work over the last
 * minute than there are cores. On such a machine a probe that ran out of time may have been starved rather
 * than stuck, so the linter gives it a second, longer chance before it blames the tool (a verdict must not
 * depend on load). Platforms without load averages (Windows reports 0) count as quiet.
 */
export function machineBusy(): boolean {
  return loadavg()[0]! >= availableParallelism();
}

/** How much more time a run that ran out of it on a busy machine gets on its second try. */
export const STARVED_RETRY_FACTOR = 3;
