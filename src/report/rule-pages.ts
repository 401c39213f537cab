import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { kitPackage, kitPath, kitRoot, type KitPackage } from '../package-root.js';
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
 * Where the rule pages of reports are published, when the caller knows better than the install does: a `https://`
 * address that `docs/rules/X.md` is appended to. The Action sets it, since it runs the kit from its own checkout on
 * the runner (whose pages no reader can open): its repository at its ref, else the published package's.
 */
export const RULE_PAGES_ENV = 'AOI_TESTKIT_RULE_PAGES';

/**
 * The address of a rule's page for reports read away from this install (a CI artifact, a code-scanning alert, a job
 * summary). With {@link RULE_PAGES_ENV} set to an https address, the page under it. Installed (the kit's root is in a `node_modules` folder: npm, pnpm's store, a global install, npx's
 * cache), the page as the registry published it for this version, from the CDN that serves every published
 * package's files (`https://unpkg.com/aoi-testkit@1.2.3/docs/rules/AOI-02.md`): docs/rules ships in the
 * tarball, so the page exists as long as the version does (test:package checks that every rule's page is in it).
 * From a checkout, which no registry holds, the local page (`file:///…/docs/rules/AOI-02.md`). Undefined when the
 * package or the page is not found (the reports then name the page inside the package).
 */
export function rulePageUrl(
  rule: string,
  pkg: KitPackage | null = kitPackage(),
  root: string | undefined = kitRoot(),
  base: string | undefined = process.env[RULE_PAGES_ENV],
): string | undefined {
  if (!/^[A-Z]+-\d+$/.test(rule)) return undefined;
  if (base !== undefined && /^https:\/\/[^\s"'<>]+$/.test(base))
    return `${base.endsWith('/') ? base : `${base}/`}${ruleDocs(rule)}`;
  if (pkg == null || root === undefined) return undefined;
  if (root.split(/[\\/]/).includes('node_modules')) {
    return `${RULE_PAGE_CDN}${PACKAGE_NAME}@${encodeURIComponent(pkg.version)}/${ruleDocs(rule)}`;
  }
  const page = join(root, ruleDocs(rule));
  return existsSync(page) ? pathToFileURL(page).href : undefined;
}

/** The CDN serving published npm packages' files by name and version. */
export const RULE_PAGE_CDN = 'https://unpkg.com/';
const PACKAGE_NAME = 'aoi-testkit';

/** A rule's page for a report read anywhere: its public URL, else its path inside the package. */
export function rulePageLink(rule: string): { readonly url?: string; readonly text: string } {
  const url = rulePageUrl(rule);
  return url !== undefined
    ? { url, text: url }
    : { text: `${ruleDocs(rule)} (in the aoi-testkit package)` };
}
