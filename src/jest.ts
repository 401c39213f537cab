/**
 * `import 'aoi-testkit/jest'` — registers the kit's matchers on the `expect` of `@jest/globals`
 * and adds their types. Import it from `setupFilesAfterEnv` or at the top of a test file.
 */
import { expect } from '@jest/globals';
import { aoiMatchers } from './matchers/index.js';
import type { AoiAsymmetricMatchers, AoiMatchers } from './matchers/types.js';

expect.extend(aoiMatchers);

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends AoiMatchers<R> {}
  interface AsymmetricMatchers extends AoiAsymmetricMatchers {}
}

export { aoiMatchers };
