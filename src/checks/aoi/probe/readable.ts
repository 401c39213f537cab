import { getSubRule } from '../../../spec/rules.js';
import type { StreamReport } from '../stream.js';

/**
 * Stream defects after which the events are not the ones the tool meant: events after the terminal
 * summary, and events named with a reserved framework name (an unprefixed `meta`, or a domain item
 * called `error`: the linter cannot tell framework events from items).
 */
const AMBIGUOUS = new Set([
  'AOI-03/summary-not-last',
  'AOI-03/multiple-summaries',
  'AOI-04/reserved-name',
  'AOI-04/reserved-name-summary',
]);

/**
 * Whether the linter can judge a probe by its events: every line was one JSON event (no AOI-02 error:
 * no prose, ANSI, broken or pretty-printed JSON, arrays, BOM, invalid UTF-8), nothing followed the
 * terminal summary and no event took a reserved name. Otherwise the events are incomplete or ambiguous,
 * and judging them would report the stream's one defect again under other rules — an ANSI-wrapped
 * `created` event is not "a mutation without an event" (AOI-08). The stream checker has reported it.
 */
export function eventsReadable(report: StreamReport): boolean {
  // By the registry's severity, so that --strict (every warning an error) does not make CRLF unreadable.
  return !report.findings.some(
    (finding) =>
      (finding.rule === 'AOI-02' && getSubRule(finding.id).severity === 'error') ||
      AMBIGUOUS.has(finding.id),
  );
}
