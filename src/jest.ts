/**
 * `import 'aoi-testkit/jest'` — registers the kit's matchers on the `expect` of `@jest/globals`
 * and adds their types. Import it from `setupFilesAfterEnv` or at the top of a test file.
 */
import { expect } from '@jest/globals';
import { aoiMatchers } from './matchers/index.js';
import { printSamplesAsValues } from './matchers/jest-samples.js';
import type { AoiAsymmetricMatchers, AoiMatchers } from './matchers/types.js';

expect.extend(aoiMatchers);
printSamplesAsValues(expect, Object.keys(aoiMatchers));

// The type parameters must be exactly those of the declarations they merge into, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type */
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends AoiMatchers<R> {}
  interface AsymmetricMatchers extends AoiAsymmetricMatchers {}
}

// Projects typed by @types/jest (the global `expect`, no @jest/globals import) see the matchers through its
// `jest` namespace. Without @types/jest this only declares an unused namespace of types. The type parameters
// must be exactly those of @types/jest's declarations for the interfaces to merge.
declare global {
  namespace jest {
    interface Matchers<R, T = {}> extends AoiMatchers<R> {}
    interface Expect extends AoiAsymmetricMatchers {}
    interface InverseAsymmetricMatchers extends AoiAsymmetricMatchers {}
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type */

export { aoiMatchers };
