import type { Rule, SpecBasis, SubRule } from './types.js';

/** Every rule's page: `docs/rules/<ID>.md`. */
export const ruleDocs = (id: string): string => `docs/rules/${id}.md`;

/** Rules as the registries write them, with their docs page added. */
export const withDocs = (rules: readonly Omit<Rule, 'docs'>[]): Rule[] =>
  rules.map((rule) => ({ ...rule, docs: ruleDocs(rule.id) }));

/** A builder of sub-rules judged one way: `(id, severity, title, fix, basis, note?)`; the parent rule is the id's prefix. */
export const subRulesJudgedBy =
  (judgedBy: SubRule['judgedBy']) =>
  (
    id: string,
    severity: SubRule['severity'],
    title: string,
    fix: string,
    basis: SpecBasis,
    note?: string,
  ): SubRule => ({
    id,
    rule: id.slice(0, id.indexOf('/')),
    title,
    severity,
    fix,
    judgedBy,
    basis,
    ...(note ? { note } : {}),
  });

/** A MUST (or MUST NOT, REQUIRED) of the text at `section`, quoted: the only basis an error may have. */
export const must = (section: string, quote: string, source?: string): SpecBasis => ({
  strength: 'must',
  section,
  quote,
  ...(source ? { source } : {}),
});

/** A SHOULD (or recommended, preferred) of the text at `section`, quoted: a warning. */
export const should = (section: string, quote: string, source?: string): SpecBasis => ({
  strength: 'should',
  section,
  quote,
  ...(source ? { source } : {}),
});

/** The kit's own reading where the text at `section` is silent or leaves room (the sentence it starts from, if any): a warning. */
export const kit = (section: string, quote?: string, source?: string): SpecBasis => ({
  strength: 'kit',
  section,
  ...(quote ? { quote } : {}),
  ...(source ? { source } : {}),
});
