import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { BackendUnavailable, isMissingPackage } from '../../../src/fakes/aoi/notes/backend.js';

// msw is an optional peer of the published kit: `notes sync` must tell "msw is not installed" (a structured
// config error naming the fix) from any other failure. The end-to-end proof, with msw really absent, is the
// package test (test/package/fixtures/exports/cli.mjs); here the classifier meets the loaders' real errors.
const require = createRequire(import.meta.url);
const failure = async (load: () => unknown) => {
  try {
    await load();
  } catch (error) {
    return error;
  }
  throw new Error('expected the load to fail');
};

describe('isMissingPackage', () => {
  test('the ESM loader\'s "Cannot find package" for the name and its subpaths', async () => {
    expect(
      isMissingPackage(
        await failure(() => import('aoi-no-such-pkg-4f2a' as string)),
        'aoi-no-such-pkg-4f2a',
      ),
    ).toBe(true);
    expect(
      isMissingPackage(
        await failure(() => import('aoi-no-such-pkg-4f2a/node' as string)),
        'aoi-no-such-pkg-4f2a',
      ),
    ).toBe(true);
  });

  test('the CommonJS loader\'s "Cannot find module" (the CJS build turns import() into require())', async () => {
    expect(
      isMissingPackage(
        await failure(() => require('aoi-no-such-pkg-4f2a')),
        'aoi-no-such-pkg-4f2a',
      ),
    ).toBe(true);
    expect(
      isMissingPackage(
        await failure(() => require('aoi-no-such-pkg-4f2a/node')),
        'aoi-no-such-pkg-4f2a',
      ),
    ).toBe(true);
  });

  test('another missing package, or another error, is not msw missing', async () => {
    const other = await failure(() => import('aoi-no-such-pkg-4f2a-extra' as string));
    expect(isMissingPackage(other, 'aoi-no-such-pkg-4f2a')).toBe(false);
    expect(isMissingPackage(new Error("Cannot find package 'msw'"), 'msw')).toBe(false); // no loader code
    expect(isMissingPackage(undefined, 'msw')).toBe(false);
  });

  test('the error a sync turns into BACKEND_NEEDS_MSW names the fix', () => {
    expect(new BackendUnavailable().message).toMatch(
      /needs msw, an optional peer dependency.*npm install --save-dev msw/,
    );
  });
});
