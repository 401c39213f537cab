/**
 * The corpus's reports: the list of scenarios (`aoi-testkit scenarios`), and a run of the kit on them (`scenarios
 * --run`: expected vs actual, one result each), as text, the kit's AOI stream, or JUnit (a testcase per scenario).
 */
import type { ScenarioResult } from '../corpus/runner.js';
import { SCENARIO_KINDS } from '../corpus/kinds.js';
import type { Scenario, ScenarioExpected } from '../corpus/types.js';
import type { KitEvent } from './jsonl.js';
import type { ShardView } from './view.js';
import { xml } from './junit.js';
import { metaEvent, TOOL } from './meta.js';

/** What `scenarios --run` found: a result per scenario. */
export interface CorpusRunView {
  readonly verb: 'scenarios';
  readonly results: readonly ScenarioResult[];
  /** A sharded run: its shard, and every scenario id of the whole run in order. */
  readonly shard?: ShardView;
}

/** How expected and actual differ, in a line: the rules whose outcome differs, the sub-rules missing and extra. */
export function difference(result: ScenarioResult): string {
  if (result.actual === undefined) return result.error ?? 'not judged';
  const { expected, actual } = result;
  const rules = Object.keys({ ...expected.rules, ...actual.rules })
    .filter((rule) => expected.rules[rule] !== actual.rules[rule])
    .map(
      (rule) =>
        `${rule} expected ${expected.rules[rule] ?? 'none'}, got ${actual.rules[rule] ?? 'none'}`,
    );
  const missing = expected.findings.filter((id) => !actual.findings.includes(id));
  const extra = actual.findings.filter((id) => !expected.findings.includes(id));
  return (
    [
      ...rules,
      ...(missing.length ? [`missing ${missing.join(', ')}`] : []),
      ...(extra.length ? [`unexpected ${extra.join(', ')}`] : []),
    ].join('; ') || 'same'
  );
}

const verdictWords = (e: ScenarioExpected) => {
  const failed = Object.entries(e.rules)
    .filter(([, o]) => o === 'fail')
    .map(([rule]) => rule);
  return failed.length > 0 ? `fails ${failed.join(', ')}` : 'passes';
};

export function runText(results: readonly ScenarioResult[]): string {
  const width = Math.max(0, ...results.map((r) => r.id.length));
  const lines = results.map(
    (r) =>
      `${r.ok ? 'PASS' : 'FAIL'}  ${r.id.padEnd(width)}  ${r.kind.padEnd(6)}  ${r.ok ? verdictWords(r.expected) : difference(r)}`,
  );
  const failed = results.filter((r) => !r.ok).length;
  lines.push(
    failed === 0
      ? `the kit agrees with all ${results.length} scenario(s)`
      : `the kit disagrees with ${failed} of ${results.length} scenario(s)`,
  );
  return `${lines.join('\n')}\n`;
}

/** JUnit: a testsuite per kind, a testcase per scenario; a failure when the kit's verdict is not the expected one. */
export function runJunit(results: readonly ScenarioResult[]): string {
  const label = `${TOOL} scenarios --run`;
  const kinds = [...new Set(results.map((r) => r.kind))];
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const suites = kinds.map((kind, id) => {
    const mine = results.filter((r) => r.kind === kind);
    const cases = mine.map((r) => {
      const open = `    <testcase classname="${xml(`${TOOL}.scenarios.${kind}`)}" name="${xml(r.id)}" time="${seconds(r.durationMs)}">`;
      if (r.ok) return `${open}</testcase>`;
      const detail = `expected: ${JSON.stringify(r.expected)}\nactual: ${r.actual ? JSON.stringify(r.actual) : (r.error ?? 'not judged')}`;
      return `${open}\n      <failure message="${xml(difference(r))}" type="verdict-mismatch">${xml(detail)}</failure>\n    </testcase>`;
    });
    const time = seconds(mine.reduce((n, r) => n + r.durationMs, 0));
    return `  <testsuite name="${xml(`${label} [${kind}]`)}" id="${id}" tests="${mine.length}" failures="${mine.filter((r) => !r.ok).length}" errors="0" skipped="0" time="${time}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const failures = results.filter((r) => !r.ok).length;
  const time = seconds(results.reduce((n, r) => n + r.durationMs, 0));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(label)}" tests="${results.length}" failures="${failures}" errors="0" skipped="0" time="${time}">\n${suites.join('\n')}${suites.length ? '\n' : ''}</testsuites>\n`;
}

/** The results as the kit's AOI stream: aoi:meta, a `scenario_result` per scenario, aoi:summary (ok: the kit agrees with all). */
export function runEvents(results: readonly ScenarioResult[]): KitEvent[] {
  const failed = results.filter((r) => !r.ok).length;
  return [
    metaEvent('scenarios'),
    ...results.map(({ durationMs, ...r }): KitEvent => ({
      type: 'scenario_result',
      ...r,
      duration_ms: Math.round(durationMs),
      ...(r.ok ? {} : { difference: difference({ ...r, durationMs }) }),
    })),
    {
      type: 'aoi:summary',
      ok: failed === 0,
      count: results.length,
      warning_count: 0,
      error_count: failed,
    },
  ];
}

/** One line per scenario: id, kind, spec, and the rules it must fail (and those with warnings only); then the counts per kind. */
export function scenarioListText(scenarios: readonly Scenario[]): string {
  const width = Math.max(0, ...scenarios.map((s) => s.id.length));
  const lines = scenarios.map((s) => {
    const having = (outcome: string) =>
      Object.entries(s.expected.rules)
        .filter(([, o]) => o === outcome)
        .map(([rule]) => rule);
    const [fail, warn] = [having('fail'), having('warn')];
    const verdict =
      s.kind === 'consumer'
        ? 'must' in s
          ? `a consumer${s.mode === 'default' ? '' : ` run ${s.mode}`} must ${s.must === 'succeed' ? 'succeed' : s.must === 'fail-closed' ? 'fail closed' : 'report and continue'}, else ${s.breaks}`
          : `an APP runtime must pass ${s.judges.join(', ')}`
        : [
            fail.length > 0 ? `fails ${fail.join(', ')}` : 'passes',
            warn.length > 0 ? `warns ${warn.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; ');
    return `${s.id.padEnd(width)}  ${s.kind.padEnd(7)}  ${s.spec.padEnd(7)}  ${verdict}`;
  });
  const counts = SCENARIO_KINDS.map(
    (kind) => [kind, scenarios.filter((s) => s.kind === kind).length] as const,
  ).filter(([, n]) => n > 0);
  lines.push(
    `${scenarios.length} scenario(s)${counts.length > 0 ? `: ${counts.map(([kind, n]) => `${n} ${kind}`).join(', ')}` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

/** The list as the kit's AOI stream: aoi:meta, a `scenario` event per scenario (the whole file), aoi:summary. */
export function scenarioListEvents(scenarios: readonly Scenario[]): KitEvent[] {
  return [
    metaEvent('scenarios'),
    ...scenarios.map((scenario): KitEvent => ({ type: 'scenario', ...scenario })),
    { type: 'aoi:summary', ok: true, count: scenarios.length, warning_count: 0, error_count: 0 },
  ];
}
