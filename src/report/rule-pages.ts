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

/**
 * Where a rule's page is in this install, from a verdict's or finding's `docs` (`docs/rules/AOI-03.md`): the real
 * path, wherever the package was installed (a workspace, a global install, pnpm's store), never a guess of it.
 */
export function rulePage(docs: string): string {
  const dir = rulePagesDir();
  return dir === null ? `${docs} (in the aoi-testkit package)` : join(dirname(dirname(dir)), docs);
}

/** "see /…/docs/rules/AOI-02.md, …": the real pages of the failed rules, from any install (each rule once). */
export function seeRulePages(rules: readonly string[]): string {
  return `see ${[...new Set(rules)].map((rule) => rulePage(`docs/rules/${rule}.md`)).join(', ')}`;
}
