import { getRule, getSubRule } from '../spec/rules.js';
import type { RuleOutcome, ScenarioExpected } from './types.js';

/** How a harness starts the kit's CLI: `npx` finds it in the project's node_modules. */
export const KIT_COMMAND = ['npx', 'aoi-testkit'] as const;

/**
 * The expected verdict of a set of declared sub-rules over the judged rules, severities from the registry:
 * a rule fails on an error sub-rule, warns on warnings only, passes otherwise.
 */
export function expectedFrom(
  declared: readonly string[],
  ruleIds: readonly string[],
): ScenarioExpected {
  const findings = [...new Set(declared)].sort();
  const foreign = findings.filter((id) => !ruleIds.includes(getSubRule(id).rule));
  if (foreign.length > 0)
    throw new Error(
      `sub-rule(s) ${foreign.join(', ')} are not judged here (judged: ${ruleIds.join(', ')})`,
    );
  const rules: Record<string, RuleOutcome> = {};
  for (const rule of ruleIds) {
    const ofRule = findings.filter((id) => getSubRule(id).rule === rule);
    rules[rule] = ofRule.some((id) => getSubRule(id).severity === 'error')
      ? 'fail'
      : ofRule.length > 0
        ? 'warn'
        : 'pass';
  }
  return { ok: !Object.values(rules).includes('fail'), rules, findings };
}

const numbered = /^§\d+(\.\d+)*$/;
const key = (section: string) => section.replace(/^§/, '').split('.').map(Number);

/**
 * The sections of the rules involved (those expected to report; every judged rule's when none does), each
 * once: numbered sections (`§8.3`) in document order, named ones (`§Per-Line Output`) in rule order.
 */
export function sectionsOf(expected: ScenarioExpected): string[] {
  const involved = Object.entries(expected.rules)
    .filter(([, outcome]) => outcome !== 'pass')
    .map(([rule]) => rule);
  const rules = involved.length > 0 ? involved : Object.keys(expected.rules);
  const sections = [...new Set(rules.flatMap((rule) => getRule(rule).sections))];
  if (!sections.every((s) => numbered.test(s))) return sections;
  return sections.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++)
      if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
    return 0;
  });
}
