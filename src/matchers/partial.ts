/** An asymmetric matcher from vitest or jest (`expect.any(String)`, `expect.stringMatching(…)`, …). */
interface Asymmetric {
  asymmetricMatch(other: unknown): boolean;
}

const isAsymmetric = (value: unknown): value is Asymmetric =>
  value !== null && typeof value === 'object' && typeof (value as Asymmetric).asymmetricMatch === 'function';

/**
 * `toMatchObject` semantics, independent of the test runner: every key of `expected` must match in
 * `actual`, recursively for plain objects; arrays match element-wise and by length; asymmetric
 * matchers are honoured.
 */
export function matchesPartial(actual: unknown, expected: unknown): boolean {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matchesPartial(actual[i], e));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([key, value]) => matchesPartial((actual as Record<string, unknown>)[key], value));
  }
  return Object.is(actual, expected);
}
