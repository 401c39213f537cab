/** fixtures/cmdhelp: every fixture's verdict is the one expected.json writes down; every document sub-rule has its fixture. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMDHELP_DOCUMENT_SUB_RULES } from '../../../src/spec/cmdhelp/rules.js';
import { corpusDir, corpusFiles, judge, type ExpectedFixture } from './corpus-support.js';

const expected = (
  JSON.parse(readFileSync(join(corpusDir, 'expected.json'), 'utf8')) as {
    fixtures: ExpectedFixture[];
  }
).fixtures;
const dirOf = (id: string) => id.toLowerCase().replace('/', '--');

describe('fixtures/cmdhelp corpus', () => {
  it('expected.json lists exactly the fixture files', () => {
    expect(expected.map((f) => f.path).sort()).toEqual(corpusFiles().sort());
  });

  for (const fixture of expected) {
    it(`${fixture.path}: ${fixture.valid ? 'valid' : 'invalid'}, ${fixture.findings.map((f) => f.id).join(', ') || 'no finding'}`, () => {
      expect(judge(fixture.path)).toEqual(fixture);
    });
  }

  it('valid/ fixtures have no finding at all', () => {
    for (const f of expected.filter((f) => f.path.startsWith('valid/')))
      expect(f.findings, f.path).toEqual([]);
  });

  it('each invalid/<sub-rule>/ fixture breaks exactly its sub-rule', () => {
    for (const f of expected.filter((f) => f.path.startsWith('invalid/'))) {
      const dir = f.path.split('/')[1]!;
      expect(
        f.findings.map((x) => dirOf(x.id)),
        f.path,
      ).toEqual([dir]);
    }
  });

  it('every document sub-rule has an invalid fixture', () => {
    for (const sub of CMDHELP_DOCUMENT_SUB_RULES)
      expect(
        existsSync(join(corpusDir, 'invalid', dirOf(sub.id))),
        `invalid/${dirOf(sub.id)}`,
      ).toBe(true);
  });
});
