import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleDocs } from '../spec/define.js';

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

/** This install's package.json, as far as the rule pages' URL needs it. */
export interface KitPackage {
  readonly version: string;
  readonly repository?: string | { readonly url?: string };
}

let kit: KitPackage | null | undefined;

/**
 * The kit's own package.json: the nearest one above this module named aoi-testkit (the package's root when
 * installed, the repository's in the checkout), read at run time so the version is never written twice.
 */
export function kitPackage(from: string = fileURLToPath(import.meta.url)): KitPackage | null {
  if (kit !== undefined) return kit;
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown; repository?: KitPackage['repository'] };
        if (json.name === 'aoi-testkit' && typeof json.version === 'string') return (kit = { version: json.version, ...(json.repository !== undefined ? { repository: json.repository } : {}) });
      } catch {
        // Not JSON: not ours; keep looking above.
      }
    }
    if (dirname(dir) === dir) return (kit = null);
  }
}

/**
 * The public address of a rule's page, for reports read away from this install (a CI artifact, a code-scanning
 * alert, a job summary): the page in the repository that package.json names, at this version's tag
 * (`https://github.com/OWNER/REPO/blob/v1.2.3/docs/rules/AOI-02.md`). Undefined when the package is not found
 * or its repository is not on GitHub (then the reports name the page inside the package instead).
 */
export function rulePageUrl(rule: string, pkg: KitPackage | null = kitPackage()): string | undefined {
  const repository = typeof pkg?.repository === 'string' ? pkg.repository : pkg?.repository?.url;
  if (pkg == null || repository === undefined) return undefined;
  // npm's spellings of one repository: git+https://github.com/o/r.git, git@github.com:o/r.git, github:o/r, o/r.
  const match = /^(?:(?:git\+)?(?:https?|git|ssh):\/\/(?:git@)?github\.com\/|git@github\.com:|github:|)([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(repository.trim());
  if (!match || !/^[A-Z]+-\d+$/.test(rule)) return undefined;
  return `https://github.com/${match[1]}/${match[2]}/blob/v${encodeURIComponent(pkg.version)}/${ruleDocs(rule)}`;
}

/** A rule's page for a report read anywhere: its public URL, else its path inside the package. */
export function rulePageLink(rule: string): { readonly url?: string; readonly text: string } {
  const url = rulePageUrl(rule);
  return url !== undefined ? { url, text: url } : { text: `${ruleDocs(rule)} (in the aoi-testkit package)` };
}
