import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/package/**', 'node_modules/**'],
    // Integration tests start real processes; give them room under load instead of flaking.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/integration/global-setup.ts'],
  },
});
