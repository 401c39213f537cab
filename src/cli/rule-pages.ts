import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | null | undefined;

/**
 * The folder that holds this install's rule pages: the nearest `docs/rules` above this module (the package ships
 * it beside `dist/`; in the checkout it is the repository's). Found once; null when there is none.
 */
export function rulePagesDir(from: string = fileURLToPath(import.meta.url)): string | null {
  if (found !== undefined) return found;
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'docs', 'rules'))) return (found = join(dir, 'docs', 'rules'));
    if (dirname(dir) === dir) return (found = null);
  }
}

/** "see /…/docs/rules/AOI-02.md, …": the real pages of the failed rules, from any install (each rule once). */
export function seeRulePages(rules: readonly string[]): string {
  const dir = rulePagesDir();
  const pages = [...new Set(rules)].map((rule) => (dir === null ? `docs/rules/${rule}.md (in the aoi-testkit package)` : join(dir, `${rule}.md`)));
  return `see ${pages.join(', ')}`;
}
