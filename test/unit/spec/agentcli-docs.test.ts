import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AGENTCLI_RULES, AGENTCLI_SUB_RULES } from '../../../src/spec/agentcli/rules.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const subRuleIds = new Set(AGENTCLI_SUB_RULES.map((s) => s.id));
/** `### AGENTCLI-nn/…` headings: the sub-rule sections of a page. */
const SUB_HEADING = /^###\s+(AGENTCLI-\d+\/\S+)\s*$/gm;

describe('AGENTCLI rule pages (docs/rules/AGENTCLI-*.md)', () => {
  it('the registry has rules and sub-rules to document', () => {
    expect(AGENTCLI_RULES.length).toBeGreaterThan(0);
    for (const sub of AGENTCLI_SUB_RULES) expect(AGENTCLI_RULES.map((r) => r.id)).toContain(sub.rule);
  });

  for (const rule of AGENTCLI_RULES) {
    describe(rule.id, () => {
      const path = `${root}${rule.docs}`;

      it(`has a page at ${rule.docs}`, () => {
        expect(rule.docs).toBe(`docs/rules/${rule.id}.md`);
        expect(existsSync(path), `${rule.docs} is missing`).toBe(true);
      });

      it('starts with `# <id> — <title>`', () => {
        const first = readFileSync(path, 'utf8').split('\n', 1)[0];
        expect(first).toBe(`# ${rule.id} — ${rule.title}`);
      });

      it('has a `### <sub-rule id>` section for every sub-rule, and none for a sub-rule the registry lacks', () => {
        const text = readFileSync(path, 'utf8');
        const headings = [...text.matchAll(SUB_HEADING)].map((m) => m[1]!);
        const expected = AGENTCLI_SUB_RULES.filter((s) => s.rule === rule.id).map((s) => s.id);
        expect(expected.length, `${rule.id} has no sub-rule in the registry`).toBeGreaterThan(0);
        for (const id of expected) expect(headings, `${rule.docs} lacks ### ${id}`).toContain(id);
        for (const id of headings) {
          expect(subRuleIds.has(id), `${rule.docs} has ### ${id}, which the registry does not define`).toBe(true);
          expect(id.startsWith(`${rule.id}/`), `${rule.docs} documents ${id}, a sub-rule of another rule`).toBe(true);
        }
        expect(new Set(headings).size, `${rule.docs} documents a sub-rule twice`).toBe(headings.length);
      });
    });
  }
});
