import type { StreamCheckOptions } from '../checks/aoi/stream.js';
import { check, type MatcherResult, type MatcherState } from './context.js';
import { formatFindings, hint, verdictLine } from './format.js';

/**
 * The stream (stdout text/bytes, or a run with its exit status) conforms to AOI-CLI v0.2 on every
 * rule a recorded stream can be judged on (AOI-02, 03, 04, 05, 09, 11, 13).
 *
 * @example expect(await runCli('notes', ['search', 'x', '--output', 'jsonl'])).toBeAoiConformant()
 * @example expect(stdout).toBeAoiConformant({ unbounded: true, strict: true })
 */
export function toBeAoiConformant(
  this: MatcherState | void,
  received: unknown,
  options: StreamCheckOptions = {},
): MatcherResult {
  const report = check('toBeAoiConformant', received, options);
  const failed = report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule);
  // Named, not printed: the options may carry the run's known secrets (canaries).
  const args = Object.keys(options).length > 0 ? 'options' : '';
  return {
    pass: report.ok,
    message: () =>
      report.ok
        ? `${hint(this || undefined, 'toBeAoiConformant', args)}\n\nExpected the stream not to conform to AOI-CLI v0.2, but every rule passed:\n${verdictLine(report)}`
        : `${hint(this || undefined, 'toBeAoiConformant', args)}\n\nExpected the stream to conform to AOI-CLI v0.2, but ${failed.length} rule(s) failed: ${failed.join(', ')}.\n\n${formatFindings(
            report.findings.filter((f) => f.severity === 'error'),
            report.verdicts.filter((v) => v.status === 'fail'),
          )}`,
  };
}
