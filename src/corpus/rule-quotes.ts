/**
 * The line under each `### <sub-rule>` heading of docs/rules/<RULE>.md that quotes the spec sentence the sub-rule's
 * severity rests on (its registry `basis`), and the severity word that opens the paragraph after it. Both are written
 * from the registry (`npm run coverage` runs scripts/rule-quotes.mjs), and a test keeps every page fresh, so that a
 * page never says "error" where the registry says "warning", nor quotes a sentence the registry does not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRIES } from '../spec/rules.js';
import { SPECS } from '../spec/specs.js';
import type { SubRule } from '../spec/types.js';

/** Every sub-rule of every registry, in SPECS order. */
export const ALL_SUB_RULES: readonly SubRule[] = SPECS.flatMap(
  (spec) => REGISTRIES[spec.id].subRules,
);

const STRENGTH = {
  must: 'MUST',
  should: 'SHOULD',
  kit: 'The kit’s reading',
} as const;

/** `> **MUST** (§14.3): “Destructive operations MUST …”` — where the sub-rule's severity comes from. */
export function basisLine(sub: SubRule): string {
  const { strength, section, quote, source } = sub.basis;
  const where = source ? `${source}, ${section}` : section;
  const said = quote ? `: “${quote}”` : ': the text is silent here';
  const why =
    strength === 'kit'
      ? ' — not a MUST or SHOULD of the text, so a warning (`--strict` fails it)'
      : strength === 'should'
        ? ' — a warning (`--strict` fails it)'
        : '';
  return `> **${STRENGTH[strength]}** (${where})${said}${why}`;
}

const heading = /^###\s+(\S+\/\S+)\s*$/;
const severityWord = /^\*\*(Error|Warning)(\.?)\*\*/;

/**
 * A rule page with, under every `### <sub-rule>` heading, its basis line (added, or replaced when stale) and the
 * paragraph after it opened by the registry's severity (`**Error.**` / `**Warning.**`).
 */
export function withBasisLines(page: string, subRules: readonly SubRule[]): string {
  const byId = new Map(subRules.map((sub) => [sub.id, sub]));
  const lines = page.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    out.push(line);
    const sub = byId.get(heading.exec(line)?.[1] ?? '');
    if (!sub) continue;
    // Skip the blank line and an old basis line, then write ours.
    let next = i + 1;
    while (next < lines.length && lines[next] === '') next++;
    if (lines[next]?.startsWith('> **')) next++;
    while (next < lines.length && lines[next] === '') next++;
    out.push('', basisLine(sub), '');
    const word = sub.severity === 'error' ? 'Error' : 'Warning';
    if (next < lines.length)
      lines[next] = lines[next]!.replace(
        severityWord,
        (_m, _w, dot: string) => `**${word}${dot}**`,
      );
    i = next - 1;
  }
  return out.join('\n');
}

/** Every rule page whose basis lines or severity words differ from the registry: `[path, fresh text]`. */
export function staleRulePages(root: string): [string, string][] {
  const rules = [...new Set(ALL_SUB_RULES.map((sub) => sub.rule))];
  return rules.flatMap((rule) => {
    const path = join(root, 'docs/rules', `${rule}.md`);
    const text = readFileSync(path, 'utf8');
    const fresh = withBasisLines(
      text,
      ALL_SUB_RULES.filter((sub) => sub.rule === rule),
    );
    return fresh === text ? [] : [[path, fresh] as [string, string]];
  });
}
