/**
 * `import 'aoi-testkit/vitest'` — registers the kit's matchers on vitest's `expect` and adds their
 * types. Import it from a setup file (`test.setupFiles`) or at the top of a test file.
 */
import { expect } from 'vitest';
import { aoiMatchers } from './matchers/index.js';
import type { AoiAsymmetricMatchers, AoiMatchers } from './matchers/types.js';

expect.extend(aoiMatchers);

// vitest 4 declares `Assertion<T>` and vitest 5 `Assertion<R, T>`: an augmentation of either
// header fails to merge with the other (TS2428). Both majors build their assertion type by
// mapping the global `Chai.Assertion` interface, which has no type parameters, so the matchers
// are declared there; `.resolves`/`.rejects` promisify them as for built-in matchers.
declare global {
  namespace Chai {
    interface Assertion extends AoiMatchers<void> {}
  }
}

declare module 'vitest' {
  interface AsymmetricMatchersContaining extends AoiAsymmetricMatchers {}
}

export { aoiMatchers };
