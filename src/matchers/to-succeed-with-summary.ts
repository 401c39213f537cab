import { check, type MatcherResult, type MatcherState } from './context.js';
import { formatFindings, hint, show } from './format.js';
import { matchesPartial } from './partial.js';

/**
 * Application-level success (§4.1): a terminal `aoi:summary` with `ok: true`, nothing after it,
 * exit 0 when the exit status is known; optionally the summary matches `expected` (like toMatchObject).
 *
 * @example expect(run).toSucceedWithSummary({ count: 2, truncated: false })
 */
export function toSucceedWithSummary(this: MatcherState | void, received: unknown, expected?: Record<string, unknown>): MatcherResult {
  const report = check('toSucceedWithSummary', received);
  const summary = report.summary;
  const args = expected ? show(expected) : '';
  const structural = report.findings.filter((f) => f.rule === 'AOI-03' && f.severity === 'error');
  const exitCode = report.end.exitCode;
  const exitOk = !report.end.signal && (exitCode === undefined || exitCode === null || exitCode === 0);
  const reasons: string[] = [];
  if (!summary) reasons.push('the stream has no terminal aoi:summary');
  else if (summary.ok !== true) reasons.push(`summary.ok is ${show(summary.ok)}`);
  if (!exitOk) reasons.push(report.end.signal ? `the process was killed by ${report.end.signal}` : `the process exited ${exitCode}`);
  if (summary && expected && !matchesPartial(summary, expected)) reasons.push(`the summary does not match ${show(expected)}`);
  const pass = reasons.length === 0 && structural.length === 0;
  return {
    pass,
    actual: summary,
    expected,
    message: () =>
      pass
        ? `${hint(this || undefined, 'toSucceedWithSummary', args)}\n\nExpected the command not to succeed, but it ended with:\n  ${show(summary)}`
        : [
            `${hint(this || undefined, 'toSucceedWithSummary', args)}`,
            '',
            `Expected success with a terminal summary, but ${[...reasons, ...(structural.length > 0 ? ['the summary is not well placed'] : [])].join('; ')}.`,
            ...(summary ? ['', `Summary: ${show(summary)}`] : []),
            ...(structural.length > 0 ? ['', formatFindings(structural)] : []),
          ].join('\n'),
  };
}
