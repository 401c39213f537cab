import { show } from './format.js';

interface AsymmetricLike {
  toString(): string;
  toAsymmetricMatcher?(): string;
}

/**
 * jest prints the asymmetric form of a custom matcher with `String(sample)`: `expect.aoiEvent({ type: 'hit' })`
 * shows as `aoiEvent<[object Object]>` in every failure it is part of. After `expect.extend`, each of `names`
 * (on `expect` and `expect.not`) makes matchers that print their sample as the kit prints values, masked:
 * `aoiEvent<{"type":"hit"}>`. vitest prints samples with its own formatter and needs none of this.
 */
export function printSamplesAsValues(expect: object, names: readonly string[]): void {
  const sides = [expect, (expect as { not?: object }).not].filter(
    (side): side is object => side !== undefined && side !== null,
  );
  for (const side of sides)
    for (const name of names) {
      const make = (side as Record<string, unknown>)[name];
      if (typeof make !== 'function') continue;
      Object.defineProperty(side, name, {
        configurable: true,
        enumerable: true,
        writable: true,
        value: (...sample: unknown[]) => {
          const matcher = (make as (...s: unknown[]) => AsymmetricLike)(...sample);
          Object.defineProperty(matcher, 'toAsymmetricMatcher', {
            configurable: true,
            value: () => `${matcher.toString()}<${sample.map((s) => show(s)).join(', ')}>`,
          });
          return matcher;
        },
      });
    }
}
