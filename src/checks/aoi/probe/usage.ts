import { EXIT_CODES } from '../../../spec/aoi/constants.js';
import { endOf, type Event, type ProbeOutcome, type Report } from './types.js';

/** AOI-05 (§6): a command line the tool cannot understand exits non-zero, ideally 64. */
export function judgeUsage(run: ProbeOutcome, report: Report): void {
  if (run.exitCode === 0) report('AOI-05/usage-exit-zero', 'an unknown flag was accepted: exit 0');
  else if (run.exitCode !== EXIT_CODES.USAGE)
    report('AOI-05/usage-exit-code', `an unknown flag gave ${endOf(run)}, not 64 (EX_USAGE)`);
}

/**
 * The tool refused the command line as malformed usage, as §6 and §9.1 ask: exit 64 and an aoi:error of category
 * `usage`. Such a run shows how the command meets a command line it cannot understand, whatever it was given.
 */
export function refusedAsUsage(run: ProbeOutcome, events: readonly Event[]): boolean {
  return (
    run.exitCode === EXIT_CODES.USAGE &&
    events.some((event) => event.type === 'aoi:error' && event.category === 'usage')
  );
}
