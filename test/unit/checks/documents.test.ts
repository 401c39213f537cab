/**
 * Recorded discovery documents, judged offline by the rules the live lint applies to them: the kind read from the
 * file's name and content; the same sub-rules as the live judgement on the same bytes (the lint's on the reference
 * tool's faults, the fixture families' expected verdicts); an unknown aoi_version reported wherever it is read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import {
  checkDocument,
  detectDocumentKind,
  DocumentKindError,
  type DocumentKind,
} from '../../../src/checks/documents.js';
import { runInMemory } from '../../../src/fakes/aoi/engine/memory.js';
import { makeFault } from '../../../src/fakes/aoi/faults/index.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (...parts: string[]) => join(root, 'fixtures', ...parts);
const read = (path: string) => readFileSync(path, 'utf8');
const ids = (findings: readonly { id: string }[]) => [...new Set(findings.map((f) => f.id))].sort();

/** What notes prints for `argv`, with these faults (and environment). */
const printed = async (argv: string[], faults: string[] = [], env: Record<string, string> = {}) =>
  Buffer.from(
    (await runInMemory(notes, { argv, faults: faults.map((f) => makeFault(f)), env })).stdout,
  ).toString('utf8');

describe('detectDocumentKind', () => {
  it.each([
    ['capabilities', () => printed(['capabilities', '--output', 'json'])],
    ['schema', () => printed(['schema', '--output', 'json'])],
    ['exec-manifest', () => printed(['manifest', '--output', 'json'])],
    ['cmdhelp', () => read(fixture('cmdhelp', 'valid', 'helpdesk', 'cmdhelp.json'))],
    ['cmdhelp-capability', () => read(fixture('cmdhelp', 'valid', 'helpdesk', 'capabilities.txt'))],
    ['stream', () => printed(['search', 'x', '--output', 'jsonl'])],
  ] as const)('%s from its content', async (kind, text) => {
    expect(detectDocumentKind(await text())).toBe(kind);
  });

  it('APP.md and AGENT-CLI.md from their names, or from their frontmatter', () => {
    const app = read(fixture('apps', 'todo', 'APP.md'));
    const agent = read(fixture('manifests', 'agent-cli', 'valid', 'claude-code', 'AGENT-CLI.md'));
    expect(detectDocumentKind('', 'pkg/APP.md')).toBe('app');
    expect(detectDocumentKind('', 'x/agent-cli.md')).toBe('agent-cli');
    expect(detectDocumentKind(app)).toBe('app');
    expect(detectDocumentKind(agent)).toBe('agent-cli');
  });

  it('nothing to tell: undefined, and checkDocument asks for the kind', () => {
    for (const text of ['{}', '[1,2]', 'hello', '---\ntitle: x\n---\n'])
      expect(detectDocumentKind(text), text).toBeUndefined();
    expect(() => checkDocument('{}')).toThrow(DocumentKindError);
    expect(() => checkDocument('{"type":"aoi:meta"}\n')).toThrow(/a stream/);
    expect(() => checkDocument('{"contract":"1","tool":{}}')).toThrow(/a contract snapshot/);
  });
});

describe('the same rules as the live lint, on the same bytes', () => {
  const LINT = { ...REFERENCE_LINT_PLAN, canarySeed: 'documents', only: ['AOI-01'] };

  it.each([
    ['capabilities-invalid', ['capabilities', '--output', 'json']],
    ['schema-file-id', ['schema', '--output', 'json']],
    ['schema-invalid', ['schema', '--output', 'json']],
  ] as const)(
    'the fault %s: the lint and the document check name the same sub-rules',
    async (id, argv) => {
      const lint = await lintCli(inMemoryTarget(notes, { faults: [makeFault(id)] }), LINT);
      const command = argv[0];
      const live = lint.verdicts.find((v) => v.rule === 'AOI-01' && v.command === command)!;
      const offline = checkDocument(await printed([...argv], [id]));
      expect(ids(offline.findings)).toEqual(ids(live.findings));
      expect(ids(offline.findings).length).toBeGreaterThan(0);
    },
    60_000,
  );

  it('the clean tool: every document it prints passes', async () => {
    for (const argv of [
      ['capabilities', '--output', 'json'],
      ['schema', '--output', 'json'],
      ['schema', '--output', 'json', '--schema-version', '2'],
      ['manifest', '--output', 'json'],
    ]) {
      const report = checkDocument(await printed(argv));
      expect(report.findings, argv.join(' ')).toEqual([]);
      expect(report.ok).toBe(true);
    }
  });

  it('an exec manifest without danger levels (the exec fault broken-manifest): EXEC-01/manifest', async () => {
    const text = await printed(['manifest', '--output', 'json'], [], {
      AOI_TESTKIT_EXEC_FAULTS: 'broken-manifest',
    });
    const report = checkDocument(text);
    expect(report.kind).toBe('exec-manifest');
    expect(ids(report.findings)).toEqual(['EXEC-01/manifest']);
    expect(report.verdicts.map((v) => [v.rule, v.status])).toEqual([['EXEC-01', 'fail']]);
  });

  it('capabilities printed as JSONL: named as such, not just "not one JSON document"', () => {
    const report = checkDocument('{"tool":"t","commands":[]}\n{"tool":"t"}\n', {
      kind: 'capabilities',
    });
    expect(report.findings.map((f) => f.message)).toEqual([
      'capabilities: stdout is not one JSON document: line 1 is a whole JSON value and 1 more line(s) follow it (JSONL where one document is asked for)',
    ]);
  });
});

describe("the fixture families' expected verdicts, through checkDocument", () => {
  const cmdhelp = JSON.parse(read(fixture('cmdhelp', 'expected.json'))) as {
    fixtures: { path: string; findings: { id: string }[] }[];
  };
  const KIND: Record<string, DocumentKind> = {
    'cmdhelp.json': 'cmdhelp',
    'capabilities.txt': 'cmdhelp-capability',
  };
  it.each(
    cmdhelp.fixtures.filter((f) => !f.path.endsWith('help.md')).map((f) => [f.path, f] as const),
  )('fixtures/cmdhelp/%s', (path, { findings }) => {
    const kind = KIND[path.split('/').at(-1)!]!;
    expect(ids(checkDocument(read(fixture('cmdhelp', path)), { kind }).findings)).toEqual(
      ids(findings),
    );
  });

  const agentCli = JSON.parse(read(fixture('manifests', 'agent-cli', 'expected.json'))) as {
    fixtures: { path: string; findings: { id: string }[] }[];
  };
  it.each(agentCli.fixtures.map((f) => [f.path, f] as const))(
    'fixtures/manifests/agent-cli/%s',
    (path, { findings }) => {
      const file = fixture('manifests', 'agent-cli', path);
      expect(ids(checkDocument(read(file), { path: file }).findings)).toEqual(ids(findings));
    },
  );
});

describe('an aoi_version the kit does not know', () => {
  it('in meta: a warning of the stream checker ("9.9" passed before)', () => {
    const report = checkStream(
      '{"type":"aoi:meta","aoi_version":"9.9","schema_version":"1.0.0"}\n{"type":"aoi:summary","ok":true}\n',
      { exitCode: 0 },
    );
    expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
      ['AOI-13/unknown-aoi-version', 'warning'],
    ]);
    expect(report.ok).toBe(true);
  });

  it('in capabilities: a warning of the document check, an error under strict', () => {
    const text = '{"tool":"t","tool_version":"2.1.0","aoi_versions":["0.2","2.1.0"],"commands":[]}';
    expect(checkDocument(text).findings.map((f) => [f.id, f.severity])).toEqual([
      ['AOI-13/unknown-aoi-version', 'warning'],
    ]);
    expect(checkDocument(text, { strict: true }).ok).toBe(false);
  });
});
