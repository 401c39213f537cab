import type { RuleVerdict } from '../checks/verdict.js';
import type { RuleOutcome, ScenarioExpected } from './types.js';

/**
 * What a report says, in the corpus's terms, to compare with a scenario's `expected`: per rule `fail`
 * (some verdict of it failed), `warn` (none failed, some reported warnings) or `pass` (anything else:
 * pass, skip, not_applicable); the sub-rules reported, each once, sorted. Takes a stream report or a
 * lint report (whose verdicts are per rule × command), in the default, non-strict mode.
 */
export function outcomeOf(
  report: {
    readonly verdicts: readonly RuleVerdict[];
    readonly findings: readonly { readonly id: string }[];
  },
  ruleIds: readonly string[],
): ScenarioExpected {
  const rules: Record<string, RuleOutcome> = {};
  for (const rule of ruleIds) {
    const verdicts = report.verdicts.filter((v) => v.rule === rule);
    rules[rule] = verdicts.some((v) => v.status === 'fail')
      ? 'fail'
      : verdicts.some((v) => v.warnings > 0)
        ? 'warn'
        : 'pass';
  }
  const findings = [...new Set(report.findings.map((f) => f.id))].sort();
  return { ok: !Object.values(rules).includes('fail'), rules, findings };
}
