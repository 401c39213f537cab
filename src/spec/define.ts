import type { Rule, SubRule } from './types.js';

/** Every rule's page: `docs/rules/<ID>.md`. */
export const ruleDocs = (id: string): string => `docs/rules/${id}.md`;

/** Rules as the registries write them, with their docs page added. */
export const withDocs = (rules: readonly Omit<Rule, 'docs'>[]): Rule[] =>
  rules.map((rule) => ({ ...rule, docs: ruleDocs(rule.id) }));

/** A builder of sub-rules judged one way: `(id, severity, title, fix, note?)`; the parent rule is the id's prefix. */
export const subRulesJudgedBy =
  (judgedBy: SubRule['judgedBy']) =>
  (
    id: string,
    severity: SubRule['severity'],
    title: string,
    fix: string,
    note?: string,
  ): SubRule => ({
    id,
    rule: id.slice(0, id.indexOf('/')),
    title,
    severity,
    fix,
    judgedBy,
    ...(note ? { note } : {}),
  });
