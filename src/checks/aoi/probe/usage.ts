import { EXIT_CODES } from '../../../spec/aoi/constants.js';
import { endOf, type ProbeOutcome, type Report } from './types.js';

/** AOI-05 (§6): a command line the tool cannot understand exits non-zero, ideally 64. */
export function judgeUsage(run: ProbeOutcome, report: Report): void {
  if (run.exitCode === 0) report('AOI-05/usage-exit-zero', 'an unknown flag was accepted: exit 0');
  else if (run.exitCode !== EXIT_CODES.USAGE) report('AOI-05/usage-exit-code', `an unknown flag gave ${endOf(run)}, not 64 (EX_USAGE)`);
}
