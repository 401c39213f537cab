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

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const inFixtures = (...parts: string[]) => join(FIXTURES, ...parts);
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

interface Family {
  name: string;
  schema: string;
  /** The expected-verdict files the schema describes. */
  files: () => string[];
  /** A copy of a valid expected file, broken in a way the schema must catch. */
  plant: (expected: any) => unknown;
}

const FAMILIES: Family[] = [
  {
    name: 'transcripts (AOI streams)',
    schema: inFixtures('transcripts', 'expected.schema.json'),
    files: () =>
      readdirSync(inFixtures('transcripts'))
        .filter((f) => f.endsWith('.expected.json'))
        .sort()
        .map((f) => inFixtures('transcripts', f)),
    plant: (e) => ({ ...e, verdicts: { ...e.verdicts, 'AOI-02': 'maybe' } }),
  },
  {
    name: 'transcripts/agents (agent conversations)',
    schema: inFixtures('transcripts', 'agents-expected.schema.json'),
    files: () => [inFixtures('transcripts', 'agents', 'expected.json')],
    plant: (e) => ({ ...e, fixtures: [{ ...e.fixtures[0], breaks: 'AGENTCLI-22/no-turn-end' }] }),
  },
  {
    name: 'cmdhelp',
    schema: inFixtures('cmdhelp', 'expected.schema.json'),
    files: () => [inFixtures('cmdhelp', 'expected.json')],
    plant: (e) => ({
      ...e,
      fixtures: [{ ...e.fixtures[0], findings: [{ id: 'cmdhelp-01', line: 0 }] }],
    }),
  },
  {
    name: 'apps',
    schema: inFixtures('apps', 'expected.schema.json'),
    files: () => [inFixtures('apps', 'expected.json')],
    plant: (e) => ({ ...e, packages: [{ path: 'todo', findings: [] }] }),
  },
  {
    name: 'exec',
    schema: inFixtures('exec', 'expected.schema.json'),
    files: () =>
      readdirSync(inFixtures('exec'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => inFixtures('exec', d.name, 'expected.json'))
        .sort(),
    plant: (e) => ({
      ...e,
      judgements: [{ ...e.judgements[0], options: { ignoreErrors: 'yes' } }],
    }),
  },
  {
    name: 'contracts (pairs of contracts)',
    schema: inFixtures('contracts', 'expected.schema.json'),
    files: () => [inFixtures('contracts', 'expected.json')],
    plant: (e) => ({
      ...e,
      pairs: [{ ...e.pairs[0], changes: [{ class: 'field-removed', breaking: true }] }],
    }),
  },
  {
    name: 'manifests/agent-cli',
    schema: inFixtures('manifests', 'agent-cli', 'expected.schema.json'),
    files: () => [inFixtures('manifests', 'agent-cli', 'expected.json')],
    plant: (e) => ({ ...e, fixtures: [{ ...e.fixtures[0], path: 'valid/minimal/agent-cli.md' }] }),
  },
];

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
