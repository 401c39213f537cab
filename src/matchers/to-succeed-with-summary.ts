import { check, type MatcherResult, type MatcherState } from './context.js';
import { formatFindings, hint, printExpected, printReceived, subsetDiff } from './format.js';
import { matchesPartial } from './partial.js';
import type { ExpectedSummary } from './types.js';

/**
 * Application-level success (§4.1): a terminal `aoi:summary` with `ok: true`, nothing after it,
 * exit 0 when the exit status is known; optionally the summary matches `expected` (like toMatchObject).
 *
 * @example expect(run).toSucceedWithSummary({ count: 2, truncated: false })
 */
export function toSucceedWithSummary(
  this: MatcherState | void,
  received: unknown,
  expected?: ExpectedSummary,
): MatcherResult {
  const state = this || undefined;
  const report = check('toSucceedWithSummary', received);
  const summary = report.summary;
  const head = hint(state, 'toSucceedWithSummary', expected ? 'expected' : '');
  const structural = report.findings.filter((f) => f.rule === 'AOI-03' && f.severity === 'error');
  const exitCode = report.end.exitCode;
  const exitOk =
    !report.end.signal && (exitCode === undefined || exitCode === null || exitCode === 0);
  const mismatch =
    summary !== undefined && expected !== undefined && !matchesPartial(summary, expected);
  const reasons: string[] = [];
  if (!summary) reasons.push('the stream has no terminal aoi:summary');
  else if (summary.ok !== true) reasons.push(`summary.ok is ${printReceived(state, summary.ok)}`);
  if (!exitOk)
    reasons.push(
      report.end.signal
        ? `the process was killed by ${report.end.signal}`
        : `the process exited ${exitCode}`,
    );
  if (mismatch) reasons.push('the summary does not match');
  if (structural.length > 0) reasons.push('the summary is not well placed');
  const pass = reasons.length === 0;
  return {
    pass,
    // No actual/expected: vitest would print its full diff (unmasked) after the focused one of the message.
    message: () =>
      pass
        ? `${head}\n\nExpected the command not to succeed${expected ? ' with a matching summary' : ''}, but it did.\n\n${expected ? `Expected: not ${printExpected(state, expected)}\n` : ''}Received: ${printReceived(state, summary)}`
        : [
            head,
            '',
            `Expected success with a terminal summary, but ${reasons.join('; ')}.`,
            // Only the keys the user asked about: the rest of the summary would bury the difference.
            ...(mismatch
              ? ['', subsetDiff(state, expected, summary)]
              : summary
                ? ['', `Summary: ${printReceived(state, summary)}`]
                : []),
            ...(structural.length > 0 ? ['', formatFindings(structural)] : []),
          ].join('\n'),
  };
}
