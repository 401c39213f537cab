/**
 * Cross-check of the kit's own cmdhelp schema (written from the spec text) with the one the spec's authors
 * published (vendored in test/upstream/cmdhelp): every valid cmdhelp.json validates upstream; every invalid one
 * fails ours; the table records, for each invalid fixture, whether upstream's schema also rejects it (it cannot
 * state CMDHELP-07, the examples rules). The deliberate differences (docs/spec-notes.md) are pinned here.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cmdhelpDocument,
  cmdhelpDocumentWithDefect,
} from '../../../src/arbitraries/cmdhelp/index.js';
import { validateCmdhelpDocument } from '../../../src/checks/cmdhelp/index.js';
import { corpusDir, corpusFiles } from './corpus-support.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// A copy of upstream's schema, vendored with its licence (test/upstream/README.md).
const upstreamFile = resolve(repoRoot, 'test', 'upstream', 'cmdhelp', 'cmdhelp.schema.json');

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

const UPSTREAM_VERDICT: Record<string, 'rejects' | 'accepts' | 'unparsed'> = {
  'cmdhelp-02--not-json': 'unparsed',
  'cmdhelp-02--missing-key': 'rejects',
  'cmdhelp-02--version-format': 'rejects',
  'cmdhelp-02--unknown-type': 'rejects',
  'cmdhelp-02--exit-code': 'rejects',
  'cmdhelp-02--flag-name': 'rejects',
  'cmdhelp-02--negate-flag': 'rejects',
  'cmdhelp-02--enum-source': 'rejects',
  'cmdhelp-02--type': 'rejects',
  'cmdhelp-07--wrong-binary': 'accepts',
  'cmdhelp-07--unknown-command': 'accepts',
  'cmdhelp-07--unknown-flag': 'accepts',
  'cmdhelp-07--bool-with-value': 'accepts',
  'cmdhelp-07--missing-value': 'accepts',
  'cmdhelp-07--enum-value': 'accepts',
  'cmdhelp-07--arity': 'accepts',
};

const jsonFixtures = corpusFiles().filter((f) => f.endsWith('cmdhelp.json'));

describe('fixtures/cmdhelp against upstream cmdhelp.schema.json', () => {
  const validate = (() => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    return ajv.compile(JSON.parse(readFileSync(upstreamFile, 'utf8')) as object);
  })();

  for (const path of jsonFixtures.filter((p) => p.startsWith('valid/')))
    it(`${path} validates upstream and ours`, () => {
      const doc = JSON.parse(readFileSync(join(corpusDir, path), 'utf8')) as unknown;
      expect(validate(doc), JSON.stringify((validate as { errors?: unknown }).errors)).toBe(true);
      expect(validateCmdhelpDocument(doc).valid).toBe(true);
    });

  for (const path of jsonFixtures.filter((p) => p.startsWith('invalid/')))
    it(`${path} fails ours; upstream ${UPSTREAM_VERDICT[path.split('/')[1]!]}`, () => {
      const text = readFileSync(join(corpusDir, path), 'utf8');
      expect(validateCmdhelpDocument(text).valid).toBe(false);
      const verdict = UPSTREAM_VERDICT[path.split('/')[1]!];
      expect(verdict, `${path} has no row in UPSTREAM_VERDICT`).toBeDefined();
      if (verdict === 'unparsed') return expect(() => JSON.parse(text)).toThrow();
      expect(validate(JSON.parse(text))).toBe(verdict === 'accepts');
    });

  it('generated valid documents validate upstream', () => {
    fc.assert(
      fc.property(cmdhelpDocument(), (doc) => validate(doc) === true),
      { numRuns: 100 },
    );
  });

  it('generated schema defects (CMDHELP-02/*) are rejected by upstream too', () => {
    const subRules = [
      'CMDHELP-02/missing-key',
      'CMDHELP-02/version-format',
      'CMDHELP-02/unknown-type',
      'CMDHELP-02/exit-code',
      'CMDHELP-02/flag-name',
      'CMDHELP-02/negate-flag',
      'CMDHELP-02/enum-source',
      'CMDHELP-02/type',
    ];
    fc.assert(
      fc.property(
        cmdhelpDocumentWithDefect({ subRules }),
        ({ document }) => validate(document) === false,
      ),
      { numRuns: 200 },
    );
  });

  describe('deliberate differences (docs/spec-notes.md, cmdhelp point 10)', () => {
    type Doc = {
      cmdhelp_version: string;
      binary: string;
      commands: { run: Record<string, unknown> };
      context?: unknown;
    };
    const base = (): Doc => ({
      cmdhelp_version: '0.1',
      binary: 'demo',
      commands: { run: { summary: 'Run it.' } },
    });
    it.each<[string, (doc: Doc) => void]>([
      [
        'stdin with a field the spec does not name (§9: tolerate unknown fields)',
        (doc) =>
          (doc.commands.run.stdin = { accepted: true, format: 'text/plain', encoding: 'utf-8' }),
      ],
      [
        'context.workspace that is not a string (§7 gives no type)',
        (doc) => (doc.context = { workspace: { id: 7, name: 'acme' } }),
      ],
    ])('%s: ours accepts, upstream rejects', (_name, change) => {
      const doc = base();
      change(doc);
      expect(validateCmdhelpDocument(doc).findings).toEqual([]);
      expect(validate(doc)).toBe(false);
    });
    it('a non-decimal exit code key: both reject (ours as CMDHELP-02/exit-code)', () => {
      const doc = base();
      doc.commands.run.exit_codes = { '0': 'ok', ok: 'fine' };
      expect(validateCmdhelpDocument(doc).findings.map((f) => [f.id, f.path])).toEqual([
        ['CMDHELP-02/exit-code', '/commands/run/exit_codes'],
      ]);
      expect(validate(doc)).toBe(false);
    });
  });
});
