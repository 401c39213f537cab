import { COMPAT_SUB_RULES, COMPATIBLE_CHANGES } from '../../spec/compat/rules.js';

/** One difference between two contracts, before the judge says whether a version announced it. */
export interface Difference {
  /** A breaking class (the slug of a COMPAT sub-rule) or a compatible one (COMPATIBLE_CHANGES). */
  readonly class: string;
  /** Where, for people and for telling two differences apart: `capabilities: command search`. */
  readonly where: string;
  /** One sentence, naming where. */
  readonly message: string;
}

/** The sub-rule a breaking class is reported under; undefined for a compatible class. */
const SUB_RULE_OF = new Map(COMPAT_SUB_RULES.map((s) => [s.id.slice(s.id.indexOf('/') + 1), s]));
const COMPATIBLE = new Set(COMPATIBLE_CHANGES.map((c) => c.id));

export function subRuleOf(changeClass: string): string | undefined {
  const sub = SUB_RULE_OF.get(changeClass);
  if (sub) return sub.id;
  if (!COMPATIBLE.has(changeClass)) throw new Error(`unknown change class ${changeClass}`);
  return undefined;
}
