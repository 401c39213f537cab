import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../src/spec/rules.js';
import { SPECS } from '../../../src/spec/specs.js';
import type { Rule, SubRule } from '../../../src/spec/types.js';

/** Every rule of every spec has its page, titled as the registry titles it, with a section per sub-rule. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const REGISTERED: [string, readonly Rule[], readonly SubRule[]][] = SPECS.map((spec) => [
  spec.prefix,
  REGISTRIES[spec.id].rules,
  REGISTRIES[spec.id].subRules,
]);

describe.each(REGISTERED)('%s rule pages (docs/rules/)', (prefix, rules, subRules) => {
  const subRuleIds = new Set(subRules.map((s) => s.id));
  const heading = new RegExp(`^###\\s+(${prefix}-\\d+\\/\\S+)\\s*$`, 'gm');

  it('the registry has rules, and every sub-rule belongs to one of them', () => {
    expect(rules.length).toBeGreaterThan(0);
    for (const sub of subRules) expect(rules.map((r) => r.id)).toContain(sub.rule);
  });

  describe.each(rules.map((rule) => [rule.id, rule] as const))('%s', (_id, rule) => {
    const path = `${root}${rule.docs}`;
    it('has its page, titled `# <id> — <title>`', () => {
      expect(rule.docs).toBe(`docs/rules/${rule.id}.md`);
      expect(existsSync(path), `${rule.docs} is missing`).toBe(true);
      expect(readFileSync(path, 'utf8').split('\n', 1)[0]).toBe(`# ${rule.id} — ${rule.title}`);
    });

    it('has a `### <sub-rule id>` section for every sub-rule, and none for a sub-rule the registry lacks', () => {
      const headings = [...readFileSync(path, 'utf8').matchAll(heading)].map((m) => m[1]!);
      for (const sub of subRules.filter((s) => s.rule === rule.id))
        expect(headings, `${rule.docs} lacks ### ${sub.id}`).toContain(sub.id);
      for (const id of headings) {
        expect(
          subRuleIds.has(id),
          `${rule.docs} has ### ${id}, which the registry does not define`,
        ).toBe(true);
        expect(
          id.startsWith(`${rule.id}/`),
          `${rule.docs} documents ${id}, a sub-rule of another rule`,
        ).toBe(true);
      }
    });
  });
});
