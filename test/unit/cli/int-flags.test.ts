import { describe, expect, test } from 'vitest';
import { VERBS, type Verb } from '../../../src/cli/surface.js';
import { intFlag, UsageError } from '../../../src/cli/usage.js';

const ranged = Object.entries(VERBS as Record<string, Verb>).flatMap(([verb, v]) =>
  Object.entries(v.flags ?? {})
    .filter(([, f]) => f.range !== undefined)
    .map(([flag, f]) => ({ verb, flag, range: f.range!, description: f.description ?? '' })),
);

describe('int flags: one declared range, one check', () => {
  test('the flags with a range include the new ones', () => {
    expect(ranged.map((r) => `${r.verb} --${r.flag}`)).toEqual(
      expect.arrayContaining([
        'check --exit-code',
        'check --max-line-bytes',
        'lint --timeout-ms',
        'lint --max-output-bytes',
        'consumer --timeout-ms',
      ]),
    );
  });

  test.each(ranged)('$verb --$flag: its description states its range', ({ range, description }) => {
    expect(description).toContain(`${range[0]} to ${range[1]}`);
  });

  test.each(ranged)(
    '$verb --$flag: the bounds are accepted, one past them is a usage error naming the range',
    ({ verb, flag, range: [min, max] }) => {
      const name = verb as keyof typeof VERBS;
      expect(intFlag(name, flag, String(min))).toBe(min);
      expect(intFlag(name, flag, String(max))).toBe(max);
      for (const bad of [String(min - 1), String(max + 1)]) {
        expect(() => intFlag(name, flag, bad)).toThrow(UsageError);
        expect(() => intFlag(name, flag, bad)).toThrow(
          `--${flag} must be an integer from ${min} to ${max}, got "${bad}"`,
        );
      }
    },
  );

  test('only decimal integers: no fraction, exponent, hex, blank or empty value', () => {
    for (const bad of ['100.5', '1e3', '0x400', ' 512', '', 'many'])
      expect(() => intFlag('check', 'max-line-bytes', bad), JSON.stringify(bad)).toThrow(
        UsageError,
      );
    expect(intFlag('check', 'max-line-bytes', undefined)).toBeUndefined();
  });

  test('a flag without a declared range is a bug of the kit, not a usage error', () => {
    expect(() => intFlag('help', 'no-such-flag', '1')).toThrow(/declares no range/);
  });
});
