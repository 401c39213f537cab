import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { kitPackage } from '../../../src/package-root.js';
import { rulePageLink, rulePageUrl } from '../../../src/report/rule-pages.js';

const PKG = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  repository: { url: string };
};

describe('rule pages for reports read away from this install', () => {
  test("this install's package.json gives the version and the repository, read at run time", () => {
    expect(kitPackage()).toEqual({ version: PKG.version, repository: PKG.repository });
    expect(rulePageUrl('AOI-02')).toBe(
      `https://github.com/aoi-testkit/aoi-testkit/blob/v${PKG.version}/docs/rules/AOI-02.md`,
    );
    expect(rulePageLink('CMDHELP-03')).toEqual({
      url: `https://github.com/aoi-testkit/aoi-testkit/blob/v${PKG.version}/docs/rules/CMDHELP-03.md`,
      text: `https://github.com/aoi-testkit/aoi-testkit/blob/v${PKG.version}/docs/rules/CMDHELP-03.md`,
    });
  });

  test.each([
    'git+https://github.com/o/r.git',
    'https://github.com/o/r',
    'https://github.com/o/r/',
    'git://github.com/o/r.git',
    'git+ssh://git@github.com/o/r.git',
    'git@github.com:o/r.git',
    'github:o/r',
    'o/r',
  ])('npm spells one GitHub repository many ways: %s', (url) => {
    expect(rulePageUrl('AOI-09', { version: '1.2.3', repository: { url } })).toBe(
      'https://github.com/o/r/blob/v1.2.3/docs/rules/AOI-09.md',
    );
    expect(rulePageUrl('AOI-09', { version: '1.2.3', repository: url })).toBe(
      'https://github.com/o/r/blob/v1.2.3/docs/rules/AOI-09.md',
    );
  });

  test('no URL without a package, a repository on GitHub, or a rule id (the reports then name the page in the package)', () => {
    expect(rulePageUrl('AOI-09', null)).toBeUndefined();
    expect(rulePageUrl('AOI-09', { version: '1.2.3' })).toBeUndefined();
    expect(
      rulePageUrl('AOI-09', {
        version: '1.2.3',
        repository: { url: 'https://gitlab.com/o/r.git' },
      }),
    ).toBeUndefined();
    expect(
      rulePageUrl('AOI-09', {
        version: '1.2.3',
        repository: { url: 'https://github.com/o/r/x/y' },
      }),
    ).toBeUndefined();
    expect(
      rulePageUrl('../../etc/passwd', { version: '1.2.3', repository: 'o/r' }),
    ).toBeUndefined();
    expect(
      rulePageUrl('AOI-09/secret-echoed', { version: '1.2.3', repository: 'o/r' }),
    ).toBeUndefined();
  });
});
