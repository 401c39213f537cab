/** An asymmetric matcher from vitest or jest (`expect.any(String)`, `expect.stringMatching(…)`, …). */
export interface Asymmetric {
  asymmetricMatch(other: unknown): boolean;
  toAsymmetricMatcher?(): string;
  sample?: unknown;
}

export const isAsymmetric = (value: unknown): value is Asymmetric =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Asymmetric).asymmetricMatch === 'function';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `toMatchObject` semantics, independent of the test runner: every key of `expected` must match in
 * `actual`, recursively for plain objects; arrays match element-wise and by length; asymmetric
 * matchers are honoured.
 */
export function matchesPartial(actual: unknown, expected: unknown): boolean {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matchesPartial(actual[i], e))
    );
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([key, value]) =>
      matchesPartial((actual as Record<string, unknown>)[key], value),
    );
  }
  return Object.is(actual, expected);
}

/**
 * `actual` cut down to the keys of `expected` (recursively), as toMatchObject diffs it: where an asymmetric
 * matcher matches, the matcher itself stands in, so the diff marks only what really differs.
 */
export function subsetOf(actual: unknown, expected: unknown): unknown {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual) ? expected : actual;
  if (Array.isArray(expected) && Array.isArray(actual) && actual.length === expected.length)
    return actual.map((item, i) => subsetOf(item, expected[i]));
  if (isPlainObject(expected) && isPlainObject(actual)) {
    return Object.fromEntries(
      Object.keys(expected)
        .filter((key) => key in actual)
        .map((key) => [key, subsetOf(actual[key], expected[key])]),
    );
  }
  return actual;
}

/** The candidate that matches the most keys of `expected` (the first of equals), or undefined when there is none. */
export function nearest<T>(
  candidates: readonly T[],
  expected: Record<string, unknown>,
  valueOf: (candidate: T) => unknown,
): T | undefined {
  let best: T | undefined;
  let bestScore = -1;
  for (const candidate of candidates) {
    const value = valueOf(candidate);
    const score = isPlainObject(value)
      ? Object.keys(expected).filter((key) => matchesPartial(value[key], expected[key])).length
      : 0;
    if (score > bestScore) [best, bestScore] = [candidate, score];
  }
  return best;
}
