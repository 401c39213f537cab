import type { RuleVerdict } from '../checks/verdict.js';
import { formatFinding } from './finding.js';
import { sanitise } from '../stream/sanitise.js';
import { TOOL } from './meta.js';
import { rulePageLink } from './rule-pages.js';
import { isKnown, specDurationMs, specOf, verdictName, type VerdictView } from './view.js';

/** Text made safe for XML 1.0: each line sanitised (no controls, no lone surrogates), markup and the two non-characters escaped. */
export const xml = (text: string): string =>
  text
    .split('\n')
    .map(sanitise)
    .join('\n')
    .replace(/[\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Milliseconds as JUnit's seconds. */
const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);

/**
 * JUnit XML (the format Jenkins, GitLab, Azure and the test-report actions read): a testsuite per spec, a
 * testcase per (rule × command), `<failure>` with the findings, `<skipped>` with the reason for skip and
 * not_applicable, and a known failure of the baseline as skipped, saying so. Stale baseline entries are failing
 * testcases of a suite of their own.
 *
 * Times, as the verb measured them (RuleVerdict.durationMs): a testcase's is the wall time of the runs that judged it
 * (a lint's probe runs, a run several testcases read counting in each; a consumer's or runner's scenario run; the
 * reading and judging of a checked file; both contracts of compat recorded and compared); skipped and not applicable
 * 0. A testsuite's is its spec's wall time, and the testsuites' the whole run's. Runs go side by side, so a suite's
 * testcases may add up to more than the suite.
 */
export function renderJunit(view: VerdictView): string {
  const bySpec = new Map<string, RuleVerdict[]>();
  for (const v of view.report.verdicts) {
    const spec = specOf(v.rule);
    if (!bySpec.has(spec)) bySpec.set(spec, []);
    bySpec.get(spec)!.push(v);
  }
  const label = `${TOOL} ${view.verb} ${view.target}`;
  const time = seconds(view.durationMs);
  const suites: {
    name: string;
    cases: string[];
    failures: number;
    skipped: number;
    time: string;
  }[] = [];
  for (const [spec, verdicts] of bySpec) {
    const cases = verdicts.map((v) => testcase(view, spec, v));
    suites.push({
      name: `${label} [${spec}]`,
      cases,
      failures: verdicts.filter((v) => v.status === 'fail' && !isKnown(view, v)).length,
      skipped: verdicts.filter(
        (v) => v.status === 'skip' || v.status === 'not_applicable' || isKnown(view, v),
      ).length,
      time: seconds(specDurationMs(view, spec)),
    });
  }
  const stale = view.baseline?.stale ?? [];
  if (stale.length > 0) {
    const file = view.baseline!.file;
    const cases = stale.map((e) => {
      const name = `${e.sub_rule}${e.command !== undefined ? ` ${e.command}` : ''}`;
      const message = `stale baseline entry: ${name} no longer fails; remove it from ${file}`;
      return `    <testcase classname="baseline" name="${xml(name)}" time="0">\n      <failure message="${xml(message)}" type="baseline-stale">${xml(message)}</failure>\n    </testcase>`;
    });
    suites.push({
      name: `${label} [baseline ${file}]`,
      cases,
      failures: stale.length,
      skipped: 0,
      time: seconds(0),
    });
  }
  const tests = suites.reduce((n, s) => n + s.cases.length, 0);
  const failures = suites.reduce((n, s) => n + s.failures, 0);
  const skipped = suites.reduce((n, s) => n + s.skipped, 0);
  const body = suites.map(
    (s, id) =>
      `  <testsuite name="${xml(s.name)}" id="${id}" tests="${s.cases.length}" failures="${s.failures}" errors="0" skipped="${s.skipped}" time="${s.time}">\n${s.cases.join('\n')}${s.cases.length ? '\n' : ''}  </testsuite>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(label)}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}">\n${body.join('\n')}${body.length ? '\n' : ''}</testsuites>\n`;
}

function testcase(view: VerdictView, spec: string, v: RuleVerdict): string {
  const open = `    <testcase classname="${xml(`${TOOL}.${view.verb}.${spec}.${v.rule}`)}" name="${xml(`${verdictName(v)}: ${v.title}`)}" time="${seconds(v.durationMs)}">`;
  // A testcase is read alone (a CI test tab): the fix of each of its sub-rules after its findings.
  const fixes = new Map(v.findings.map((f) => [f.id, f.fix]));
  const findings = [
    ...v.findings.map((f) => `${f.severity}: ${formatFinding(f, 'line')}`),
    ...[...fixes].map(([id, fix]) => `fix${fixes.size > 1 ? ` (${id})` : ''}: ${fix}`),
  ].join('\n');
  const page = `Rule page: ${rulePageLink(v.rule).text}`;
  if (v.status === 'fail') {
    const first = v.findings.find((f) => f.severity === 'error') ?? v.findings[0];
    const message = `${v.errors} error(s)${v.warnings ? `, ${v.warnings} warning(s)` : ''}; first: ${first ? `${first.id}: ${first.message}` : v.title}`;
    if (isKnown(view, v))
      return `${open}\n      <skipped message="${xml(`known failure (baseline ${view.baseline!.file}): ${message}`)}"/>\n      <system-out>${xml(`${findings}\n${page}`)}</system-out>\n    </testcase>`;
    return `${open}\n      <failure message="${xml(message)}" type="${xml(first?.id ?? v.rule)}">${xml(`${findings}\n${page}`)}</failure>\n    </testcase>`;
  }
  if (v.status === 'skip' || v.status === 'not_applicable')
    return `${open}\n      <skipped message="${xml(`${v.status === 'skip' ? 'skip' : 'not applicable'}: ${v.reason ?? ''}`)}"/>\n    </testcase>`;
  // A pass with warnings keeps them where a person reading the test tab finds them.
  if (v.findings.length > 0)
    return `${open}\n      <system-out>${xml(`${findings}\n${page}`)}</system-out>\n    </testcase>`;
  return `${open}</testcase>`;
}
