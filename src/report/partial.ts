/**
 * What an interrupted verb has found so far (issue 15: an interrupted kit writes the partial report it has).
 * Nothing passed in a partial report: the run did not finish, so only the findings are shown, never verdicts.
 * Findings are already sanitised and masked (makeFinding).
 */
import type { Finding } from '../stream/finding.js';
import type { KitEvent } from './jsonl.js';

/** For people (stderr): the signal, the count, then the first 50 findings. */
export function partialReportText(
  verb: string,
  signal: NodeJS.Signals,
  findings: readonly Finding[],
): string {
  const lines = [
    `aoi-testkit ${verb}: interrupted by ${signal}; partial report: ${findings.length} finding(s) so far, no verdict (the run did not finish)`,
    ...findings
      .slice(0, 50)
      .map(
        (f) =>
          `  ${f.severity === 'error' ? 'FAIL' : 'WARN'}  ${f.id}: ${f.message}${f.probe ? `  [${f.probe}]` : ''}`,
      ),
    ...(findings.length > 50 ? [`  … and ${findings.length - 50} more`] : []),
  ];
  return `${lines.join('\n')}\n`;
}

/** The AOI events after the meta: one aoi:warning per finding, and the interrupted summary §7 asks of any interrupted run. */
export function partialReportEvents(findings: readonly Finding[]): KitEvent[] {
  return [
    ...findings.map((f) => ({
      type: 'aoi:warning',
      code: 'PARTIAL_FINDING',
      message: `${f.id}: ${f.message}`,
      rule: f.id,
      ...(f.probe ? { probe: f.probe } : {}),
    })),
    {
      type: 'aoi:summary',
      ok: false,
      reason: 'interrupted',
      partial: true,
      count: 0,
      warning_count: findings.length,
    },
  ];
}
