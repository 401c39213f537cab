/**
 * Every fixture family writes its expected verdicts down in files of one shape, and each family has the JSON
 * Schema of that shape beside it: this test validates every expected file against its family's schema, and
 * proves each schema can fail (a planted bad file is rejected).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SPECS, type FixtureFamily } from '../../src/spec/specs.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(ROOT, 'fixtures/');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/**
 * For each family, a copy of a valid expected file broken in a way its schema must catch (by folder: a family
 * added to SPECS without one fails below).
 */
const PLANTS: Readonly<Record<string, (expected: any) => unknown>> = {
  'fixtures/transcripts': (e) => ({ ...e, verdicts: { ...e.verdicts, 'AOI-02': 'maybe' } }),
  'fixtures/transcripts/agents': (e) => ({
    ...e,
    fixtures: [{ ...e.fixtures[0], breaks: 'AGENTCLI-22/no-turn-end' }],
  }),
  'fixtures/cmdhelp': (e) => ({
    ...e,
    fixtures: [{ ...e.fixtures[0], findings: [{ id: 'cmdhelp-01', line: 0 }] }],
  }),
  'fixtures/apps': (e) => ({ ...e, packages: [{ path: 'todo', findings: [] }] }),
  'fixtures/exec': (e) => ({
    ...e,
    judgements: [{ ...e.judgements[0], options: { ignoreErrors: 'yes' } }],
  }),
  'fixtures/contracts': (e) => ({
    ...e,
    pairs: [{ ...e.pairs[0], changes: [{ class: 'field-removed', breaking: true }] }],
  }),
  'fixtures/runners': (e) => ({
    ...e,
    runners: [{ ...e.runners[0], findings: [{ scenario: 'runner.acp.turn', id: 'agentcli-31' }] }],
  }),
  'fixtures/manifests/agent-cli': (e) => ({
    ...e,
    fixtures: [{ ...e.fixtures[0], path: 'valid/minimal/agent-cli.md' }],
  }),
};

/** A family's expected-verdict files, where SPECS says they are. */
function expectedFilesOf(family: FixtureFamily): string[] {
  const dir = join(ROOT, family.dir);
  if (family.expected === 'one') return [join(dir, 'expected.json')];
  if (family.expected === 'beside')
    return readdirSync(dir)
      .filter((f) => f.endsWith('.expected.json'))
      .sort()
      .map((f) => join(dir, f));
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(dir, d.name, 'expected.json'))
    .sort();
}

interface Family {
  name: string;
  schema: string;
  files: () => string[];
  plant: (expected: any) => unknown;
}

/** Every spec's fixture families (SPECS). */
const FAMILIES: Family[] = SPECS.flatMap((spec) =>
  spec.fixtures.map((family) => ({
    name: `${family.dir.replace(/^fixtures\//, '')} (${spec.id})`,
    schema: join(ROOT, family.schema),
    files: () => expectedFilesOf(family),
    plant: PLANTS[family.dir] ?? (() => expect.unreachable(`no planted file for ${family.dir}`)),
  })),
);

it('every family of SPECS has a planted bad file, and every planted file a family', () => {
  const dirs = SPECS.flatMap((spec) => spec.fixtures.map((f) => f.dir as string)).sort();
  expect(Object.keys(PLANTS).sort()).toEqual(dirs);
});

describe.each(FAMILIES.map((f) => [f.name, f] as const))(
  'fixtures/%s: expected verdicts have the shape of the family schema',
  (_name, family) => {
    const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
      readJson(family.schema) as object,
    );
    const files = family.files();

    it('has expected files', () => {
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(existsSync(file), file).toBe(true);
    });

    it.each(files.map((file) => [file.slice(FIXTURES.length), file] as const))(
      '%s validates',
      (_rel, file) => {
        expect(validate(readJson(file)) ? [] : validate.errors).toEqual([]);
      },
    );

    it('rejects a planted bad file', () => {
      expect(validate(family.plant(readJson(files[0]!)))).toBe(false);
    });
  },
);

it('every fixture family with expected verdicts has a schema', () => {
  const expectedFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory()
        ? expectedFiles(join(dir, d.name))
        : /(^|\.)expected\.json$/.test(d.name)
          ? [join(dir, d.name)]
          : [],
    );
  const covered = new Set(FAMILIES.flatMap((f) => f.files()));
  expect(expectedFiles(FIXTURES).filter((file) => !covered.has(file))).toEqual([]);
});
