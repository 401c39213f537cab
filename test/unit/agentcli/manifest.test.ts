import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  parseAgentCliManifest,
  validateAgentCliManifest,
} from '../../../src/checks/agentcli/manifest.js';
import { AGENTCLI_MANIFEST_SUB_RULES } from '../../../src/spec/agentcli/manifest-rules.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const corpus = join(repoRoot, 'fixtures', 'manifests', 'agent-cli');
const expectedFile = join(corpus, 'expected.json');

interface ExpectedFixture {
  path: string;
  valid: boolean;
  findings: { id: string; line: number | null }[];
}

/** `UPDATE_AGENTCLI_EXPECTED=1 npx vitest run test/unit/agentcli/manifest.test.ts` rewrites expected.json; review the diff. */
const UPDATE = process.env.UPDATE_AGENTCLI_EXPECTED === '1';

const slugOf = (id: string) => id.toLowerCase().replace('/', '--');
const manifestIds = AGENTCLI_MANIFEST_SUB_RULES.filter((s) => s.judgedBy === 'manifest').map(
  (s) => s.id,
);

function fixturePaths(): string[] {
  const out: string[] = [];
  for (const kind of ['valid', 'invalid']) {
    for (const name of readdirSync(join(corpus, kind)).sort()) {
      if (existsSync(join(corpus, kind, name, 'AGENT-CLI.md')))
        out.push(`${kind}/${name}/AGENT-CLI.md`);
    }
  }
  return out;
}

function judge(rel: string) {
  const file = join(corpus, rel);
  return validateAgentCliManifest(readFileSync(file, 'utf8'), { path: file });
}

if (UPDATE) {
  const fixtures: ExpectedFixture[] = fixturePaths().map((path) => {
    const report = judge(path);
    return {
      path,
      valid: report.valid,
      findings: report.findings.map((f) => ({ id: f.id, line: f.line ?? null })),
    };
  });
  const doc = {
    $comment:
      'aoi-testkit AGENT-CLI.md (AIP-45) fixture corpus: for each file, whether it is valid (no finding of severity error) and exactly the findings (sub-rule id, 1-based line of the file, the opening --- being line 1) a conformant validator reports when told the file path (AGENTCLI-12 compares name with the directory). See README.md.',
    fixtures,
  };
  writeFileSync(expectedFile, `${JSON.stringify(doc, null, 2)}\n`);
}

const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as { fixtures: ExpectedFixture[] };

describe('the fixture corpus', () => {
  test('expected.json lists every fixture, and only those', () => {
    expect(expected.fixtures.map((f) => f.path).sort()).toEqual(fixturePaths().sort());
  });

  test.each(expected.fixtures.map((f) => [f.path, f] as const))(
    '%s gives exactly its expected findings',
    (path, fixture) => {
      const report = judge(path);
      expect(report.findings.map((f) => ({ id: f.id, line: f.line ?? null }))).toEqual(
        fixture.findings,
      );
      expect(report.valid).toBe(fixture.valid);
      if (report.valid) expect(report.manifest).toBeDefined();
      else expect(report.manifest).toBeUndefined();
    },
  );

  test('the valid fixtures report nothing, not even a warning', () => {
    for (const fixture of expected.fixtures.filter((f) => f.path.startsWith('valid/'))) {
      expect({ path: fixture.path, findings: judge(fixture.path).findings }).toEqual({
        path: fixture.path,
        findings: [],
      });
    }
  });

  test.each(manifestIds)('%s has an invalid fixture that reports it and nothing else', (id) => {
    const path = `invalid/${slugOf(id)}/AGENT-CLI.md`;
    const report = judge(path);
    expect(report.findings.length).toBeGreaterThan(0);
    expect(new Set(report.findings.map((f) => f.id))).toEqual(new Set([id]));
    expect(
      report.findings.every((f) => typeof f.line === 'number' && f.excerpt !== undefined),
    ).toBe(true);
    // Warnings leave the manifest valid, unless strict.
    const warning = AGENTCLI_MANIFEST_SUB_RULES.find((s) => s.id === id)!.severity === 'warning';
    expect(report.valid).toBe(warning);
    expect(
      validateAgentCliManifest(readFileSync(join(corpus, path), 'utf8'), {
        path: join(corpus, path),
        strict: true,
      }).valid,
    ).toBe(false);
  });

  test('every invalid fixture is named after a manifest sub-rule', () => {
    const slugs = new Set(manifestIds.map(slugOf));
    for (const name of readdirSync(join(corpus, 'invalid')))
      expect(slugs.has(name), name).toBe(true);
  });
});

describe('AGENTCLI-01/yaml-syntax points where an unclosed construct opens', () => {
  const at = (yaml: string) =>
    validateAgentCliManifest(`---\n${yaml}---\n`).findings.map((f) => [f.id, f.line, f.message]);

  test('the fixture: `bin_args: [acp, --stdio` on line 7, which yaml notices on line 8', () => {
    const report = validateAgentCliManifest(
      readFileSync(join(corpus, 'invalid/agentcli-01--yaml-syntax/AGENT-CLI.md'), 'utf8'),
    );
    expect(report.findings.map((f) => [f.id, f.line, f.excerpt])).toEqual([
      ['AGENTCLI-01/yaml-syntax', 7, 'bin_args: [acp, --stdio'],
    ]);
    expect(report.findings[0]!.message).toMatch(
      /at line 7: the `\[` opened there is never closed \(the parser noticed at line 8\)/,
    );
  });

  test("a flow map, a quote, a sequence over several lines; other errors keep the parser's line", () => {
    expect(at('name: x\nb: {x: 1\nc: 2\n')).toEqual([
      [
        'AGENTCLI-01/yaml-syntax',
        3,
        expect.stringMatching(
          /the `\{` opened there is never closed \(the parser noticed at line 4\)/,
        ),
      ],
    ]);
    expect(at('a: "abc\nb: 2\n')).toEqual([
      [
        'AGENTCLI-01/yaml-syntax',
        2,
        expect.stringMatching(
          /the double quote opened there is never closed \(the parser noticed at line 4\)/,
        ),
      ],
    ]);
    expect(at('a: [1,\n  2,\n  3\nb: 2\n')).toEqual([
      ['AGENTCLI-01/yaml-syntax', 2, expect.stringMatching(/the parser noticed at line 5/)],
    ]);
    expect(at('a: 1\n  b: 2\n')).toEqual([
      ['AGENTCLI-01/yaml-syntax', 2, expect.not.stringMatching(/never closed/)],
    ]);
  });
});

describe('validateAgentCliManifest', () => {
  test.each([
    'agent-acp',
    'agent-acp-ephemeral',
    'agent-acp-pinned',
    'agent-acp-transcript',
    'agent-acp-outdated',
    'agent-acp-setup',
    'agent-mcp',
    'agent-repl',
  ])('the fake agent manifest %s is valid', (name) => {
    const file = join(repoRoot, 'fixtures', 'agents', name, 'AGENT-CLI.md');
    const report = validateAgentCliManifest(readFileSync(file, 'utf8'), { path: file });
    expect(report.findings).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.manifest?.name).toBe(name);
  });

  const minimal = readFileSync(join(corpus, 'valid/minimal/AGENT-CLI.md'), 'utf8');

  test('an object is a parsed frontmatter: same verdict, no lines', () => {
    const frontmatter = parseAgentCliManifest(minimal).frontmatter as Record<string, unknown>;
    expect(validateAgentCliManifest(frontmatter)).toMatchObject({ valid: true, findings: [] });
    const report = validateAgentCliManifest({
      ...frontmatter,
      options: [{ id: 'n', type: 'integer', min: 3, max: 2 }],
    });
    // min above max: no value is valid, but no MUST of the text says so (a warning).
    expect(report.valid).toBe(true);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ id: 'AGENTCLI-10/min-above-max' });
    expect(report.findings[0]!.line).toBeUndefined();
  });

  test('BOM and CRLF are tolerated, and lines still count from the opening ---', () => {
    const text = `\ufeff${minimal.replace('version: 1.0.0', 'version: one').replace(/\n/g, '\r\n')}`;
    const report = validateAgentCliManifest(text);
    expect(report.findings.map((f) => [f.id, f.line])).toEqual([['AGENTCLI-03/format', 5]]);
    expect(report.findings[0]!.message).toContain('`version`');
  });

  test('parseAgentCliManifest splits frontmatter and body', () => {
    const parsed = parseAgentCliManifest(minimal);
    expect(parsed.findings).toEqual([]);
    expect(parsed.body.startsWith('\n# minimal')).toBe(true);
    expect(parsed.lineOf(['version_check', 'parse'])).toBe(12);
    expect(parsed.lineOf(['install', 0])).toBe(8);
    expect(parsed.lineOf(['install', 0, 'nope'])).toBe(8);
    expect(parseAgentCliManifest('---\nname: x\n').findings.map((f) => f.id)).toEqual([
      'AGENTCLI-01/no-frontmatter',
    ]);
    expect(parseAgentCliManifest('---\n---\n').findings.map((f) => f.id)).toEqual([
      'AGENTCLI-01/not-a-mapping',
    ]);
  });

  test('one finding per problem, naming the path and what is wrong', () => {
    const text = minimal.replace(
      'install:\n  - method: vendored\n    path: ./bin/minimal-agent\n',
      'install:\n  - method: curl\n    url: not a url\n    mirror: x\n  - method: snap\n    package: x\n',
    );
    const report = validateAgentCliManifest(text);
    expect(report.findings.map((f) => [f.id, f.line])).toEqual([
      ['AGENTCLI-06/install', 10],
      ['AGENTCLI-06/install', 11],
    ]);
    expect(report.findings[0]!.message).toMatch(/install\[0\]/);
    expect(report.findings[0]!.message).toMatch(/mirror/);
    expect(report.findings[1]!.message).toMatch(/install\[1\]\.method/);
  });

  test('an unknown protocol is the only finding about the protocol', () => {
    const report = validateAgentCliManifest(minimal.replace('protocol: acp', 'protocol: grpc'));
    expect(report.findings.map((f) => f.id)).toEqual(['AGENTCLI-04/unknown-protocol']);
  });

  test('options.strict turns warnings into errors', () => {
    const file = join(corpus, 'invalid/agentcli-05--stray-arm/AGENT-CLI.md');
    const text = readFileSync(file, 'utf8');
    expect(validateAgentCliManifest(text, { path: file }).findings[0]!.severity).toBe('warning');
    const strict = validateAgentCliManifest(text, { path: file, strict: true });
    expect(strict.valid).toBe(false);
    expect(strict.findings[0]!.severity).toBe('error');
  });

  test('messages and excerpts never show a secret put in a field', () => {
    const canaries = ['ghp_CanaryCanaryCanaryCanary0123456789', 'sk-canary0123456789abcdefXYZ'];
    for (const canary of canaries) {
      const text = minimal
        .replace('id: minimal', `id: ${canary}`)
        .replace('protocol: acp', `protocol: ${canary}`)
        .replace('bin: minimal-agent', `bin: minimal-agent\nbin_args: ${canary}\ntoken: ${canary}`)
        .replace(
          'sandbox: ./SANDBOX.md',
          `sandbox: ./SANDBOX.md\noptions:\n  - id: k\n    type: integer\n    default: ${canary}\nsession:\n  mode: ${canary}`,
        );
      const report = validateAgentCliManifest(text);
      expect(report.findings.length).toBeGreaterThanOrEqual(5);
      const shown = JSON.stringify(report.findings);
      expect(shown).not.toContain(canary);
      expect(shown).not.toContain(canary.slice(4, 20));
    }
  });

  test('never throws on junk', () => {
    for (const junk of [
      null,
      undefined,
      42,
      [],
      'x',
      '---',
      '---\n',
      '\u0000\u0001---',
      new Uint8Array([0xff, 0xfe, 0x00]),
      Symbol('s'),
    ]) {
      const report = validateAgentCliManifest(junk as never);
      expect(report.valid).toBe(false);
      expect(report.findings.length).toBeGreaterThan(0);
    }
    const throwing = Object.defineProperty({}, 'name', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(validateAgentCliManifest(throwing).valid).toBe(false);
    const aliases = `---\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n---\n`;
    expect(validateAgentCliManifest(aliases).findings.map((f) => f.id)).toEqual([
      'AGENTCLI-01/yaml-syntax',
    ]);
  });

  test('a 10 MB string is refused quickly, not parsed', () => {
    const huge = `---\ndescription: "${'x'.repeat(10 * 1024 * 1024)}"\n---\n`;
    const report = validateAgentCliManifest(huge);
    expect(report.findings.map((f) => f.id)).toEqual(['AGENTCLI-01/yaml-syntax']);
    expect(
      validateAgentCliManifest('y'.repeat(10 * 1024 * 1024)).findings.map((f) => f.id),
    ).toEqual(['AGENTCLI-01/no-frontmatter']);
  });

  test('property: any string or value gives a report, never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `---\n${s}\n---\n`),
        ),
        (text) => {
          const report = validateAgentCliManifest(text);
          return typeof report.valid === 'boolean' && Array.isArray(report.findings);
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const report = validateAgentCliManifest(value as object);
        return (
          typeof report.valid === 'boolean' &&
          report.findings.every((f) => typeof f.id === 'string')
        );
      }),
      { numRuns: 300 },
    );
    const field = fc.constantFrom(
      'name',
      'install',
      'version_check',
      'setup',
      'auth',
      'session',
      'capabilities',
      'modes',
      'options',
      'continuation',
      'protocol',
      'mcp',
    );
    fc.assert(
      fc.property(fc.dictionary(field, fc.anything()), (patch) => {
        const frontmatter = { ...(parseAgentCliManifest(minimal).frontmatter as object), ...patch };
        const report = validateAgentCliManifest(frontmatter);
        return report.findings.every((f) => manifestIds.includes(f.id));
      }),
      { numRuns: 300 },
    );
  });
});
