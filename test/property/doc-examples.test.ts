import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as arbitraries from '../../src/arbitraries/index.js';
import { ERROR_CATEGORIES } from '../../src/spec/aoi/constants.js';
import { validateCapabilities } from '../../src/spec/aoi/schemas.js';

/** Every one-line `@example` of an arbitrary's doc comment runs, and holds. */
const dirs = ['aoi', 'agentcli', 'cmdhelp', 'exec', 'app'].map((spec) => new URL(`../../src/arbitraries/${spec}/`, import.meta.url));
const examples = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => {
      const lines = readFileSync(new URL(name, dir), 'utf8').split('\n');
      return lines.flatMap((line, i) => (lines[i - 1]?.trim() === '* @example' && /^\s*\* fc\.assert\(.*\);$/.test(line) ? [[`${name}:${i + 1}`, line.replace(/^\s*\* /, '')]] : []));
    }),
);

describe('doc comment examples', () => {
  it('finds them', () => {
    expect(examples.length).toBeGreaterThan(20);
  });

  it.each(examples)('%s', (_where, code) => {
    const scope = { ...arbitraries, fc, ERROR_CATEGORIES, validateCapabilities, JSON };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the examples are the kit's own source
    const run = new Function(...Object.keys(scope), code.replace(/^fc\.assert\(/, 'return fc.check(').replace(/\);$/, ', { numRuns: 30 });'));
    const details = run(...Object.values(scope)) as { failed: boolean; counterexample: unknown };
    expect(details.failed, JSON.stringify(details.counterexample)).toBe(false);
  });
});
