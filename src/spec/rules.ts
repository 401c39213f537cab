import { AGENTCLI_RULES, AGENTCLI_SUB_RULES } from './agentcli/rules.js';
import { AOI_RULES, AOI_SUB_RULES } from './aoi/rules.js';
import { APP_RULES, APP_SUB_RULES } from './app/rules.js';
import { CMDHELP_RULES, CMDHELP_SUB_RULES } from './cmdhelp/rules.js';
import { COMPAT_RULES, COMPAT_SUB_RULES } from './compat/rules.js';
import { CONSUMER_RULES, CONSUMER_SUB_RULES } from './consumer/rules.js';
import { RUNTIME_RULES, RUNTIME_SUB_RULES } from './consumer/runtime-rules.js';
import { EXEC_RULES, EXEC_SUB_RULES } from './exec/rules.js';
import { SPECS, type SpecId } from './specs.js';
import type { Rule, SubRule } from './types.js';

/** A spec's rule registry: its rules and their sub-rules. */
export interface Registry {
  readonly rules: readonly Rule[];
  readonly subRules: readonly SubRule[];
}

/** Every spec's registry, by spec id (a spec added to SPECS without one does not compile). */
export const REGISTRIES: Readonly<Record<SpecId, Registry>> = {
  aoi: { rules: AOI_RULES, subRules: AOI_SUB_RULES },
  cmdhelp: { rules: CMDHELP_RULES, subRules: CMDHELP_SUB_RULES },
  exec: { rules: EXEC_RULES, subRules: EXEC_SUB_RULES },
  app: { rules: APP_RULES, subRules: APP_SUB_RULES },
  agentcli: { rules: AGENTCLI_RULES, subRules: AGENTCLI_SUB_RULES },
  consumer: { rules: CONSUMER_RULES, subRules: CONSUMER_SUB_RULES },
  runtime: { rules: RUNTIME_RULES, subRules: RUNTIME_SUB_RULES },
  compat: { rules: COMPAT_RULES, subRules: COMPAT_SUB_RULES },
};

/** Every spec's rules in one lookup: verdicts and findings name rules of any spec the kit covers. */
const rulesById = new Map<string, Rule>(
  SPECS.flatMap((spec) => REGISTRIES[spec.id].rules).map((rule) => [rule.id, rule]),
);
const subRulesById = new Map<string, SubRule>(
  SPECS.flatMap((spec) => REGISTRIES[spec.id].subRules).map((sub) => [sub.id, sub]),
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

/** Whether a rule id names a rule of some registry. */
export const isRuleId = (id: string): boolean => rulesById.has(id);

/** The rule ids of one spec (`AOI`, `EXEC`, …), in id order; with `judgedBy`, only rules with a sub-rule judged that way. */
export function ruleIdsOf(prefix: string, judgedBy?: SubRule['judgedBy']): string[] {
  const ids = [...rulesById.keys()].filter((id) => id.startsWith(`${prefix}-`));
  const judged = judgedBy
    ? new Set([...subRulesById.values()].filter((s) => s.judgedBy === judgedBy).map((s) => s.rule))
    : undefined;
  return ids.filter((id) => !judged || judged.has(id)).sort();
}
