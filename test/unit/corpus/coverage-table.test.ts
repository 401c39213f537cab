/** docs/coverage.md is what the registries, the corpus and the fixtures give now, and every sub-rule is shown failing. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COVERAGE_SPECS,
  PROVEN_BY_TEST,
  coverageTotals,
  coverageViolators,
  renderCoverage,
  violatorsBySubRule,
} from '../../../src/corpus/coverage.js';
import { kitRoot } from '../../../src/corpus/files.js';
import { getSubRule } from '../../../src/spec/rules.js';

const root = kitRoot();
const by = violatorsBySubRule(coverageViolators(root));

describe('docs/coverage.md', () => {
  it('is fresh: `npm run coverage` (or node scripts/coverage-table.mjs after a build) rewrites it', () => {
    expect(readFileSync(join(root, 'docs/coverage.md'), 'utf8')).toBe(renderCoverage(root));
  });

  it('every sub-rule of every spec is violated by a fault or fixture, or by the named test that shows it', () => {
    for (const spec of COVERAGE_SPECS)
      expect(coverageTotals(spec, by).uncovered, spec.prefix).toEqual([]);
  });

  it('the sub-rules of issue 20 are violated by a fault or broken fixture, and by a foreign tool', () => {
    expect(by.get('APP-10/human-by-environment')).toEqual([
      'scenario app.broken.app-10--human-by-environment',
      'fixtures/apps/broken/app-10--human-by-environment',
      'fixtures/foreign/pyshelf (text-on-terminal)',
    ]);
    expect(by.get('APP-10/human-sticky')).toEqual([
      'scenario app.broken.app-10--human-sticky',
      'fixtures/apps/broken/app-10--human-sticky',
      'fixtures/foreign/pyshelf (remembers-format)',
    ]);
    expect(by.get('EXEC-09/leaked')).toEqual([
      'scenario exec.notes.opts-leak',
      'fixtures/foreign/pytasks (opts-leak)',
    ]);
    for (const id of ['EXEC-07/exit', 'EXEC-07/dispatched'])
      expect(by.get(id)).toEqual(
        expect.arrayContaining([
          'scenario exec.notes.malformed-skipped-under-ignore-errors',
          'fixtures/foreign/pytasks (malformed-skipped-under-ignore-errors)',
        ]),
      );
  });

  it('every violator names a sub-rule the registry defines, and every fixture it names exists', () => {
    for (const [id, names] of by) {
      expect(() => getSubRule(id), `${id} (named by ${names[0]})`).not.toThrow();
      for (const name of names.filter((n) => n.startsWith('fixtures/')))
        expect(
          existsSync(join(root, name.split(' ')[0]!)) ||
            existsSync(join(root, `${name.split(' ')[0]!}.jsonl`)),
          name,
        ).toBe(true);
    }
  });

  it('PROVEN_BY_TEST: each test exists and names its sub-rule, which no fault or fixture violates yet (else it leaves the list)', () => {
    for (const [id, file] of Object.entries(PROVEN_BY_TEST)) {
      expect(() => getSubRule(id)).not.toThrow();
      expect(
        readFileSync(join(root, file), 'utf8').includes(id),
        `${file} does not name ${id}`,
      ).toBe(true);
      expect(
        by.has(id),
        `${id} is violated by ${by.get(id)?.[0]}: drop it from PROVEN_BY_TEST`,
      ).toBe(false);
    }
  });
});
