import { Ajv } from 'ajv';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInMemory } from '../../../src/fakes/aoi/engine/memory.js';
import { capabilities } from '../../../src/fakes/aoi/notes/discovery.js';
import { argvOf, manifest } from '../../../src/fakes/aoi/notes/exec.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
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
    const r = await execInMemory(
      [{ _cmd: 'create', title: 'a' }, { _cmd: 'get', id: 'n_9' }, { _cmd: 'list' }],
      ['--ignore-errors'],
    );
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
    const r = await execInMemory(
      [{ _cmd: 'create', title: 'a' }, '{"_cmd":', { _cmd: 'create', title: 'b' }],
      [],
      {},
      stateDir,
    );
    expect(r.exitCode).toBe(2);
    expect(r.envelopes).toHaveLength(1);
    expect(r.envelopes[0]).toMatchObject({
      ok: false,
      error: { code: 'DISPATCH_PARSE_ERROR' },
      meta: { _line: 2 },
    });
    const after = await execInMemory([{ _cmd: 'list' }], [], {}, stateDir);
    expect(after.envelopes[0]!.data).toEqual({ items: [] });
  });

  it('forwards --dry-run to mutating and destructive commands only (the state is unchanged)', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'aoi-exec-'));
    const r = await execInMemory(
      [{ _cmd: 'create', title: 'a' }, { _cmd: 'list' }],
      ['--dry-run'],
      {},
      stateDir,
    );
    expect(r.exitCode).toBe(0);
    expect(r.envelopes[0]!.data).toEqual({
      items: [{ type: 'aoi:plan', action: 'create', target: 'note', title: 'a' }],
    });
    expect(r.envelopes[1]!.data).toEqual({ items: [] });
  });

  it('maps payload and _opts to flags: true a bare flag, strings and numbers --flag=value, false nothing', () => {
    expect(
      argvOf(
        {
          _cmd: 'create',
          title: 'T',
          tags: ['x', 'y'],
          _opts: { 'dry-run': true, limit: 3, target: 'inbox', quiet: false },
        },
        false,
      ),
    ).toEqual([
      'create',
      '--title=T',
      '--tag=x',
      '--tag=y',
      '--dry-run',
      '--limit=3',
      '--target=inbox',
    ]);
    expect(argvOf({ _cmd: 'delete', ids: ['n_1', 'n_2'], confirm: true }, true)).toEqual([
      'delete',
      'n_1',
      'n_2',
      '--confirm',
      '--dry-run',
    ]);
  });

  it('refuses unknown and non-dispatchable commands per line (exit 1), never reads stdin for a dispatched command', async () => {
    const r = await execInMemory(
      [{ _cmd: 'frobnicate' }, { _cmd: 'import', 'input-jsonl': '-' }, { _cmd: 'exec' }],
      ['--ignore-errors'],
    );
    expect(r.exitCode).toBe(1);
    expect(r.envelopes.map((e) => (e.error as { code: string }).code)).toEqual([
      'UNKNOWN_COMMAND',
      'NOT_DISPATCHABLE',
      'NOT_DISPATCHABLE',
    ]);
  });

  it('reads the batch from --input-file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoi-exec-'));
    const file = join(dir, 'batch.jsonl');
    (await import('node:fs')).writeFileSync(file, '{"_cmd":"list"}\n{"_cmd":"doctor"}\n');
    const run = await runInMemory(notes, {
      argv: ['exec', '--input-file', file],
      stdin: 'open',
      timeoutMs: 3_000,
    });
    expect(run.exitCode).toBe(0);
    expect(Buffer.from(run.stdout).toString().trim().split('\n')).toHaveLength(2);
  });

  it('every envelope validates against upstream ResponseEnvelope (meta reading) and the kit’s schema', async () => {
    const r = await execInMemory(
      [{ _cmd: 'create', title: 'a' }, { _cmd: 'get', id: 'n_9' }, '{oops'],
      ['--ignore-errors'],
    );
    const ok = await execInMemory(
      [
        { _cmd: 'create', title: 'a' },
        { _cmd: 'get', id: 'n_9' },
        { _cmd: 'search', query: 'a' },
      ],
      ['--ignore-errors'],
    );
    for (const e of [...r.envelopes, ...ok.envelopes]) {
      expect(upstreamEnvelope(e), JSON.stringify(upstreamEnvelope.errors)).toBe(true);
      expect(kitEnvelope(e), JSON.stringify(kitEnvelope.errors)).toBe(true);
    }
  });

  it('top-level placement (AOI_TESTKIT_EXEC_ENVELOPE=top-level) passes the kit’s schema and fails upstream’s', async () => {
    const r = await execInMemory([{ _cmd: 'list' }], [], {
      AOI_TESTKIT_EXEC_ENVELOPE: 'top-level',
    });
    expect(r.envelopes[0]).toMatchObject({ _cmd: 'list', _line: 1 });
    expect(kitEnvelope(r.envelopes[0])).toBe(true);
    expect(upstreamEnvelope(r.envelopes[0])).toBe(false);
  });

  it('`manifest --output json` validates against upstream ManifestResponse and gives every command a danger_level', async () => {
    const run = await runInMemory(notes, { argv: ['manifest', '--output', 'json'] });
    const doc = JSON.parse(Buffer.from(run.stdout).toString()) as {
      commands: Record<string, { danger_level: string }>;
    };
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
    const samples: unknown[] = [
      { _cmd: 'list' },
      { _cmd: 'account.create', name: 'x', _opts: { draft: true, n: 2.5, t: 'a' } },
      { _cmd: 'Bad' },
      { name: 'x' },
      { _cmd: 'list', _opts: { x: null } },
      { _cmd: 'list', _opts: [] },
      [],
      'x',
    ];
    for (const s of samples) expect(kitRequest(s), JSON.stringify(s)).toBe(upstreamRequest(s));
  });

  it('upstream rejects an integer _opts value (its oneOf lists integer and number, both match); the kit accepts it, as the guide’s prose does', () => {
    const line = { _cmd: 'list', _opts: { limit: 1 } };
    expect(upstreamRequest(line)).toBe(false);
    expect(kitRequest(line)).toBe(true);
  });
});

describe('notes exec faults (in memory), each against the clean tool', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'aoi-exec-'));
  const faults = (id: string) => ({ AOI_TESTKIT_EXEC_FAULTS: id });

  it('read-only commands refuse --dry-run (what makes dry-run-to-safe visible); mutating ones plan', async () => {
    const list = await runInMemory(notes, { argv: ['list', '--dry-run', '--output', 'jsonl'] });
    expect(list.exitCode).toBe(64);
    expect(Buffer.from(list.stdout).toString()).toContain('"code":"USAGE_ERROR"');
    expect(Buffer.from(list.stderr).toString()).toContain(
      'list is read-only: it takes no --dry-run',
    );
    expect(
      (
        await runInMemory(notes, {
          argv: ['create', '--title', 'x', '--dry-run', '--output', 'jsonl'],
        })
      ).exitCode,
    ).toBe(0);
  });

  it('dry-run-to-safe: under exec --dry-run the read-only line fails; clean, it answers as without --dry-run', async () => {
    const batch = [{ _cmd: 'create', title: 'a' }, { _cmd: 'list' }];
    const clean = await execInMemory(batch, ['--dry-run', '--ignore-errors']);
    const plain = await execInMemory([{ _cmd: 'list' }]);
    expect(clean.envelopes[1]!.ok).toBe(true);
    expect(clean.envelopes[1]!.data).toEqual(plain.envelopes[0]!.data);
    const faulty = await execInMemory(
      batch,
      ['--dry-run', '--ignore-errors'],
      faults('dry-run-to-safe'),
    );
    expect(faulty.envelopes[0]!.ok).toBe(true);
    expect(faulty.envelopes[1]).toMatchObject({ ok: false, error: { code: 'USAGE_ERROR' } });
  });

  it('input-file-ignored: the batch comes from stdin, not the file', async () => {
    const file = join(fresh(), 'batch.jsonl');
    (await import('node:fs')).writeFileSync(file, '{"_cmd":"list"}\n{"_cmd":"doctor"}\n');
    const argv = ['exec', '--input-file', file];
    const clean = await runInMemory(notes, { argv, stdin: '{"_cmd":"list"}\n' });
    const faulty = await runInMemory(notes, {
      argv,
      stdin: '{"_cmd":"list"}\n',
      env: faults('input-file-ignored'),
    });
    expect(Buffer.from(clean.stdout).toString().trim().split('\n')).toHaveLength(2);
    expect(Buffer.from(faulty.stdout).toString().trim().split('\n')).toHaveLength(1);
  });

  it('dispatches-before-parsing: same output as the clean tool on a malformed batch, but line 1 ran', async () => {
    const batch = [{ _cmd: 'create', title: 'a' }, '{"_cmd":', { _cmd: 'create', title: 'b' }];
    for (const [env, notesAfter] of [
      [{}, 0],
      [faults('dispatches-before-parsing'), 1],
    ] as const) {
      const stateDir = fresh();
      const r = await execInMemory(batch, [], env, stateDir);
      expect(r.exitCode).toBe(2);
      expect(r.envelopes.map((e) => (e.error as { code: string }).code)).toEqual([
        'DISPATCH_PARSE_ERROR',
      ]);
      const after = await execInMemory([{ _cmd: 'list' }], [], {}, stateDir);
      expect((after.envelopes[0]!.data as { items: unknown[] }).items).toHaveLength(notesAfter);
    }
    // A well-formed batch runs as on the clean tool, stop after a failure included.
    const ok = [{ _cmd: 'create', title: 'a' }, { _cmd: 'get', id: 'n_9' }, { _cmd: 'list' }];
    const clean = await execInMemory(ok);
    const faulty = await execInMemory(ok, [], faults('dispatches-before-parsing'));
    expect(faulty.exitCode).toBe(clean.exitCode);
    expect(faulty.envelopes.map((e) => [e.meta._line, e.ok])).toEqual(
      clean.envelopes.map((e) => [e.meta._line, e.ok]),
    );
  });

  it('broken-manifest: every command without a danger_level; no-exec: exec is an unknown command', async () => {
    const m = await runInMemory(notes, {
      argv: ['manifest', '--output', 'json'],
      env: faults('broken-manifest'),
    });
    const { commands } = JSON.parse(Buffer.from(m.stdout).toString()) as {
      commands: Record<string, object>;
    };
    expect(Object.keys(commands)).toContain('exec');
    expect(Object.values(commands).some((c) => 'danger_level' in c)).toBe(false);
    const r = await execInMemory([{ _cmd: 'list' }], [], faults('no-exec'));
    expect(r.exitCode).toBe(64);
    expect(r.envelopes).toEqual([]);
    expect(r.stderr).toContain('unknown command "exec"');
  });

  it('deadlock acts only in a notes process: in memory the batch is answered', async () => {
    const r = await execInMemory([{ _cmd: 'list' }, { _cmd: 'doctor' }], [], faults('deadlock'));
    expect(r.exitCode).toBe(0);
    expect(r.envelopes).toHaveLength(2);
  });
});
