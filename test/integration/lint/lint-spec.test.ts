/**
 * `aoi-testkit lint --spec cmdhelp|exec|app|aoi|all` and detection, on the reference fakes as real processes:
 * notes (AOI + exec), helpdesk (cmdhelp), fixtures/apps/todo and its broken variants (Agent Applications).
 */
import { build } from 'esbuild';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { AOI_RULES } from '../../../src/spec/aoi/rules.js';
import { APP_RULES } from '../../../src/spec/app/rules.js';
import { NOTES_EXEC_PLAN } from '../../../src/fakes/aoi/notes/exec-plan.js';
import { runCli } from '../../../src/run/run-cli.js';
import { jsonlEvents as events, utf8 as text } from '../../support/kit-cli.js';
import { buildHelpdesk } from '../cmdhelp/setup.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const NOTES = join(root, 'fixtures/bin/notes');
const TODO = join(root, 'fixtures/apps/todo');

let work = '';
let cli = '';
let helpdesk: string[] = [];
let planFile = '';

/** Today's src/cli/main.ts as one ESM file (dist/ may be older than the source); packages resolve through a node_modules link. */
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'aoi-lint-spec-'));
  cli = join(work, 'main.mjs');
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
  await build({
    entryPoints: [join(root, 'src/cli/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: cli,
    packages: 'external',
    logLevel: 'silent',
    absWorkingDir: root,
    plugins: [
      {
        // A verb module someone is still writing (a dynamic import of ./<verb>.js in src/cli/main.ts) must not stop
        // the lint verb from being tested; only such imports are stubbed, and the stub throws if the verb is run.
        // Any other missing module still fails the build.
        name: 'missing-verb',
        setup(b) {
          const mainFile = join(root, 'src/cli/main.ts');
          b.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (a) => {
            if (a.kind !== 'dynamic-import' || a.importer !== mainFile) return undefined;
            const p = resolve(a.resolveDir, a.path);
            return existsSync(p.replace(/\.js$/, '.ts'))
              ? undefined
              : { path: p, namespace: 'missing-verb' };
          });
          b.onLoad({ filter: /.*/, namespace: 'missing-verb' }, (a) => ({
            contents: `throw new Error(${JSON.stringify(`verb module ${a.path} is missing`)});`,
          }));
        },
      },
    ],
  });
  helpdesk = existsSync(join(root, 'dist/bin/helpdesk.js'))
    ? [join(root, 'fixtures/bin/helpdesk')]
    : [buildHelpdesk()];
  planFile = join(work, 'exec-plan.json');
  writeFileSync(planFile, JSON.stringify(NOTES_EXEC_PLAN));
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const lint = (args: string[], env: Record<string, string> = {}) =>
  runCli(process.execPath, [cli, 'lint', ...args], { timeoutMs: 290_000, cwd: work, env });
const checks = (stdout: Uint8Array) => events(stdout).filter((e) => e.type === 'aoi:check');
const summary = (stdout: Uint8Array) =>
  events(stdout).at(-1) as {
    type: string;
    ok: boolean;
    specs: { spec: string; status: string; by: string; detected?: boolean; reason: string }[];
  };
const statusOf = (stdout: Uint8Array) =>
  Object.fromEntries(summary(stdout).specs.map((s) => [s.spec, s.status]));

describe.concurrent('aoi-testkit lint --spec', () => {
  test('notes, no --spec: AOI and exec detected (exec with a plan built from the manifest), cmdhelp and app not', async () => {
    const run = await lint(['--output', 'jsonl', '--', process.execPath, NOTES]);
    expect(text(run.stderr)).toBe('');
    expect(run.exitCode).toBe(0);
    expect(checkStream(run.stdout, { exitCode: 0, strict: true }).ok).toBe(true);
    const specs = summary(run.stdout).specs;
    expect(specs.map((s) => [s.spec, s.detected, s.status])).toEqual([
      ['aoi', true, 'run'],
      ['cmdhelp', false, 'not_run'],
      ['exec', true, 'run'],
      ['app', false, 'not_run'],
    ]);
    expect(specs[0]!.reason).toMatch(/§17 manifest/);
    expect(specs[2]!.reason).toBe(
      'manifest --output json lists exec; no --exec-plan: a plan is built from its safe commands',
    );
    const names = checks(run.stdout).map((c) => c.name as string);
    expect(new Set(names.map((n) => n.split('-')[0]))).toEqual(new Set(['AOI', 'EXEC']));
    // No mutating and no _opts line in a plan built from safe commands: EXEC-08 and EXEC-09 are skipped.
    expect(
      checks(run.stdout)
        .filter((c) => (c.name as string).startsWith('EXEC-'))
        .map((c) => c.status),
    ).toEqual([
      'pass',
      'pass',
      'pass',
      'pass',
      'pass',
      'pass',
      'pass',
      'skip',
      'skip',
      'pass',
      'pass',
    ]);
  }, 300_000);

  test('notes, --exec-plan: exec is detected and judged; --spec exec runs only EXEC-01…11, all passing', async () => {
    const run = await lint([
      '--output',
      'jsonl',
      '--spec',
      'exec',
      '--exec-plan',
      planFile,
      '--',
      process.execPath,
      NOTES,
    ]);
    expect(run.exitCode).toBe(0);
    expect(checkStream(run.stdout, { exitCode: 0, strict: true }).ok).toBe(true);
    expect(checks(run.stdout).map((c) => `${c.name} ${c.status}`)).toEqual(
      Array.from({ length: 11 }, (_, i) => `EXEC-${String(i + 1).padStart(2, '0')} pass`),
    );
    expect(statusOf(run.stdout)).toEqual({
      aoi: 'not_run',
      cmdhelp: 'not_run',
      exec: 'run',
      app: 'not_run',
    });
  }, 300_000);

  test('helpdesk, no --spec: cmdhelp detected and judged; text names the spec of every row', async () => {
    const run = await lint(['--no-color', '--', process.execPath, ...helpdesk]);
    expect(run.exitCode).toBe(0);
    const out = text(run.stdout);
    expect(out).toMatch(
      /^ {2}cmdhelp +detected: help --capabilities prints "cmdhelp\/0\.1: text, md, json, llm"$/m,
    );
    expect(out).toMatch(/^ {2}aoi +not detected: capabilities --output json/m);
    expect(out).toMatch(/^ {2}exec +not detected/m);
    for (let n = 1; n <= 8; n++)
      expect(out).toMatch(new RegExp(`^ {2}cmdhelp +CMDHELP-0${n} +ok `, 'm'));
    expect(out).not.toMatch(/AOI-\d\d/);
  }, 300_000);

  test('helpdesk with a fault: the rule fails as an aoi:check named CMDHELP-07, exit 1, the stream passes strict', async () => {
    const run = await lint(
      ['--output', 'jsonl', '--spec', 'cmdhelp', '--', process.execPath, ...helpdesk],
      { AOI_TESTKIT_CMDHELP_FAULTS: 'drifted-examples' },
    );
    expect(run.exitCode).toBe(1);
    expect(checkStream(run.stdout, { exitCode: 1, strict: true }).ok).toBe(true);
    const failed = checks(run.stdout).filter((c) => c.status === 'fail');
    expect(failed.map((c) => c.name)).toEqual(['CMDHELP-07']);
    expect(failed[0]).toMatchObject({
      severity: 'error',
      ok: false,
      docs: 'docs/rules/CMDHELP-07.md',
      findings: expect.arrayContaining([
        expect.objectContaining({ id: 'CMDHELP-07/unknown-flag' }),
      ]),
    });
    expect(summary(run.stdout)).toMatchObject({ ok: false });
  }, 300_000);

  test('todo app: --app-dir alone (no program) judges APP-nn, every rule exercised and passing; detected from the program’s package too', async () => {
    const run = await lint(['--output', 'jsonl', '--app-dir', TODO]);
    expect(run.exitCode).toBe(0);
    expect(checkStream(run.stdout, { exitCode: 0, strict: true }).ok).toBe(true);
    // The probes are read from APP.md (a documented add, then list): nothing skipped, nothing not_applicable.
    expect(checks(run.stdout).map((c) => `${c.name} ${c.status}`)).toEqual(
      APP_RULES.map((r) => `${r.id} pass`),
    );

    const viaProgram = await lint(['--no-color', '--', process.execPath, join(TODO, 'app/cli.js')]);
    expect(viaProgram.exitCode).toBe(0);
    expect(text(viaProgram.stdout)).toMatch(
      new RegExp(
        `^ {2}app +detected: APP\\.md in ${TODO.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
        'm',
      ),
    );
    expect(text(viaProgram.stdout)).toMatch(/^ {2}app +APP-01 +ok /m);
  }, 300_000);

  test('--spec cmdhelp,exec --spec app with --only: one rule of each spec, CMDHELP-01 fails on notes', async () => {
    const run = await lint([
      '--output',
      'jsonl',
      '--spec',
      'cmdhelp,exec',
      '--spec',
      'app',
      '--only',
      'CMDHELP-01',
      '--only',
      'EXEC-01',
      '--app-dir',
      TODO,
      '--only',
      'APP-01',
      '--exec-plan',
      planFile,
      '--',
      process.execPath,
      NOTES,
    ]);
    // notes has no capability line: CMDHELP-01 fails; EXEC-01 and APP-01 pass.
    expect(run.exitCode).toBe(1);
    expect(checkStream(run.stdout, { exitCode: 1, strict: true }).ok).toBe(true);
    expect(checks(run.stdout).map((c) => `${c.name} ${c.status}`)).toEqual([
      'CMDHELP-01 fail',
      'EXEC-01 pass',
      'APP-01 pass',
    ]);
  }, 300_000);

  test.each([
    ['app-14--unstable-ids', 'APP-14', 'APP-14/unstable-ids'],
    ['app-11--exit-zero-on-failure', 'APP-11', 'APP-11/exit-zero-on-failure'],
    ['app-10--human-sticky', 'APP-10', 'APP-10/human-sticky'],
  ])(
    'broken/%s fails through the CLI with its probes read from APP.md: %s, exit 1',
    async (name, rule, subRule) => {
      const run = await lint([
        '--output',
        'jsonl',
        '--app-dir',
        join(root, 'fixtures/apps/broken', name),
      ]);
      expect(run.exitCode).toBe(1);
      expect(checkStream(run.stdout, { exitCode: 1, strict: true }).ok).toBe(true);
      const failed = checks(run.stdout).filter((c) => c.status === 'fail');
      expect(failed.map((c) => c.name)).toEqual([rule]);
      expect(failed[0]).toMatchObject({ findings: [expect.objectContaining({ id: subRule })] });
    },
    300_000,
  );

  test('broken/app-13--state-changed: its confirmation probes read from APP.md, a warning (the contract puts that duty on the runtime), exit 0', async () => {
    const run = await lint([
      '--output',
      'jsonl',
      '--app-dir',
      join(root, 'fixtures/apps/broken/app-13--state-changed'),
    ]);
    expect(run.exitCode).toBe(0);
    expect(checkStream(run.stdout, { exitCode: 0, strict: true }).ok).toBe(true);
    const warned = checks(run.stdout).filter(
      (c) => ((c.findings as unknown[] | undefined) ?? []).length > 0,
    );
    expect(warned).toEqual([
      expect.objectContaining({
        name: 'APP-13',
        status: 'pass',
        severity: 'warning',
        findings: [expect.objectContaining({ id: 'APP-13/state-changed', severity: 'warning' })],
      }),
    ]);
  }, 300_000);

  test('--app-setup and --app-read replace the derived probes; a setup that creates nothing leaves APP-14 not_applicable, with the reason', async () => {
    const given = await lint([
      '--output',
      'jsonl',
      '--app-dir',
      TODO,
      '--app-setup',
      'add "Via the flag" --due-at 2026-05-01',
      '--app-setup',
      'add Second',
      '--app-read',
      'list --status open',
    ]);
    expect(given.exitCode).toBe(0);
    expect(checks(given.stdout).map((c) => `${c.name} ${c.status}`)).toEqual(
      APP_RULES.map((r) => `${r.id} pass`),
    );

    // Each flag takes effect: a setup that creates nothing, or a read that shows none of what was created.
    const nothing = await lint(['--no-color', '--app-dir', TODO, '--app-setup', 'list']);
    expect(nothing.exitCode).toBe(0);
    expect(text(nothing.stdout)).toMatch(
      /^ {2}app +APP-14 +- +two runs of `list` returned no entity ids to compare; give a setup invocation that creates one/m,
    );
    const done = await lint(['--no-color', '--app-dir', TODO, '--app-read', 'list --status done']);
    expect(done.exitCode).toBe(0);
    expect(text(done.stdout)).toMatch(
      /^ {2}app +APP-14 +- +two runs of `list --status done` returned no entity ids to compare/m,
    );

    const bad = await lint(['--app-dir', TODO, '--app-setup', 'add "unterminated']);
    expect(bad.exitCode).toBe(64);
    expect(text(bad.stderr)).toMatch(/unterminated "/);
  }, 300_000);

  test('--app-human "" probes no human-output switch: the sticky one goes unseen; the documented one is found again when named', async () => {
    const sticky = join(root, 'fixtures/apps/broken/app-10--human-sticky');
    const none = await lint(['--output', 'jsonl', '--app-dir', sticky, '--app-human', '']);
    expect(none.exitCode).toBe(0);
    const named = await lint(['--output', 'jsonl', '--app-dir', sticky, '--app-human=--human']);
    expect(named.exitCode).toBe(1);
    expect(
      checks(named.stdout)
        .filter((c) => c.status === 'fail')
        .map((c) => c.name),
    ).toEqual(['APP-10']);
  }, 300_000);

  test('--spec aoi judges only AOI-01…13, even on a tool that offers exec', async () => {
    const run = await lint([
      '--output',
      'jsonl',
      '--spec',
      'aoi',
      '--exec-plan',
      planFile,
      '--',
      process.execPath,
      NOTES,
    ]);
    expect(run.exitCode).toBe(0);
    expect(checkStream(run.stdout, { exitCode: 0, strict: true }).ok).toBe(true);
    expect(statusOf(run.stdout)).toEqual({
      aoi: 'run',
      cmdhelp: 'not_run',
      exec: 'not_run',
      app: 'not_run',
    });
    const names = new Set(checks(run.stdout).map((c) => c.name as string));
    expect([...names].sort()).toEqual(AOI_RULES.map((r) => r.id));
    expect(summary(run.stdout).specs[0]).toMatchObject({ by: 'spec', reason: '--spec aoi' });
  }, 300_000);

  test('--spec all runs every spec: AOI, exec and app pass on notes and the todo app, cmdhelp fails (notes has no cmdhelp)', async () => {
    const run = await lint([
      '--output',
      'jsonl',
      '--spec',
      'all',
      '--exec-plan',
      planFile,
      '--app-dir',
      TODO,
      '--',
      process.execPath,
      NOTES,
    ]);
    expect(run.exitCode).toBe(1);
    expect(checkStream(run.stdout, { exitCode: 1, strict: true }).ok).toBe(true);
    expect(statusOf(run.stdout)).toEqual({ aoi: 'run', cmdhelp: 'run', exec: 'run', app: 'run' });
    expect(summary(run.stdout).specs.every((s) => s.by === 'spec')).toBe(true);
    const all = checks(run.stdout);
    expect(new Set(all.map((c) => (c.name as string).split('-')[0]))).toEqual(
      new Set(['AOI', 'CMDHELP', 'EXEC', 'APP']),
    );
    const failed = [
      ...new Set(all.filter((c) => c.status === 'fail').map((c) => c.name as string)),
    ];
    // notes has no capability line, and its help ignores --format json (it prints its text help).
    expect(failed).toEqual(['CMDHELP-01', 'CMDHELP-02']);
    expect(all.find((c) => c.name === 'CMDHELP-01')).toMatchObject({
      findings: [expect.objectContaining({ id: 'CMDHELP-01/missing' })],
    });
    expect(all.find((c) => c.name === 'CMDHELP-02')).toMatchObject({
      findings: [expect.objectContaining({ id: 'CMDHELP-02/not-json' })],
    });
    for (const prefix of ['EXEC-', 'APP-'])
      expect(
        all.filter((c) => (c.name as string).startsWith(prefix)).every((c) => c.status === 'pass'),
        prefix,
      ).toBe(true);
  }, 180_000);

  test.each([
    [['--spec', 'bogus', '--', 'x'], 64, /--spec must be cmdhelp, exec, app, aoi or all/],
    [
      ['--spec', 'app', '--', process.execPath, '-e', '0'],
      64,
      /--spec app needs an application package/,
    ],
    [['--spec', 'cmdhelp', '--app-dir', TODO], 64, /needs the program after --/],
    [['--exec-plan', '/no/such/plan.json', '--', 'x'], 66, /cannot read --exec-plan/],
    [
      ['--app-dir', '/no/such/dir', '--', 'x'],
      66,
      /--app-dir \/no\/such\/dir: no such file or directory/,
    ],
  ] as const)('usage and input errors: %j → exit %i', async (args, exitCode, message) => {
    const run = await lint([...args]);
    expect(run.exitCode).toBe(exitCode);
    expect(text(run.stderr)).toMatch(message);
  });
});
