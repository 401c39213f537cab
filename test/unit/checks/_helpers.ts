import {
  checkStream,
  type StreamCheckOptions,
  type StreamEnd,
  type StreamReport,
} from '../../../src/checks/aoi/stream.js';
import type { RuleVerdict } from '../../../src/checks/verdict.js';

/** §19.1's meta, with every version field (§5). */
export const META = {
  type: 'aoi:meta',
  tool: 'outline',
  tool_version: '1.8.2',
  aoi_version: '0.2',
  schema_name: 'com.example.outline.events',
  schema_version: '1.0.0',
  command: 'search',
} as const;
export const HIT = { type: 'hit', rank: 1, id: 'doc_123', title: 'Agent-Operable Tools' } as const;
export const SUMMARY_OK = {
  type: 'aoi:summary',
  ok: true,
  count: 1,
  warning_count: 0,
  error_count: 0,
  partial: false,
  truncated: false,
} as const;

/** Events (objects, or raw lines as strings) → JSONL text with a final newline. */
export function jsonl(...events: unknown[]): string {
  return events.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n') + '\n';
}

export function check(
  events: unknown[],
  options: StreamCheckOptions & StreamEnd = {},
): StreamReport {
  return checkStream(jsonl(...events), options);
}

/** `[sub-rule id, line]` of every finding of one rule, in order. */
export function found(report: StreamReport, rule: string): [string, number | undefined][] {
  return report.findings.filter((f) => f.rule === rule).map((f) => [f.id, f.line]);
}

export function verdict(report: StreamReport, rule: string): RuleVerdict {
  const v = report.verdicts.find((x) => x.rule === rule);
  if (!v) throw new Error(`no verdict for ${rule}`);
  return v;
}
