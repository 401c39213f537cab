import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The example runner's own suite, on its own (the meta-test runs it with RUNNER_IMPL=buggy). */
export default defineConfig({
  // The root's cache: no node_modules/ of its own in the example.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite', import.meta.url)),
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: [
      'test/runner.test.ts',
      'test/acp-runner.test.ts',
      'test/acp-host.test.ts',
      'test/preflight.test.ts',
    ],
    testTimeout: 30_000,
    // The fake agents are built programs: build them if they are missing.
    globalSetup: [
      fileURLToPath(new URL('../../test/integration/global-setup.ts', import.meta.url)),
    ],
  },
});
