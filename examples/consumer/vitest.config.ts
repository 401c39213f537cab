import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The example consumer's own suite, on its own (the meta-test runs it with CONSUMER_IMPL=buggy). */
export default defineConfig({
  // The root's cache: no node_modules/ of its own in the example.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite', import.meta.url)),
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/run-aoi.test.ts'],
    testTimeout: 30_000,
    // withFakeCli runs the kit's built CLI: build it if it is missing.
    globalSetup: [
      fileURLToPath(new URL('../../test/integration/global-setup.ts', import.meta.url)),
    ],
  },
});
