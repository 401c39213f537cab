/**
 * Cross-check of the kit's AGENT-CLI.md fixtures with agentproto's published schemas (AIP-45 + AIP-29), read
 * from test/upstream/agentproto (a copy of upstream's files). Every fixture the kit calls valid must validate upstream; for the invalid
 * fixtures, the table below records which ones upstream's schema also rejects and which it accepts (the rules
 * of the spec text that upstream's schema does not encode), so that a difference cannot appear silently.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import fc from 'fast-check';
import {
  agentCliManifest,
  agentCliManifestWithDefect,
} from '../../../src/arbitraries/agentcli/index.js';
import {
  agentCliManifestSchema,
  parseAgentCliManifest,
  validateAgentCliManifest,
} from '../../../src/checks/agentcli/manifest.js';
import { createAjv } from '../../../src/spec/ajv.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const upstreamDir = resolve(repoRoot, 'test', 'upstream', 'agentproto');
const corpus = join(repoRoot, 'fixtures', 'manifests', 'agent-cli');

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

/**
 * What upstream's schema says about each invalid fixture (by directory): `rejects`, `accepts` (a spec-text rule
 * upstream's schema cannot or does not state), or `unparsed` (the YAML itself is broken: no frontmatter to give it).
 */
const UPSTREAM_VERDICT: Record<string, 'rejects' | 'accepts' | 'unparsed'> = {
  'agentcli-01--no-frontmatter': 'unparsed',
  'agentcli-01--yaml-syntax': 'unparsed',
  'agentcli-01--duplicate-key': 'unparsed',
  'agentcli-01--not-a-mapping': 'rejects',
  'agentcli-02--missing-field': 'rejects',
  'agentcli-03--type': 'rejects',
  'agentcli-03--format': 'rejects',
  'agentcli-03--unknown-field': 'rejects',
  'agentcli-04--unknown-protocol': 'rejects',
  'agentcli-05--acp-missing': 'rejects',
  'agentcli-05--mcp-missing': 'rejects',
  'agentcli-05--mcp-transport-missing': 'rejects',
  'agentcli-05--adapter-missing': 'rejects',
  'agentcli-05--stray-arm': 'accepts',
  'agentcli-06--install': 'rejects',
  'agentcli-06--version-check': 'rejects',
  'agentcli-06--version-regex': 'accepts',
  'agentcli-06--setup': 'rejects',
  'agentcli-06--duplicate-setup-id': 'accepts',
  'agentcli-06--auth': 'rejects',
  'agentcli-07--invalid': 'rejects',
  'agentcli-07--resumable-without-capability': 'rejects',
  'agentcli-08--invalid': 'rejects',
  'agentcli-09--id-pattern': 'rejects',
  'agentcli-09--duplicate-id': 'accepts',
  'agentcli-09--unknown-patch': 'rejects',
  'agentcli-09--invalid': 'rejects',
  'agentcli-10--id-pattern': 'rejects',
  'agentcli-10--duplicate-id': 'accepts',
  'agentcli-10--unknown-type': 'rejects',
  'agentcli-10--enum-missing': 'rejects',
  'agentcli-10--enum-not-enum': 'accepts',
  'agentcli-10--bounds-not-integer': 'accepts',
  'agentcli-10--min-above-max': 'accepts',
  'agentcli-10--when-true-not-boolean': 'accepts',
  'agentcli-10--default-invalid': 'accepts',
  'agentcli-10--invalid': 'rejects',
  'agentcli-11--default-not-supported': 'accepts',
  'agentcli-11--native-resume-without-capability': 'rejects',
  'agentcli-11--invalid': 'rejects',
  'agentcli-12--name-not-directory': 'accepts',
  'agentcli-12--name-not-kebab': 'accepts',
};

function upstreamValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(
    JSON.parse(readFileSync(join(upstreamDir, 'aip-29-CLI.schema.json'), 'utf8')) as object,
  );
  const agentCli = JSON.parse(
    readFileSync(join(upstreamDir, 'aip-45-AGENT-CLI.schema.json'), 'utf8'),
  ) as { $id: string };
  ajv.addSchema(agentCli);
  const validate = ajv.getSchema(agentCli.$id);
  if (!validate) throw new Error('upstream AGENT-CLI schema did not compile');
  return validate;
}

const fixtures = (kind: 'valid' | 'invalid') =>
  readdirSync(join(corpus, kind))
    .filter((name) => existsSync(join(corpus, kind, name, 'AGENT-CLI.md')))
    .sort();

describe('agentproto upstream schemas (test/upstream/agentproto)', () => {
  const validate = upstreamValidator();
  const upstream = (kind: string, name: string): 'rejects' | 'accepts' | 'unparsed' => {
    const parsed = parseAgentCliManifest(
      readFileSync(join(corpus, kind, name, 'AGENT-CLI.md'), 'utf8'),
    );
    if (
      parsed.frontmatter === undefined &&
      parsed.findings.some((f) => f.id !== 'AGENTCLI-01/not-a-mapping')
    )
      return 'unparsed';
    // Not a mapping: give upstream what the YAML between the --- lines is.
    const text = readFileSync(join(corpus, kind, name, 'AGENT-CLI.md'), 'utf8');
    const data = parsed.frontmatter ?? parseYaml(text.split(/^---$/m)[1] ?? '');
    return validate!(data) ? 'accepts' : 'rejects';
  };

  test.each(fixtures('valid'))('valid/%s validates against upstream', (name) => {
    expect(upstream('valid', name)).toBe('accepts');
  });

  test.each([
    'agent-acp',
    'agent-acp-ephemeral',
    'agent-acp-pinned',
    'agent-acp-transcript',
    'agent-acp-outdated',
    'agent-acp-setup',
    'agent-mcp',
    'agent-repl',
  ])('the fake agent manifest %s validates against upstream', (name) => {
    const parsed = parseAgentCliManifest(
      readFileSync(join(repoRoot, 'fixtures', 'agents', name, 'AGENT-CLI.md'), 'utf8'),
    );
    expect(validate!(parsed.frontmatter), JSON.stringify(validate!.errors)).toBe(true);
  });

  test('the table covers every invalid fixture', () => {
    expect(Object.keys(UPSTREAM_VERDICT).sort()).toEqual(fixtures('invalid'));
  });

  test.each(fixtures('invalid'))("invalid/%s: upstream's verdict is the recorded one", (name) => {
    expect(upstream('invalid', name)).toBe(UPSTREAM_VERDICT[name]);
  });

  test("the kit's schema accepts exactly what upstream's accepts (fixtures with random field patches)", () => {
    const kit = createAjv([agentCliManifestSchema]).getSchema(agentCliManifestSchema.$id)!;
    const bases = [
      ...fixtures('valid').map((name) => ['valid', name]),
      ...fixtures('invalid').map((name) => ['invalid', name]),
    ]
      .map(
        ([kind, name]) =>
          parseAgentCliManifest(readFileSync(join(corpus, kind!, name!, 'AGENT-CLI.md'), 'utf8'))
            .frontmatter,
      )
      .filter(
        (f): f is Record<string, unknown> =>
          f !== null && typeof f === 'object' && !Array.isArray(f),
      );
    const field = fc.constantFrom(
      'name',
      'id',
      'version',
      'bin',
      'install',
      'version_check',
      'setup',
      'auth',
      'sandbox',
      'runner',
      'protocol',
      'acp',
      'mcp',
      'adapter',
      'session',
      'capabilities',
      'modes',
      'options',
      'continuation',
      'requires',
      'tags',
    );
    const value = fc.oneof(
      fc.anything(),
      ...bases.slice(0, 8).map((b) => fc.constantFrom(...Object.values(b))),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.dictionary(field, value, { maxKeys: 3 }),
        (base, patch) => {
          const data = { ...base, ...patch };
          expect(kit(data), JSON.stringify(data).slice(0, 300)).toBe(validate!(data));
        },
      ),
      { numRuns: 500 },
    );
    for (const base of bases) expect(kit(base)).toBe(validate!(base));
  });

  test('every fixture the kit calls valid (warnings only) is accepted upstream', () => {
    for (const name of fixtures('invalid')) {
      const file = join(corpus, 'invalid', name, 'AGENT-CLI.md');
      if (validateAgentCliManifest(readFileSync(file, 'utf8'), { path: file }).valid)
        expect(upstream('invalid', name), name).toBe('accepts');
    }
  });

  test('every manifest the arbitraries call valid validates against upstream, as an object and through its AGENT-CLI.md text', () => {
    fc.assert(
      fc.property(agentCliManifest(), (manifest) => {
        expect(validate!(manifest), JSON.stringify(validate!.errors)).toBe(true);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });

  test("every defective manifest of the arbitraries gets upstream's recorded verdict for its sub-rule (rejected, or accepted: a spec-text rule)", () => {
    const verdictOf = (subRule: string) =>
      UPSTREAM_VERDICT[subRule.toLowerCase().replace('/', '--')];
    fc.assert(
      fc.property(agentCliManifestWithDefect(), ({ subRule, manifest }) => {
        const recorded = verdictOf(subRule);
        expect(recorded, `${subRule} has no fixture in UPSTREAM_VERDICT`).toMatch(
          /^(rejects|accepts)$/,
        );
        expect(validate!(manifest) ? 'accepts' : 'rejects', subRule).toBe(recorded);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});
