import { AGENTCLI_RULES, AGENTCLI_SUB_RULES } from './agentcli/rules.js';
import { AOI_RULES, AOI_SUB_RULES } from './aoi/rules.js';
import { APP_RULES, APP_SUB_RULES } from './app/rules.js';
import { CMDHELP_RULES, CMDHELP_SUB_RULES } from './cmdhelp/rules.js';
import { COMPAT_RULES, COMPAT_SUB_RULES } from './compat/rules.js';
import { CONSUMER_RULES, CONSUMER_SUB_RULES } from './consumer/rules.js';
import { RUNTIME_RULES, RUNTIME_SUB_RULES } from './consumer/runtime-rules.js';
import { EXEC_RULES, EXEC_SUB_RULES } from './exec/rules.js';
import type { Rule, SubRule } from './types.js';

/** Every spec's rules in one lookup: verdicts and findings name rules of any spec the kit covers. */
const rulesById = new Map<string, Rule>(
  [
    ...AOI_RULES,
    ...AGENTCLI_RULES,
    ...CMDHELP_RULES,
    ...EXEC_RULES,
    ...APP_RULES,
    ...CONSUMER_RULES,
    ...RUNTIME_RULES,
    ...COMPAT_RULES,
  ].map((rule) => [rule.id, rule]),
);
const subRulesById = new Map<string, SubRule>(
  [
    ...AOI_SUB_RULES,
    ...AGENTCLI_SUB_RULES,
    ...CMDHELP_SUB_RULES,
    ...EXEC_SUB_RULES,
    ...APP_SUB_RULES,
    ...CONSUMER_SUB_RULES,
    ...RUNTIME_SUB_RULES,
    ...COMPAT_SUB_RULES,
  ].map((sub) => [sub.id, sub]),
);

export function getRule(id: string): Rule {
  const rule = rulesById.get(id);
  if (!rule) throw new Error(`unknown rule id ${id}`);
  return rule;
}

export function getSubRule(id: string): SubRule {
  const subRule = subRulesById.get(id);
  if (!subRule) throw new Error(`unknown sub-rule id ${id}`);
  return subRule;
}

/** The rule ids of one spec (`AOI`, `EXEC`, …), in id order; with `judgedBy`, only rules with a sub-rule judged that way. */
export function ruleIdsOf(prefix: string, judgedBy?: SubRule['judgedBy']): string[] {
  const ids = [...rulesById.keys()].filter((id) => id.startsWith(`${prefix}-`));
  const judged = judgedBy
    ? new Set([...subRulesById.values()].filter((s) => s.judgedBy === judgedBy).map((s) => s.rule))
    : undefined;
  return ids.filter((id) => !judged || judged.has(id)).sort();
}
