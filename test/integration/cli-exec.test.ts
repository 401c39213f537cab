/** The kit CLI's own `exec` (src/cli/exec.ts) passes the kit's exec checks with its plan (test/support/kit-exec-plan.ts). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkExec } from '../../src/lint/exec/index.js';
import { NOTES_EXEC_PLAN } from '../../src/fakes/aoi/notes/exec-plan.js';
import { bundleNotes } from './exec/notes-bin.js';
import { KIT_EXEC_PLAN } from '../support/kit-exec-plan.js';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';

/** Upstream's ManifestResponse (CLI Agent Spec, draft-07), vendored under test/upstream. */
const upstreamFile = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../upstream/cli-agent-spec/${name}`, import.meta.url), 'utf8'),
  ) as object;
const draft07 = new Ajv({ allErrors: true, strict: false });
draft07.addSchema(upstreamFile('exit-code-entry.json'), 'exit-code-entry.json');
const upstreamManifest = draft07.compile(upstreamFile('manifest-response.json'));

import { CLI, runKit } from '../support/kit-cli.js';
const TRANSCRIPTS = new URL('../../fixtures/transcripts/', import.meta.url).pathname;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const lines = (bytes: Uint8Array) =>
  text(bytes)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, any>);
const exec = (args: string[], stdin: string) => runKit(['exec', ...args], { stdin });
const jsonl = (...rows: object[]) => rows.map((r) => `${JSON.stringify(r)}\n`).join('');

const EXEC_MANIFEST = ['exec', 'manifest', '--output', 'json'];
const lint = (args: string[]) => runKit(['lint', ...args], { timeoutMs: 180_000 });
const checks = (bytes: Uint8Array) =>
  lines(bytes).filter((e) => e.type === 'aoi:check' && String(e.name).startsWith('EXEC-'));

describe('aoi-testkit exec', () => {
  test('checkExec with the kit’s plan: ok; EXEC-01 warns (the manifest is under exec); EXEC-08 skipped: no mutating command', async () => {
    const report = await checkExec(process.execPath, [CLI], {
      plan: KIT_EXEC_PLAN,
      manifestArgs: EXEC_MANIFEST,
    });
    expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
      ['EXEC-01/manifest-location', 'warning'],
    ]);
    expect(report.ok).toBe(true);
    const statuses = Object.fromEntries(report.verdicts.map((v) => [v.rule, v.status]));
    expect(statuses).toEqual({
      'EXEC-01': 'pass',
      'EXEC-02': 'pass',
      'EXEC-03': 'pass',
      'EXEC-04': 'pass',
      'EXEC-05': 'pass',
      'EXEC-06': 'pass',
      'EXEC-07': 'pass',
      'EXEC-08': 'skip',
      'EXEC-09': 'pass',
      'EXEC-10': 'pass',
      'EXEC-11': 'pass',
    });
    expect(report.verdicts.find((v) => v.rule === 'EXEC-08')?.reason).toBe(
      'the plan has no mutating line (aoi-testkit exec dispatches only read-only commands; fake, its one mutating command, owns the process and is not dispatchable), so nothing shows whether --dry-run reaches mutating and destructive commands; the manifest’s mutating and destructive commands: fake; only "a safe line runs as without --dry-run" was judged',
    );
  }, 180_000);

  test('lint -- aoi-testkit: exec detected under `exec manifest`, judged with a plan built from the manifest', async () => {
    const run = await lint(['--output', 'jsonl', '--', process.execPath, CLI]);
    expect(run.exitCode).toBe(0);
    const summary = lines(run.stdout).at(-1)!;
    expect(summary.specs.find((s: { spec: string }) => s.spec === 'exec')).toMatchObject({
      status: 'run',
      detected: true,
      reason:
        'exec manifest --output json lists exec (manifest --output json exited 64); no --exec-plan: a plan is built from its safe commands',
    });
    expect(
      checks(run.stdout).map(
        (c) => `${c.name} ${c.status}${c.severity === 'warning' ? ' warn' : ''}`,
      ),
    ).toEqual([
      'EXEC-01 pass warn',
      'EXEC-02 pass',
      'EXEC-03 pass',
      'EXEC-04 pass',
      'EXEC-05 pass',
      'EXEC-06 pass',
      'EXEC-07 pass',
      'EXEC-08 skip',
      'EXEC-09 skip',
      'EXEC-10 pass',
      'EXEC-11 pass',
    ]);
  }, 180_000);

  test('lint --spec exec --exec-plan: the kit’s plan; --exec-envelope meta passes, top-level fails EXEC-03/misplaced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoi-kit-exec-'));
    const plan = join(dir, 'plan.json');
    writeFileSync(plan, JSON.stringify(KIT_EXEC_PLAN));
    const meta = await lint([
      '--output',
      'jsonl',
      '--spec',
      'exec',
      '--exec-plan',
      plan,
      '--exec-envelope',
      'meta',
      '--',
      process.execPath,
      CLI,
    ]);
    expect(meta.exitCode).toBe(0);
    expect(
      checks(meta.stdout)
        .filter((c) => c.status !== 'pass')
        .map((c) => c.name),
    ).toEqual(['EXEC-08']);
    const top = await lint([
      '--output',
      'jsonl',
      '--spec',
      'exec',
      '--only',
      'EXEC-03',
      '--exec-plan',
      plan,
      '--exec-envelope',
      'top-level',
      '--exec-manifest',
      'exec manifest --output json',
      '--',
      process.execPath,
      CLI,
    ]);
    expect(top.exitCode).toBe(1);
    const [exec03] = checks(top.stdout);
    expect(exec03).toMatchObject({ name: 'EXEC-03', status: 'fail' });
    expect(exec03!.findings[0].id).toBe('EXEC-03/misplaced');
    const bad = await lint(['--exec-envelope', 'inside', '--', process.execPath, CLI]);
    expect(bad.exitCode).toBe(64);
    expect(text(bad.stderr)).toContain(
      '--exec-envelope must be meta, top-level or either, got "inside"',
    );
  }, 180_000);

  test('lint --exec-failure: notes stops at the first failure; one-in-one-out fails EXEC-05/stopped-silently, stops passes', async () => {
    const notes = await bundleNotes();
    const dir = mkdtempSync(join(tmpdir(), 'aoi-notes-exec-'));
    const plan = join(dir, 'plan.json');
    writeFileSync(plan, JSON.stringify(NOTES_EXEC_PLAN));
    const base = ['--output', 'jsonl', '--spec', 'exec', '--only', 'EXEC-05', '--exec-plan', plan];
    const strictReading = await lint([
      ...base,
      '--exec-failure',
      'one-in-one-out',
      '--',
      process.execPath,
      notes,
    ]);
    expect(strictReading.exitCode).toBe(1);
    const [exec05] = checks(strictReading.stdout);
    expect(exec05).toMatchObject({ name: 'EXEC-05', status: 'fail' });
    expect(exec05!.findings.map((f: { id: string }) => f.id)).toEqual(['EXEC-05/stopped-silently']);
    const stops = await lint([...base, '--exec-failure', 'stops', '--', process.execPath, notes]);
    expect(stops.exitCode).toBe(0);
    expect(checks(stops.stdout).map((c) => [c.name, c.status])).toEqual([['EXEC-05', 'pass']]);
    const bad = await lint(['--exec-failure', 'sometimes', '--', process.execPath, notes]);
    expect(bad.exitCode).toBe(64);
    expect(text(bad.stderr)).toContain(
      '--exec-failure must be stops, one-in-one-out or either, got "sometimes"',
    );
  }, 180_000);

  test('exec manifest: an upstream ManifestResponse of every command; flags of the dispatchable verbs are their payload keys', async () => {
    const run = await runKit(['exec', 'manifest', '--output', 'json']);
    expect(run.exitCode).toBe(0);
    const manifest = JSON.parse(text(run.stdout)) as {
      commands: Record<
        string,
        {
          description: string;
          danger_level: string;
          flags: Record<string, { type: string; enum_values?: string[] }>;
        }
      >;
    };
    expect(upstreamManifest(manifest) ? [] : upstreamManifest.errors).toEqual([]);
    const notDispatched = Object.entries(manifest.commands)
      .filter(([, c]) => c.description.includes('Not dispatched by exec'))
      .map(([n]) => n);
    expect(notDispatched.sort()).toEqual([
      'compat',
      'consumer',
      'contract',
      'exec',
      'fake',
      'lint',
      'merge-reports',
      'runner',
    ]);
    expect(
      Object.entries(manifest.commands)
        .filter(([, c]) => c.danger_level !== 'safe')
        .map(([n]) => n),
    ).toEqual(['fake']);
    expect(manifest.commands.check!.flags['exit-code']).toMatchObject({ type: 'integer' });
    expect(manifest.commands.check!.flags.events).toMatchObject({ type: 'array' });
    expect(manifest.commands.scenarios!.flags.kind).toMatchObject({
      type: 'enum',
      enum_values: expect.arrayContaining(['stream', 'lint']),
    });
    // A non-dispatchable verb is refused per line, as an unknown _cmd would be.
    const refused = await exec([], jsonl({ _cmd: 'lint' }));
    expect(refused.exitCode).toBe(1);
    // `aoi-testkit manifest` is still the AGENT-CLI.md validator.
    expect((await runKit(['manifest', '--output', 'json'])).exitCode).toBe(64);
  });

  test('payloads: check by file, stream or events with _opts; manifest by text; errors per line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoi-kit-exec-'));
    const stream = jsonl(...KIT_EXEC_PLAN.ok[0].events);
    writeFileSync(join(dir, 'run.jsonl'), stream);
    const run = await exec(
      ['--ignore-errors'],
      jsonl(
        { _cmd: 'check', file: join(dir, 'run.jsonl'), _opts: { 'exit-code': 0, strict: true } },
        { _cmd: 'check', stream, _opts: { 'exit-code': 3 } },
        { _cmd: 'check', file: join(dir, 'missing.jsonl') },
        { _cmd: 'check', stream, bogus: 1 },
        { _cmd: 'manifest', text: '# not a manifest\n' },
        { _cmd: 'lint' },
        { _cmd: 'nope' },
        { _cmd: 'scenarios', kind: 'stream', _opts: { output: 'text' } },
        // The flags' ranges are the table's, as on the command line.
        {
          _cmd: 'check',
          file: join(TRANSCRIPTS, 'bad-aoi-02-line-too-long.jsonl'),
          _opts: { 'exit-code': 0, 'max-line-bytes': 512 },
        },
        { _cmd: 'check', stream, _opts: { 'max-line-bytes': 63 } },
        { _cmd: 'check', stream, _opts: { 'exit-code': 256 } },
      ),
    );
    expect(run.exitCode).toBe(1);
    const out = lines(run.stdout);
    expect(out.map((e) => [e.meta._line, e.meta._cmd, e.ok, e.error?.code ?? null])).toEqual([
      [1, 'check', true, null],
      [2, 'check', false, 'NOT_CONFORMANT'],
      [3, 'check', false, 'FILE_NOT_FOUND'],
      [4, 'check', false, 'INVALID_ARGUMENT'],
      [5, 'manifest', false, 'NOT_VALID'],
      [6, 'lint', false, 'NOT_DISPATCHABLE'],
      [7, 'nope', false, 'UNKNOWN_COMMAND'],
      [8, 'scenarios', true, null],
      // line-too-long is a warning (the line bound is the kit's own): the run passes, the finding is reported.
      [9, 'check', true, null],
      [10, 'check', false, 'INVALID_ARGUMENT'],
      [11, 'check', false, 'INVALID_ARGUMENT'],
    ]);
    expect(
      out[8]!.data.checks.flatMap((c: { findings: { id: string }[] }) =>
        c.findings.map((f) => f.id),
      ),
    ).toEqual(['AOI-02/line-too-long']);
    expect(out[9]!.error.message).toBe(
      'check: max-line-bytes must be an integer from 64 to 1073741824, got 63',
    );
    expect(out[10]!.error.message).toBe(
      'check: exit-code must be an integer from 0 to 255, got 256',
    );
    expect(out[0]!.data).toMatchObject({ ok: true, stream: { lines: 2, events: 2 } });
    expect(out[1]!.data.checks.some((c: { status: string }) => c.status === 'fail')).toBe(true);
    expect(out[7]!.warnings).toEqual([
      'output is ignored inside exec: every line answers one JSON envelope',
    ]);
    expect(out[7]!.data.scenarios.every((s: { kind: string }) => s.kind === 'stream')).toBe(true);
  });

  test('a malformed line: DISPATCH_PARSE_ERROR, exit 2, nothing run', async () => {
    const run = await exec([], `${JSON.stringify({ _cmd: 'schema' })}\n{"_cmd": \n`);
    expect(run.exitCode).toBe(2);
    expect(lines(run.stdout)).toEqual([
      expect.objectContaining({
        ok: false,
        error: expect.objectContaining({ code: 'DISPATCH_PARSE_ERROR' }),
      }),
    ]);
    expect(text(run.stderr)).toContain('DISPATCH_PARSE_ERROR: input line 2');
  });
});
