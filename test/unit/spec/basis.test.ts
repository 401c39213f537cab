import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_SUB_RULES, staleRulePages, withBasisLines } from '../../../src/corpus/rule-quotes.js';
import { specOfRule } from '../../../src/spec/specs.js';
import type { SubRule } from '../../../src/spec/types.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Severity follows the text: only a MUST may be an error, and every sub-rule says which sentence it rests on. */
describe('every sub-rule quotes the spec sentence its severity rests on', () => {
  it.each(ALL_SUB_RULES.map((sub) => [sub.id, sub] as const))('%s', (_id, sub) => {
    const { strength, section, quote } = sub.basis;
    expect(section.trim(), 'a section').not.toBe('');
    if (sub.severity === 'error') expect(strength, 'an error needs a MUST').toBe('must');
    if (strength !== 'kit') expect(quote?.trim() ?? '', 'a MUST or SHOULD is quoted').not.toBe('');
    // A quote is the text's, not a paraphrase: no markdown, no leading or trailing space.
    if (quote !== undefined) expect(quote).toBe(quote.trim());
  });
});

describe('rule pages show the registry’s basis and severity', () => {
  it('no page is stale (npm run coverage rewrites them)', () => {
    expect(staleRulePages(root).map(([path]) => path)).toEqual([]);
  });

  it('a page that says Error where the registry says warning is rewritten, and the quote is added', () => {
    const sub: SubRule = {
      id: 'AOI-99/example',
      rule: 'AOI-99',
      title: 't',
      severity: 'warning',
      fix: 'f',
      judgedBy: 'stream',
      basis: { strength: 'should', section: '§15', quote: 'X SHOULD be Y.' },
    };
    const page = '# AOI-99\n\n### AOI-99/example\n\n**Error.** The thing.\n';
    const fresh = withBasisLines(page, [sub]);
    expect(fresh).toBe(
      '# AOI-99\n\n### AOI-99/example\n\n> **SHOULD** (§15): “X SHOULD be Y.” — a warning (`--strict` fails it)\n\n**Warning.** The thing.\n',
    );
    expect(withBasisLines(fresh, [sub])).toBe(fresh);
  });
});

/**
 * The quotes are the specs' own words. The spec texts are not shipped with the kit; point
 * AOI_TESTKIT_SPEC_TEXTS at a directory holding them (aoi-cli-v0.2.txt, cmdhelp-v0.1.txt, batch-dispatch-exec.txt,
 * app-cli-contract.txt, aip-45-agent-cli.txt) and every quote that is not from another document (`source`) is found
 * there, word for word (white space, hyphen forms and backticks aside; `…` joins parts found in order).
 */
const textsDir = process.env.AOI_TESTKIT_SPEC_TEXTS;
/** The text each sub-rule is judged against: its spec's, by its rule prefix. */
const textOf = (sub: SubRule): string => `${specOfRule(sub.rule)!.text}.txt`;
const normal = (text: string) =>
  text
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[`\s]/g, '');

describe.runIf(textsDir !== undefined && existsSync(textsDir))(
  'quotes are found in the spec texts (AOI_TESTKIT_SPEC_TEXTS)',
  () => {
    const quoted = ALL_SUB_RULES.filter((sub) => sub.basis.quote && !sub.basis.source);
    it.each(quoted.map((sub) => [sub.id, sub] as const))('%s', (_id, sub) => {
      const file = textOf(sub);
      const text = normal(readFileSync(join(textsDir!, file), 'utf8'));
      let at = 0;
      for (const part of sub.basis.quote!.split('…')) {
        const found = text.indexOf(normal(part), at);
        expect(found, `“${part.trim()}” in ${file}`).toBeGreaterThanOrEqual(0);
        at = found + normal(part).length;
      }
    });
  },
);
