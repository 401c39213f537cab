import { expect } from 'vitest';
import type { RuleVerdict } from '../../src/checks/verdict.js';
import { renderJunit } from '../../src/report/junit.js';
import type { VerdictView } from '../../src/report/view.js';
import { HAS_XMLLINT, parseJunit, xsdProblems } from './reporters.js';

const judged = (v: RuleVerdict) => v.status === 'pass' || v.status === 'fail';

/**
 * A view's JUnit (valid against the suite's XSD where xmllint exists) holds, in seconds, `ms(verdict)` for each judged
 * testcase and 0 for a skipped or not-applicable one, and the view's run time on every testsuite and on testsuites
 * (a verb other than lint judges its whole report in its one run). Returns how many testcases were judged.
 */
export function expectJunitTimes(view: VerdictView, ms: (verdict: RuleVerdict) => number): number {
  const xml = renderJunit(view);
  if (HAS_XMLLINT) expect(xsdProblems(xml)).toBeUndefined();
  const time = (element: object) => Number((element as { time?: string }).time);
  const suites = parseJunit(xml).testsuites.testsuite;
  const cases = suites.flatMap((s) => s.testcase.map(time));
  const verdicts = view.report.verdicts;
  expect(cases).toEqual(verdicts.map((v) => (judged(v) ? Number((ms(v) / 1000).toFixed(3)) : 0)));
  const run = Number(((view.durationMs ?? 0) / 1000).toFixed(3));
  expect(suites.map(time)).toEqual(suites.map(() => run));
  expect(Number(/<testsuites [^>]*time="([\d.]+)"/.exec(xml)![1])).toBe(run);
  return verdicts.filter(judged).length;
}
