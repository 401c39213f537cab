import { check, type MatcherResult, type MatcherState } from './context.js';
import { formatFindings, hint, printReceived } from './format.js';

/** Sub-rules that mean "there is no single, last, well-formed terminal summary". */
const SUMMARY_DEFECTS = new Set([
  'AOI-03/eof-without-summary',
  'AOI-03/failure-without-summary',
  'AOI-03/summary-not-last',
  'AOI-03/multiple-summaries',
  'AOI-03/summary-ok-missing',
]);

/**
 * The stream ends in exactly one `aoi:summary` with a boolean `ok`, and nothing follows it (§4).
 * EOF without a summary is the crash and truncation signal.
 *
 * @example expect(stdout).toHaveTerminalSummary()
 */
export function toHaveTerminalSummary(this: MatcherState | void, received: unknown): MatcherResult {
  const report = check('toHaveTerminalSummary', received);
  const defects = report.findings.filter((f) => SUMMARY_DEFECTS.has(f.id));
  const pass = report.summary !== undefined && defects.length === 0;
  return {
    pass,
    message: () =>
      pass
        ? `${hint(this || undefined, 'toHaveTerminalSummary')}\n\nExpected no terminal aoi:summary, but the stream ends in one.\n\nReceived: ${printReceived(this || undefined, report.summary)}`
        : `${hint(this || undefined, 'toHaveTerminalSummary')}\n\nExpected the stream to end in one terminal aoi:summary.\n\n${
            formatFindings(defects.length > 0 ? defects : []) ||
            'The stream carried no aoi:summary.'
          }`,
  };
}
