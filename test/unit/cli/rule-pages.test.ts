import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { kitPackage, kitRoot } from '../../../src/package-root.js';
import { RULE_PAGE_CDN, rulePageLink, rulePageUrl } from '../../../src/report/rule-pages.js';
import { REGISTRIES } from '../../../src/spec/rules.js';

const PKG = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  files: string[];
};
const ROOT = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
const EVERY_RULE = Object.values(REGISTRIES).flatMap((registry) => registry.rules.map((r) => r.id));

describe('rule pages for reports read away from this install', () => {
  test('from a checkout, which no registry holds, a link is the local page, and it exists for every rule', () => {
    expect(kitRoot()).toBe(ROOT);
    expect(rulePageUrl('AOI-02')).toBe(`file://${ROOT}/docs/rules/AOI-02.md`);
    expect(rulePageLink('CMDHELP-03')).toEqual({
      url: `file://${ROOT}/docs/rules/CMDHELP-03.md`,
      text: `file://${ROOT}/docs/rules/CMDHELP-03.md`,
    });
    expect(EVERY_RULE.length).toBeGreaterThan(90);
    for (const rule of EVERY_RULE) {
      const url = rulePageUrl(rule);
      expect(url, rule).toBeDefined();
      expect(existsSync(fileURLToPath(url!)), url).toBe(true);
    }
  });

  test("installed, a link is this version's page as the registry published it; every one is a file the package ships", () => {
    const installed = `${ROOT}/node_modules/aoi-testkit`;
    const pkg = kitPackage();
    expect(rulePageUrl('AOI-09', pkg, installed)).toBe(
      `https://unpkg.com/aoi-testkit@${PKG.version}/docs/rules/AOI-09.md`,
    );
    // pnpm's store, a global install, npx's cache: a node_modules folder somewhere above.
    expect(
      rulePageUrl(
        'AOI-09',
        { version: '1.2.3' },
        '/s/node_modules/.pnpm/aoi-testkit@1.2.3/node_modules/aoi-testkit',
      ),
    ).toBe('https://unpkg.com/aoi-testkit@1.2.3/docs/rules/AOI-09.md');
    // The CDN serves the tarball's files by their path in it: each linked path must be one the tarball holds
    // (test:package checks the packed file list itself).
    expect(PKG.files).toContain('docs/rules');
    const prefix = `${RULE_PAGE_CDN}aoi-testkit@${PKG.version}/`;
    for (const rule of EVERY_RULE) {
      const url = rulePageUrl(rule, pkg, installed)!;
      expect(url.startsWith(prefix), url).toBe(true);
      expect(existsSync(`${ROOT}/${url.slice(prefix.length)}`), url).toBe(true);
    }
  });

  test('no URL without a package, a rule id or the page (the reports then name the page in the package)', () => {
    expect(rulePageUrl('AOI-09', null)).toBeUndefined();
    expect(
      rulePageUrl('../../etc/passwd', { version: '1.2.3' }, '/x/node_modules/aoi-testkit'),
    ).toBeUndefined();
    expect(rulePageUrl('AOI-09/secret-echoed', { version: '1.2.3' }, ROOT)).toBeUndefined();
    // A checkout without the page (a rule id no registry has).
    expect(rulePageUrl('NOPE-01', { version: '1.2.3' }, ROOT)).toBeUndefined();
  });
});
