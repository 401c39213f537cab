import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanWork } from '../../src/secrets/canary-scan.js';
import { maskSecrets } from '../../src/secrets/mask.js';
import { makeCanaries } from '../../src/run/index.js';

// Masking and the canary scan must be linear in the length of the text (issue 15: backtracking patterns
// took 55 s on 256 KiB). Strings are built by repeating a random pattern made of the pieces the patterns
// look for, to 64 KiB and to 1 MiB (16×). Checked by the scanner's work count, which is exact and does not
// depend on machine load; the time it takes is the bench's `hostile` row (`npm run bench hostile`), since a
// timed assertion here would be decided by the load of the machine running the suite.
const KNOWN = makeCanaries('linear').values;
const piece = fc.constantFrom(
  'a',
  'A',
  '+',
  '-',
  '.',
  ':',
  '/',
  '?',
  '&',
  '=',
  '"',
  "'",
  ' ',
  '\\',
  '\\u0061',
  'token',
  'secret',
  'bearer ',
  'sk-',
  'xoxb-',
  'eyJ',
  'ghp_',
  'AKIA',
  'H4sI',
  '://',
  '--password',
  '{',
  '}',
  ',',
  '0',
  '9',
  '%2B',
  'aoiCanary_',
  KNOWN[0]!.slice(0, 12),
);
const pattern = fc.array(piece, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));
const repeatTo = (text: string, length: number) =>
  text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** Characters the scanner looked at while masking `text` with and without the known canaries. */
function work(text: string): number {
  const before = scanWork.chars;
  maskSecrets(text, KNOWN);
  maskSecrets(text);
  return scanWork.chars - before;
}

/** Linear: 16 times the text is at most 16 times the work (10 % for the edges of the text). */
const LINEAR = 16 * 1.1;
const growth = (p: string) =>
  work(repeatTo(p, 1024 * 1024)) / Math.max(1, work(repeatTo(p, 64 * 1024)));

describe('maskSecrets is linear in the length of its input', () => {
  it('random strings of 64 KiB and 1 MiB: scanner work grows 16× (±10 %)', () => {
    fc.assert(
      fc.property(pattern, (p) => {
        expect(growth(p)).toBeLessThan(LINEAR);
      }),
      { numRuns: 8, seed: 15 },
    );
  }, 120_000);

  it('the shapes of issue 15 (a+a+…, "tokentoken…, bearer aaaa…) grow 16× from 64 KiB to 1 MiB', () => {
    for (const p of ['a+', '"token', 'sk-', 'eyJ-', 'A.', 'x://a:', '\\u0061', 'H4sI']) {
      expect(growth(p), p).toBeLessThan(LINEAR);
      expect(growth(p), p).toBeGreaterThan(0);
    }
    const bearer =
      work(`bearer ${'a'.repeat(1024 * 1024)}`) / work(`bearer ${'a'.repeat(64 * 1024)}`);
    expect(bearer).toBeLessThan(LINEAR);
  }, 120_000);
});
