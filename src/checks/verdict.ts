import { getRule } from '../spec/rules.js';
import type { Characteristic } from '../spec/types.js';
import type { Finding } from '../stream/finding.js';

export type VerdictStatus = 'pass' | 'fail' | 'skip' | 'not_applicable';

/** The judgement of one rule (for one command, where the linter knows it). */
export interface RuleVerdict {
  readonly rule: string;
  readonly title: string;
  readonly characteristics: readonly Characteristic[];
  /** The command judged, when known (the linter judges per command; a recorded stream has none). */
  readonly command?: string;
  readonly status: VerdictStatus;
  /** Why the rule was skipped or not applicable. */
  readonly reason?: string;
  /** Occurrences, including those not kept as findings. */
  readonly errors: number;
  readonly warnings: number;
  /** The first findings of each sub-rule, with evidence. */
  readonly findings: readonly Finding[];
  readonly docs: string;
}

export function makeVerdict(ruleId: string, parts: Omit<RuleVerdict, 'rule' | 'title' | 'characteristics' | 'docs'>): RuleVerdict {
  const rule = getRule(ruleId);
  return { rule: rule.id, title: rule.title, characteristics: rule.characteristics, docs: rule.docs, ...parts };
}
