import { Ajv } from 'ajv';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInMemory } from '../../../src/fakes/engine/memory.js';
import { capabilities } from '../../../src/fakes/tools/notes/discovery.js';
import { argvOf, manifest } from '../../../src/fakes/tools/notes/exec.js';
import { notes } from '../../../src/fakes/tools/notes/index.js';
import { createAjv } from '../../../src/spec/ajv.js';
import dispatchSchema from '../../../src/spec/exec/dispatch-request.schema.json' with { type: 'json' };
import envelopeSchema from '../../../src/spec/exec/response-envelope.schema.json' with { type: 'json' };
import { execInMemory } from './support.js';

const upstream = fileURLToPath(new URL('../../upstream/cli-agent-spec/', import.meta.url));
const load = (name: string) => JSON.parse(readFileSync(join(upstream, name), 'utf8')) as object;
const draft07 = new Ajv({ allErrors: true, strict: false });
draft07.addSchema(load('exit-code-entry.json'), 'exit-code-entry.json');
const upstreamEnvelope = draft07.compile(load('response-envelope.json'));
const upstreamManifest = draft07.compile(load('manifest-response.json'));
const upstreamRequest = draft07.compile(load('dispatch-request.json'));
const kit = createAjv([]);
const kitEnvelope = kit.compile(envelopeSchema);
const kitRequest = kit.compile(dispatchSchema);

describe('notes exec (in memory)', () => {
  it('answers one envelope per line, _cmd and _line in meta, and exits 1 when a line failed (--ignore-errors)', async () => {
    const r = await execInMemory([{ _cmd: 'create', title: 'a' }, { _cmd: 'get', id: 'n_9' }, { _cmd: 'list' }], ['--ignore-errors']);
    expect(r.exitCode).toBe(1);
    expect(r.envelopes.map((e) => [e.meta._line, e.meta._cmd, e.ok])).toEqual([
      [1, 'create', true],
      [2, 'get', false],
      [3, 'list', true],
    ]);
    expect((r.envelopes[1]!.error as { code: string }).code).toBe('NOTE_NOT_FOUND');
  });

  it('stops after the first failed line without --ignore-errors', async () => {
    const r = await execInMemory([{ _cmd: 'get', id: 'n_9' }, { _cmd: 'list' }]);
    expect(r.exitCode).toBe(1);
    expect(r.envelopes).toHaveLength(1);
  });

  it('exits 0 when every line succeeded; blank lines are skipped but counted', async () => {
    const r = await execInMemory([{ _cmd: 'create', title: 'a' }, '', { _cmd: 'list' }]);
    expect(r.exitCode).toBe(0);
    expect(r.envelopes.map((e) => e.meta._line)).toEqual([1, 3]);
  });

  it('answers a malformed stream with DISPATCH_PARSE_ERROR and exit 2, dispatching nothing', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'aoi-exec-'));
    const r = await execInMemory([{ _cmd: 'create', title: 'a' }, '{"_cmd":', { _cmd: 'create', title: 'b' }], [], {}, stateDir);
    expect(r.exitCode).toBe(2);
    expect(r.envelopes).toHaveLength(1);
    expect(r.envelopes[0]).toMatchObject({ ok: false, error: { code: 'DISPATCH_PARSE_ERROR' }, meta: { _line: 2 } });
    const after = await execInMemory([{ _cmd: 'list' }], [], {}, stateDir);
    expect(after.envelopes[0]!.data).toEqual({ items: [] });
  });

  it('forwards --dry-run to mutating and destructive commands only (the state is unchanged)', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'aoi-exec-'));
    const r = await execInMemory([{ _cmd: 'create', title: 'a' }, { _cmd: 'list' }], ['--dry-run'], {}, stateDir);
    expect(r.exitCode).toBe(0);
    expect(r.envelopes[0]!.data).toEqual({ items: [{ type: 'aoi:plan', action: 'create', target: 'note', title: 'a' }] });
    expect(r.envelopes[1]!.data).toEqual({ items: [] });
  });

  it('maps payload and _opts to flags: true a bare flag, strings and numbers --flag=value, false nothing', () => {
    expect(argvOf({ _cmd: 'create', title: 'T', tags: ['x', 'y'], _opts: { 'dry-run': true, limit: 3, target: 'inbox', quiet: false } }, false)).toEqual([
      'create',
      '--title=T',
      '--tag=x',
      '--tag=y',
      '--dry-run',
      '--limit=3',
      '--target=inbox',
    ]);
    expect(argvOf({ _cmd: 'delete', ids: ['n_1', 'n_2'], confirm: true }, true)).toEqual(['delete', 'n_1', 'n_2', '--confirm', '--dry-run']);
  });

  it('refuses unknown and non-dispatchable commands per line (exit 1), never reads stdin for a dispatched command', async () => {
    const r = await execInMemory([{ _cmd: 'frobnicate' }, { _cmd: 'import', 'input-jsonl': '-' }, { _cmd: 'exec' }], ['--ignore-errors']);
    expect(r.exitCode).toBe(1);
    expect(r.envelopes.map((e) => (e.error as { code: string }).code)).toEqual(['UNKNOWN_COMMAND', 'NOT_DISPATCHABLE', 'NOT_DISPATCHABLE']);
  });

  it('reads the batch from --input-file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoi-exec-'));
    const file = join(dir, 'batch.jsonl');
    (await import('node:fs')).writeFileSync(file, '{"_cmd":"list"}\n{"_cmd":"doctor"}\n');
    const run = await runInMemory(notes, { argv: ['exec', '--input-file', file], stdin: 'open', timeoutMs: 3_000 });
    expect(run.exitCode).toBe(0);
    expect(Buffer.from(run.stdout).toString().trim().split('\n')).toHaveLength(2);
  });

  it('every envelope validates against upstream ResponseEnvelope (meta reading) and the kit’s schema', async () => {
    const r = await execInMemory([{ _cmd: 'create', title: 'a' }, { _cmd: 'get', id: 'n_9' }, '{oops'], ['--ignore-errors']);
    const ok = await execInMemory([{ _cmd: 'create', title: 'a' }, { _cmd: 'get', id: 'n_9' }, { _cmd: 'search', query: 'a' }], ['--ignore-errors']);
    for (const e of [...r.envelopes, ...ok.envelopes]) {
      expect(upstreamEnvelope(e), JSON.stringify(upstreamEnvelope.errors)).toBe(true);
      expect(kitEnvelope(e), JSON.stringify(kitEnvelope.errors)).toBe(true);
    }
  });

  it('top-level placement (AOI_TESTKIT_EXEC_ENVELOPE=top-level) passes the kit’s schema and fails upstream’s', async () => {
    const r = await execInMemory([{ _cmd: 'list' }], [], { AOI_TESTKIT_EXEC_ENVELOPE: 'top-level' });
    expect(r.envelopes[0]).toMatchObject({ _cmd: 'list', _line: 1 });
    expect(kitEnvelope(r.envelopes[0])).toBe(true);
    expect(upstreamEnvelope(r.envelopes[0])).toBe(false);
  });

  it('`manifest --output json` validates against upstream ManifestResponse and gives every command a danger_level', async () => {
    const run = await runInMemory(notes, { argv: ['manifest', '--output', 'json'] });
    const doc = JSON.parse(Buffer.from(run.stdout).toString()) as { commands: Record<string, { danger_level: string }> };
    expect(upstreamManifest(doc), JSON.stringify(upstreamManifest.errors)).toBe(true);
    expect(doc).toEqual(manifest());
    expect(doc.commands.delete!.danger_level).toBe('destructive');
    expect(doc.commands.create!.danger_level).toBe('mutating');
    expect(doc.commands.list!.danger_level).toBe('safe');
  });

  it('exec and manifest stay out of the AOI capabilities (the AOI linter must not probe them)', () => {
    const names = (capabilities() as { commands: { name: string }[] }).commands.map((c) => c.name);
    expect(names).not.toContain('exec');
    expect(names).not.toContain('manifest');
  });

  it('the kit’s dispatch-request schema agrees with upstream’s on valid and malformed requests', () => {
    const samples: unknown[] = [{ _cmd: 'list' }, { _cmd: 'account.create', name: 'x', _opts: { draft: true, n: 2.5, t: 'a' } }, { _cmd: 'Bad' }, { name: 'x' }, { _cmd: 'list', _opts: { x: null } }, { _cmd: 'list', _opts: [] }, [], 'x'];
    for (const s of samples) expect(kitRequest(s), JSON.stringify(s)).toBe(upstreamRequest(s));
  });

  it('upstream rejects an integer _opts value (its oneOf lists integer and number, both match); the kit accepts it, as the guide’s prose does', () => {
    const line = { _cmd: 'list', _opts: { limit: 1 } };
    expect(upstreamRequest(line)).toBe(false);
    expect(kitRequest(line)).toBe(true);
  });
});
