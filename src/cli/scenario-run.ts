/**
 * `aoi-testkit scenarios --run`: the kit judged by its own corpus (src/corpus/runner.ts runs each scenario, of every
 * kind), reported as text, JSONL or JUnit (one testcase each).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { runCorpus, type ScenarioResult } from '../corpus/runner.js';
import type { Scenario, ScenarioExpected } from '../corpus/types.js';
import { writeReason } from './baseline.js';
import type { Emitter } from './emitter.js';
import { TOOL } from './emitter.js';
import { collect } from './reporters/index.js';
import type { ReporterTarget } from './reporters/options.js';
import { xml } from './reporters/junit.js';
import { InputError } from './usage.js';

export type { ScenarioResult } from '../corpus/runner.js';

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

export function renderRunText(results: readonly ScenarioResult[]): string {
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
export function renderRunJunit(results: readonly ScenarioResult[]): string {
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
function writeRunJsonl(results: readonly ScenarioResult[], emitter: Emitter): void {
  emitter.meta('scenarios');
  for (const { durationMs, ...r } of results)
    emitter.emit({
      type: 'scenario_result',
      ...r,
      duration_ms: Math.round(durationMs),
      ...(r.ok ? {} : { difference: difference({ ...r, durationMs }) }),
    });
  const failed = results.filter((r) => !r.ok).length;
  emitter.emit({
    type: 'aoi:summary',
    ok: failed === 0,
    count: results.length,
    warning_count: 0,
    error_count: failed,
  });
}

/** Run the scenarios, as many at once as the machine has cores, deliver every reporter; 0 when all agree, else 1. */
export async function runScenarioCorpus(
  scenarios: readonly Scenario[],
  targets: readonly ReporterTarget[],
  emitter: Emitter,
): Promise<number> {
  const results: ScenarioResult[] = [];
  let done = 0;
  const progress = targets.some((t) => t.path === undefined && t.name === 'jsonl')
    ? undefined
    : (r: ScenarioResult) =>
        process.stderr.write(`aoi-testkit scenarios: ${done}/${scenarios.length} · ${r.id}\n`);
  results.push(
    ...(await runCorpus(scenarios, {
      concurrency: availableParallelism(),
      onResult: (r) => {
        done += 1;
        progress?.(r);
      },
    })),
  );
  for (const target of targets) {
    if (target.path === undefined) continue;
    const text =
      target.name === 'junit'
        ? renderRunJunit(results)
        : target.name === 'jsonl'
          ? collect((e) => writeRunJsonl(results, e))
          : renderRunText(results);
    try {
      writeFileSync(target.path, text);
    } catch (error) {
      throw new InputError(
        `--reporter ${target.name}=${target.path}: cannot write it: ${writeReason(error)}`,
        'io',
        'REPORT_NOT_WRITABLE',
        73,
      );
    }
  }
  const stdout = targets.find((t) => t.path === undefined)!;
  if (stdout.name === 'jsonl') writeRunJsonl(results, emitter);
  else
    process.stdout.write(
      stdout.name === 'junit' ? renderRunJunit(results) : renderRunText(results),
    );
  return results.every((r) => r.ok) ? 0 : 1;
}
