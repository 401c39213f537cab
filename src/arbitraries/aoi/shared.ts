import fc from 'fast-check';

/**
 * Building a string arbitrary is costly in fast-check (`stringMatching` and `string` precompute
 * their bias slices, about a millisecond each), while using one is cheap and arbitraries are
 * immutable. So each distinct one is built once, on first use, and shared by every arbitrary here.
 */
const cache = new Map<string, fc.Arbitrary<string>>();

function shared(key: string, make: () => fc.Arbitrary<string>): fc.Arbitrary<string> {
  let arbitrary = cache.get(key);
  if (arbitrary === undefined) {
    arbitrary = make();
    cache.set(key, arbitrary);
  }
  return arbitrary;
}

/** `fc.stringMatching(regex)`, built once per pattern. */
export const matching = (regex: RegExp): fc.Arbitrary<string> =>
  shared(`/${regex.source}/${regex.flags}`, () => fc.stringMatching(regex));

const codePoint = (min: number, max: number) =>
  fc.integer({ min, max }).map((n) => String.fromCodePoint(n));

/**
 * One character as real text has them: mostly ASCII, then other planes (BMP letters, astral ones,
 * emoji), combining marks on their own, and graphemes of several code points. Not fast-check's
 * `grapheme` unit: its first use builds a reverse table of every code point (~0.5 s per process).
 */
const UNICODE = fc.oneof(
  { arbitrary: codePoint(0x20, 0x7e), weight: 8 },
  { arbitrary: codePoint(0xa0, 0xd7ff), weight: 3 }, // below the surrogates: every BMP script
  { arbitrary: codePoint(0xe000, 0xfffd), weight: 1 },
  { arbitrary: codePoint(0x10000, 0x10ffff), weight: 2 }, // astral: surrogate pairs in UTF-16, 4 bytes in UTF-8
  { arbitrary: codePoint(0x300, 0x36f), weight: 1 }, // combining marks, on whatever precedes them
  {
    arbitrary: fc.constantFrom(
      'e\u0301',
      '👩\u200d💻',
      '🇯🇵',
      '🏳️\u200d🌈',
      '각',
      '\u1100\u1161\u11a8',
      'ก\u0e33',
    ),
    weight: 1,
  },
);

/** Any control or lone code unit: only what JSON.stringify must escape or replace. */
const BINARY = fc.oneof(
  codePoint(0x00, 0x1f),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n)),
  codePoint(0x20, 0x10ffff),
);

/** Strings of Unicode text (`unicode`) or of any code units, controls and lone surrogates included (`binary`), built once per set of constraints. */
export const text = (
  unit: 'unicode' | 'binary',
  minLength: number,
  maxLength: number,
): fc.Arbitrary<string> =>
  shared(`${unit}:${minLength}:${maxLength}`, () =>
    fc.string({ unit: unit === 'unicode' ? UNICODE : BINARY, minLength, maxLength }),
  );

/** A version `major.minor.patch`. */
export const SEMVER = /^(0|[1-9][0-9]?)\.(0|[1-9][0-9]?)\.(0|[1-9][0-9]?)$/;
/** A tool or command name. */
export const NAME = /^[a-z][a-z0-9-]{0,11}$/;
