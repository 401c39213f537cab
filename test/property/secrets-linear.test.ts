import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanWork } from '../../src/checks/canary-scan.js';
import { maskSecrets } from '../../src/checks/secrets.js';
import { makeCanaries } from '../../src/run/index.js';

// Masking and the canary scan must be linear in the length of the text (issue 15: backtracking patterns
// took 55 s on 256 KiB). Strings are built by repeating a random pattern made of the pieces the patterns
// look for, to 64 KiB and to 1 MiB (16×). Checked by the scanner's work count (exact, linear) and by a
// generous time ratio (min of 3; linear is ~16×, quadratic ~256×; a 25 ms floor and a 64× bound keep load
// and timer noise from deciding it): never by a wall-clock bound.
const KNOWN = makeCanaries('linear').values;
const piece = fc.constantFrom(
  'a', 'A', '+', '-', '.', ':', '/', '?', '&', '=', '"', "'", ' ', '\\', '\\u0061', 'token', 'secret', 'bearer ', 'sk-', 'xoxb-', 'eyJ', 'ghp_',
  'AKIA', 'H4sI', '://', '--password', '{', '}', ',', '0', '9', '%2B', 'aoiCanary_', KNOWN[0]!.slice(0, 12),
);
const pattern = fc.array(piece, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));
const repeatTo = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

function cost(text: string): { ms: number; work: number } {
  let best = Infinity;
  let work = 0;
  for (let i = 0; i < 3; i++) {
    const before = scanWork.chars;
    const t = performance.now();
    maskSecrets(text, KNOWN);
    maskSecrets(text);
    best = Math.min(best, performance.now() - t);
    work = scanWork.chars - before;
  }
  return { ms: best, work };
}

const ratio = (largeMs: number, smallMs: number) => largeMs / Math.max(25, smallMs);

describe('maskSecrets is linear in the length of its input', () => {
  it('random strings of 64 KiB and 1 MiB: scanner work 16× (±10 %), time under 64×', () => {
    fc.assert(
      fc.property(pattern, (p) => {
        const small = cost(repeatTo(p, 64 * 1024));
        const large = cost(repeatTo(p, 1024 * 1024));
        expect(large.work / Math.max(1, small.work)).toBeLessThan(17.6);
        expect(ratio(large.ms, small.ms)).toBeLessThan(64);
      }),
      { numRuns: 8, seed: 15 },
    );
  }, 120_000);

  it('the shapes of issue 15 (a+a+…, "tokentoken…, bearer aaaa…) stay under 64× from 64 KiB to 1 MiB', () => {
    for (const p of ['a+', '"token', 'sk-', 'eyJ-', 'A.', 'x://a:', '\\u0061', 'H4sI']) {
      const small = cost(repeatTo(p, 64 * 1024));
      const large = cost(repeatTo(p, 1024 * 1024));
      expect(ratio(large.ms, small.ms), p).toBeLessThan(64);
    }
    const bearer = cost(`bearer ${'a'.repeat(1024 * 1024)}`);
    const bearerSmall = cost(`bearer ${'a'.repeat(64 * 1024)}`);
    expect(ratio(bearer.ms, bearerSmall.ms)).toBeLessThan(64);
  }, 120_000);
});
