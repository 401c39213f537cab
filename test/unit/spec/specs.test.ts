/**
 * SPECS (src/spec/specs.ts) is the one list of what the kit judges: every spec and consumer role has everything the
 * kit promises of one, found from its entry alone. A spec added to SPECS without a registry, rule pages, a fixture
 * family (that ships in a package), a corpus kind or full coverage fails here, by name, instead of being left out of a list somewhere; a
 * planted spec shows each check failing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COVERAGE_SPECS,
  coverageTotals,
  coverageViolators,
  violatorsBySubRule,
} from '../../../src/corpus/coverage.js';
import { kitRoot } from '../../../src/corpus/files.js';
import { SPEC_OF_KIND } from '../../../src/corpus/kinds.js';
import { REGISTRIES, type Registry } from '../../../src/spec/rules.js';
import {
  LIVE_SPEC_IDS,
  SPECS,
  specOfRule,
  type SpecId,
  type SpecInfo,
} from '../../../src/spec/specs.js';

const root = kitRoot();
const scenarios = readdirSync(join(root, 'scenarios'))
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .map(
    (f) => JSON.parse(readFileSync(join(root, 'scenarios', f), 'utf8')) as Record<string, unknown>,
  );
const by = violatorsBySubRule(coverageViolators(root));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  files: string[];
};
const corpusPkg = JSON.parse(readFileSync(join(root, 'packages/corpus/package.json'), 'utf8')) as {
  files: string[];
};
/** A folder ships when the kit's or the corpus package's `files` names it or a folder above it. */
const shipped = (dir: string): boolean =>
  [...pkg.files, ...corpusPkg.files].some((f) => dir === f || dir.startsWith(`${f}/`));

/**
 * Specs with no corpus kind yet, and why: this list only shrinks (an entry leaves once the spec has scenarios).
 */
const WITHOUT_CORPUS: Readonly<Record<string, string>> = {
  compat:
    'its inputs are pairs of contracts (fixtures/contracts), not one tool: the corpus has no kind for a pair yet',
};

/** What a spec lacks of what the kit promises of every spec: empty when it has it all. */
function problemsOf(spec: SpecInfo, registry: Registry | undefined): string[] {
  const problems: string[] = [];
  if (!existsSync(join(root, 'src/spec', spec.folder)))
    problems.push(`no src/spec/${spec.folder}/`);
  // A registry, its rule ids under the spec's prefix.
  const rules = registry?.rules ?? [];
  if (rules.length === 0) problems.push('no registry (REGISTRIES in src/spec/rules.ts)');
  for (const rule of rules)
    if (!new RegExp(`^${spec.prefix}-\\d{2}$`).test(rule.id) || specOfRule(rule.id) !== spec)
      problems.push(`${rule.id} is not a rule id of ${spec.prefix}`);
  for (const sub of registry?.subRules ?? [])
    if (!rules.some((r) => sub.id.startsWith(`${r.id}/`)))
      problems.push(`${sub.id} is not a sub-rule of its rules`);
  // A page per rule.
  for (const rule of rules)
    if (!existsSync(join(root, rule.docs))) problems.push(`no page ${rule.docs}`);
  // A fixture family with an expected-verdict schema (a consumer role: its corpus scenarios instead).
  if (spec.judges === 'tool' && spec.fixtures.length === 0) problems.push('no fixture family');
  for (const family of spec.fixtures)
    for (const path of [family.dir, family.schema])
      if (!existsSync(join(root, path))) problems.push(`no ${path}`);
  // Published: the corpus and linter developers in other languages read the families from a package.
  for (const family of spec.fixtures)
    if (!shipped(family.dir))
      problems.push(
        `${family.dir} ships in neither package (files of package.json, packages/corpus)`,
      );
  // Its corpus kinds, each with scenarios under its corpus name, and rules those scenarios expect.
  const corpus = spec.corpus ?? { spec: '', kinds: [] };
  if (spec.corpus === undefined && !(spec.id in WITHOUT_CORPUS)) problems.push('no corpus kind');
  for (const kind of corpus.kinds) {
    if ((SPEC_OF_KIND as Record<string, string>)[kind] !== corpus.spec)
      problems.push(`corpus kind ${kind} is not of spec ${corpus.spec}`);
    const mine = scenarios.filter((s) => s.kind === kind);
    if (mine.length === 0) problems.push(`no scenarios/*.json of kind ${kind}`);
    for (const s of mine.filter((s) => s.spec !== corpus.spec))
      problems.push(`scenario ${String(s.id)} says spec ${String(s.spec)}`);
  }
  const expected = new Set(
    scenarios
      .filter((s) => corpus.kinds.includes(String(s.kind)))
      .flatMap((s) => [
        ...Object.keys((s.expected as { rules?: object } | undefined)?.rules ?? {}),
        ...((s.judges as string[] | undefined) ?? []),
        ...(typeof s.breaks === 'string' ? [s.breaks.split('/')[0]!] : []),
      ]),
  );
  if (spec.corpus !== undefined && rules.length > 0 && !rules.some((r) => expected.has(r.id)))
    problems.push('no scenario expects a verdict of its rules');
  // Full coverage: every sub-rule violated by a fault or fixture, or by the test named for it.
  const coverage = COVERAGE_SPECS.find((c) => c.prefix === spec.prefix);
  if (coverage === undefined) {
    if (spec.judges === 'tool') problems.push('not in docs/coverage.md (COVERAGE_SPECS)');
  } else {
    for (const id of coverageTotals(coverage, by).uncovered)
      problems.push(`${id} is violated by nothing`);
  }
  // Its published names.
  if (spec.subpath !== undefined && !(`./${spec.subpath}` in pkg.exports))
    problems.push(`no subpath ./${spec.subpath} in package.json`);
  if (spec.live !== (LIVE_SPEC_IDS as readonly string[]).includes(spec.id))
    problems.push('live, but not among LIVE_SPEC_IDS');
  return problems;
}

const specs: readonly SpecInfo[] = SPECS;

describe.each(specs.map((spec) => [spec.id, spec] as const))('spec %s', (_id, spec) => {
  it('has a registry (its prefix), a page per rule, a fixture family, a corpus kind, full coverage, its published names', () => {
    expect(problemsOf(spec, REGISTRIES[spec.id as SpecId])).toEqual([]);
  });
});

it('WITHOUT_CORPUS names only specs that still have no corpus kind', () => {
  for (const id of Object.keys(WITHOUT_CORPUS))
    expect(specs.find((s) => s.id === id)?.corpus, id).toBeUndefined();
});

it('ids, prefixes and rule ids are unique across SPECS', () => {
  const unique = (list: readonly string[]) => new Set(list).size === list.length;
  expect(unique(specs.map((s) => s.id))).toBe(true);
  expect(unique(specs.map((s) => s.prefix))).toBe(true);
  expect(unique(SPECS.flatMap((s) => REGISTRIES[s.id].rules.map((r) => r.id)))).toBe(true);
  expect(unique(SPECS.flatMap((s) => REGISTRIES[s.id].subRules.map((r) => r.id)))).toBe(true);
});

it('a spec planted into SPECS with nothing behind it fails each check', () => {
  expect(problemsOf({ ...SPECS[0], id: 'planted', corpus: undefined }, REGISTRIES.aoi)).toContain(
    'no corpus kind',
  );
  const planted: SpecInfo = {
    id: 'planted',
    folder: 'planted',
    prefix: 'PLANTED',
    title: 'a planted spec',
    text: 'planted',
    judges: 'tool',
    live: true,
    corpus: { spec: 'planted', kinds: ['planted'] },
    subpath: 'planted',
    fixtures: [],
  };
  expect(problemsOf(planted, undefined)).toEqual([
    'no src/spec/planted/',
    'no registry (REGISTRIES in src/spec/rules.ts)',
    'no fixture family',
    'corpus kind planted is not of spec planted',
    'no scenarios/*.json of kind planted',
    'not in docs/coverage.md (COVERAGE_SPECS)',
    'no subpath ./planted in package.json',
    'live, but not among LIVE_SPEC_IDS',
  ]);
  // A registry whose rules lack pages and scenarios, under another prefix.
  const aoi = SPECS[0];
  const registry: Registry = {
    rules: [{ ...REGISTRIES.aoi.rules[0]!, id: 'AOI-99', docs: 'docs/rules/AOI-99.md' }],
    subRules: [{ ...REGISTRIES.aoi.subRules[0]!, id: 'AOI-98/x', rule: 'AOI-98' }],
  };
  expect(problemsOf({ ...aoi, prefix: 'PLANTED' }, registry)).toEqual(
    expect.arrayContaining([
      'AOI-99 is not a rule id of PLANTED',
      'AOI-98/x is not a sub-rule of its rules',
      'no page docs/rules/AOI-99.md',
      'no scenario expects a verdict of its rules',
    ]),
  );
});
