import { dirname, join } from 'node:path';
import { kitPackage, kitPath, type KitPackage } from '../package-root.js';
import { ruleDocs } from '../spec/define.js';

/**
 * The folder that holds this install's rule pages (`docs/rules`, shipped beside `dist/`; in the checkout the
 * repository's), or null when there is none.
 */
export const rulePagesDir = (): string | null => kitPath('docs/rules') ?? null;

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

/**
 * The public address of a rule's page, for reports read away from this install (a CI artifact, a code-scanning
 * alert, a job summary): the page in the repository that package.json names, at this version's tag
 * (`https://github.com/OWNER/REPO/blob/v1.2.3/docs/rules/AOI-02.md`). Undefined when the package is not found
 * or its repository is not on GitHub (then the reports name the page inside the package instead).
 */
export function rulePageUrl(
  rule: string,
  pkg: KitPackage | null = kitPackage(),
): string | undefined {
  const repository = typeof pkg?.repository === 'string' ? pkg.repository : pkg?.repository?.url;
  if (pkg == null || repository === undefined) return undefined;
  // npm's spellings of one repository: git+https://github.com/o/r.git, git@github.com:o/r.git, github:o/r, o/r.
  const match =
    /^(?:(?:git\+)?(?:https?|git|ssh):\/\/(?:git@)?github\.com\/|git@github\.com:|github:|)([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(
      repository.trim(),
    );
  if (!match || !/^[A-Z]+-\d+$/.test(rule)) return undefined;
  return `https://github.com/${match[1]}/${match[2]}/blob/v${encodeURIComponent(pkg.version)}/${ruleDocs(rule)}`;
}

/** A rule's page for a report read anywhere: its public URL, else its path inside the package. */
export function rulePageLink(rule: string): { readonly url?: string; readonly text: string } {
  const url = rulePageUrl(rule);
  return url !== undefined
    ? { url, text: url }
    : { text: `${ruleDocs(rule)} (in the aoi-testkit package)` };
}
