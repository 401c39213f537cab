import { defineConfig } from 'vitest/config';
import SlowestFirst from './test/support/sequencer.js';
import { prepareSuiteEnvironment } from './test/support/suite-env.js';

// Before any worker starts: what the suite's processes inherit (no CA bundle to parse at each Node start, a tmpfs TMPDIR).
prepareSuiteEnvironment();

/** The unit and property files: they share one module graph per worker (see the `unit` project below). */
const UNIT_FILES = ['test/unit/**/*.test.ts', 'test/property/**/*.test.ts'];

export default defineConfig({
  test: {
    // Most integration files wait on real processes (grace periods, timeouts) more than they compute: three
    // files at a time on two cores halves the wall time, and the tests are built not to flake under load.
    // (vitest's own default outside watch mode is one worker fewer than the cores: one, here.)
    maxWorkers: 3,
    // Integration tests start real processes; give them room under load instead of flaking.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One fixed fast-check seed for the whole suite (AOI_TESTKIT_FC_SEED to change it).
    setupFiles: ['test/support/fast-check-seed.ts'],
    // The files that take minutes start first, also on a clean clone.
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        // Loading the kit's modules afresh for each unit and property file cost a fifth of their CPU; none
        // of them mocks a module or leaves global state behind, so they share a worker's modules (CONTRIBUTING.md).
        test: { name: 'unit', include: UNIT_FILES, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // The example consumer's suite runs here against the correct consumer; its meta-test alone runs
          // it against the buggy one (with the example's own config, which does not include the meta-test).
          include: ['test/**/*.test.ts', 'examples/**/test/**/*.test.ts'],
          exclude: [...UNIT_FILES, 'test/package/**', 'node_modules/**'],
          globalSetup: ['test/integration/global-setup.ts'],
        },
      },
    ],
  },
});
