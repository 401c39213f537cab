import { check, type MatcherResult, type MatcherState } from './context.js';
import { formatFindings, hint } from './format.js';

/**
 * Every stdout line is one JSON object with a string `type`: no prose, ANSI, stack traces,
 * pretty-printing, arrays or blank lines (AOI-02).
 *
 * @example expect(stdout).toEmitOnlyJsonl()
 */
export function toEmitOnlyJsonl(
  this: MatcherState | void,
  received: unknown,
  options: { strict?: boolean } = {},
): MatcherResult {
  const report = check('toEmitOnlyJsonl', received, options);
  const verdict = report.verdicts.find((v) => v.rule === 'AOI-02')!;
  const pass = verdict.status !== 'fail';
  return {
    pass,
    message: () =>
      pass
        ? `${hint(this || undefined, 'toEmitOnlyJsonl')}\n\nExpected stdout to break AOI-02, but all ${report.stats.lines} line(s) are JSON objects with a "type".`
        : `${hint(this || undefined, 'toEmitOnlyJsonl')}\n\nExpected only JSONL event objects on stdout (AOI-02), but ${verdict.errors} line(s) are not.\n\n${formatFindings(
            verdict.findings.filter((f) => f.severity === 'error'),
            [verdict],
          )}`,
  };
}
