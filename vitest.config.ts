import { defineConfig } from 'vitest/config';
import SlowestFirst from './test/support/sequencer.js';
import { prepareSuiteEnvironment } from './test/support/suite-env.js';
import { E2E_EXCLUDE, E2E_FILES, PROCESS_PROOF_FILES, UNIT_FILES } from './test/support/suites.js';

// Before any worker starts: what the suite's processes inherit (no CA bundle to parse at each Node start, a tmpfs TMPDIR).
prepareSuiteEnvironment();

/** Process-level files run the built CLI: build it once if a developer runs vitest directly. */
const BUILT = { globalSetup: ['test/integration/global-setup.ts'] };

export default defineConfig({
  test: {
    // Most process-level files wait on real processes (grace periods, timeouts) more than they compute: three
    // files at a time on two cores halves the wall time, and the tests are built not to flake under load.
    // (vitest's own default outside watch mode is one worker fewer than the cores: one, here.)
    maxWorkers: 3,
    // Process-level tests start real processes; give them room under load instead of flaking.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One fixed fast-check seed for the whole suite (AOI_TESTKIT_FC_SEED to change it).
    setupFiles: ['test/support/fast-check-seed.ts'],
    // The files that take minutes start first, also on a clean clone.
    sequence: { sequencer: SlowestFirst },
    // Two suites (CONTRIBUTING.md, test/suites.json): `npm test` runs `unit` and `process`, the contributor's
    // loop; `npm run test:e2e` runs `e2e`, every other process-level proof. Each file is in exactly one project.
    projects: [
      {
        extends: true,
        // Loading the kit's modules afresh for each unit and property file cost a fifth of their CPU; none
        // of them mocks a module or leaves global state behind, so they share a worker's modules (CONTRIBUTING.md).
        test: { name: 'unit', include: UNIT_FILES, isolate: false },
      },
      {
        extends: true,
        // One process-level proof per fault family (test/suites.json).
        test: { name: 'process', include: [...PROCESS_PROOF_FILES], ...BUILT },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // The example consumer's suite runs here against the correct consumer; its meta-test alone runs
          // it against the buggy one (with the example's own config, which does not include the meta-test).
          include: E2E_FILES,
          exclude: E2E_EXCLUDE,
          ...BUILT,
        },
      },
    ],
  },
});
