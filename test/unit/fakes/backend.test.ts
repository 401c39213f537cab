import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { runInMemory, type FakeRun } from '../../../src/fakes/aoi/engine/memory.js';
import { BackendConfigProblem, parseBackendConfig } from '../../../src/fakes/aoi/notes/backend.js';
import { capabilities, HELP } from '../../../src/fakes/aoi/notes/discovery.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';

const TOKEN = 'ntk_canary_7f3a9c2e41d8b6';
const originalFetch = globalThis.fetch;

let stateDir: string;
beforeEach(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'notes-sync-'));
});
afterEach(() => {
  // Every sync released the process's one msw server: fetch is the real one again.
  expect(globalThis.fetch).toBe(originalFetch);
});

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const events = (r: FakeRun) =>
  text(r.stdout)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const ofType = (r: FakeRun, type: string) => events(r).filter((e) => e.type === type);
const stateFile = (dir = stateDir) => join(dir, 'notes.json');

function sync(
  backend: object | string | undefined,
  extra: string[] = [],
  env: Record<string, string> = {},
  dir = stateDir,
) {
  const NOTES_BACKEND =
    backend === undefined
      ? undefined
      : typeof backend === 'string'
        ? backend
        : JSON.stringify(backend);
  return runInMemory(notes, {
    argv: ['sync', ...extra, '--output', 'jsonl'],
    env: { NOTES_BACKEND, ...env },
    stateDir: dir,
    stdin: 'open',
  });
}

/** The stream is flawless for its exit status, even strict: meta first, summary last. */
function expectConformant(r: FakeRun) {
  const report = checkStream(r.stdout, {
    exitCode: r.exitCode,
    signal: r.signal,
    strict: true,
    secrets: [TOKEN],
  });
  expect(report.findings.map((f) => `${f.id}: ${f.message}`)).toEqual([]);
  const all = events(r);
  expect(all[0]).toMatchObject({ type: 'aoi:meta', command: 'sync', direction: 'pull' });
  expect(all.at(-1)?.type).toBe('aoi:summary');
  expect(all.filter((e) => e.type === 'aoi:summary')).toHaveLength(1);
}

describe('notes sync against the msw backend (in memory)', () => {
  test('the default backend: two created notes with stable ids; a second sync creates none', async () => {
    const first = await sync(undefined);
    expect(first.exitCode).toBe(0);
    expectConformant(first);
    expect(ofType(first, 'created')).toEqual([
      { type: 'created', id: 'n_0001' },
      { type: 'created', id: 'n_0002' },
    ]);
    expect(events(first).at(-1)).toMatchObject({ ok: true, count: 2, error_count: 0 });

    const second = await sync(undefined);
    expect(second.exitCode).toBe(0);
    expectConformant(second);
    expect(ofType(second, 'created')).toEqual([]);
    expect(events(second).at(-1)).toMatchObject({ ok: true, count: 0 });

    const list = await runInMemory(notes, { argv: ['list', '--output', 'jsonl'], stateDir });
    expect(ofType(list, 'entry').map((e) => [e.id, e.title])).toEqual([
      ['n_0001', 'Welcome'],
      ['n_0002', 'Shopping'],
    ]);
  });

  test('the scenario chooses the notes; ids continue after existing ones, duplicates are created once', async () => {
    expect(
      (
        await runInMemory(notes, {
          argv: ['create', '--title', 'Local', '--output', 'jsonl'],
          stateDir,
        })
      ).exitCode,
    ).toBe(0);
    const run = await sync({
      notes: [
        { title: 'A', body: 'a' },
        { title: 'B' },
        { title: 'A', body: 'a' },
        { title: 'Local' },
      ],
    });
    expect(run.exitCode).toBe(0);
    expectConformant(run);
    expect(ofType(run, 'created').map((e) => e.id)).toEqual(['n_0002', 'n_0003']);
  });

  test('--dry-run plans the creations and writes nothing', async () => {
    const dry = await sync(undefined, ['--dry-run']);
    expect(dry.exitCode).toBe(0);
    expectConformant(dry);
    expect(ofType(dry, 'aoi:plan')).toEqual([
      { type: 'aoi:plan', action: 'create', target: 'note', title: 'Welcome' },
      { type: 'aoi:plan', action: 'create', target: 'note', title: 'Shopping' },
    ]);
    expect(ofType(dry, 'created')).toEqual([]);
    expect(existsSync(stateFile())).toBe(false);

    await sync(undefined);
    const before = readFileSync(stateFile(), 'utf8');
    const dryAgain = await sync({ notes: [{ title: 'New one' }] }, ['--dry-run']);
    expect(ofType(dryAgain, 'aoi:plan')).toHaveLength(1);
    expect(readFileSync(stateFile(), 'utf8')).toBe(before);
  });

  const FAILURES = [
    {
      name: '401 (token required, none given)',
      backend: { requireToken: true },
      env: {},
      category: 'authn',
      code: 'BACKEND_UNAUTHENTICATED',
      retryable: false,
      exit: 77,
    },
    {
      name: '401 (token refused)',
      backend: { status: 401 },
      env: { NOTES_API_TOKEN: TOKEN },
      category: 'authn',
      code: 'BACKEND_UNAUTHENTICATED',
      retryable: false,
      exit: 77,
    },
    {
      name: '403',
      backend: { status: 403 },
      env: { NOTES_API_TOKEN: TOKEN },
      category: 'authz',
      code: 'BACKEND_FORBIDDEN',
      retryable: false,
      exit: 77,
    },
    {
      name: '429',
      backend: { status: 429, retryAfterSeconds: 2 },
      env: {},
      category: 'rate_limited',
      code: 'BACKEND_RATE_LIMITED',
      retryable: true,
      exit: 75,
    },
    {
      name: '503',
      backend: { status: 503 },
      env: {},
      category: 'temporary',
      code: 'BACKEND_UNAVAILABLE',
      retryable: true,
      exit: 75,
    },
    {
      name: 'a body that is not JSON',
      backend: { rawBody: '{"notes":' },
      env: {},
      category: 'internal',
      code: 'BACKEND_BAD_RESPONSE',
      retryable: false,
      exit: 70,
    },
    {
      name: 'a body of the wrong shape',
      backend: { rawBody: '{"notes":[{"body":"no title"}]}' },
      env: {},
      category: 'internal',
      code: 'BACKEND_BAD_RESPONSE',
      retryable: false,
      exit: 70,
    },
    {
      name: 'an unexpected status',
      backend: { status: 404 },
      env: {},
      category: 'internal',
      code: 'BACKEND_UNEXPECTED_STATUS',
      retryable: false,
      exit: 70,
    },
  ] as const;

  test.each(FAILURES)(
    '$name → $category, exit $exit',
    async ({ backend, env, category, code, retryable, exit }) => {
      const run = await sync(backend, [], env);
      expect(run.exitCode).toBe(exit);
      expectConformant(run);
      const [error, ...more] = ofType(run, 'aoi:error');
      expect(more).toEqual([]);
      expect(error).toMatchObject({ category, code, retryable });
      expect(events(run).at(-1)).toMatchObject({ type: 'aoi:summary', ok: false, error_count: 1 });
      expect(ofType(run, 'created')).toEqual([]);
      expect(existsSync(stateFile())).toBe(false);
      expect(text(run.stdout) + text(run.stderr)).not.toContain(TOKEN);
    },
  );

  test('429 carries retry_after_ms from Retry-After', async () => {
    const run = await sync({ status: 429, retryAfterSeconds: 2 });
    expect(ofType(run, 'aoi:error')[0]).toMatchObject({ retry_after_ms: 2000 });
    const without = await sync({ status: 429 });
    expect(ofType(without, 'aoi:error')[0]).not.toHaveProperty('retry_after_ms');
  });

  test('a backend slower than --timeout: timeout, retryable, exit 75', async () => {
    // The delay is a bound far beyond --timeout, not a handshake: the abort decides the outcome.
    const run = await sync({ delayMs: 60_000 }, ['--timeout', '0.2']);
    expect(run.exitCode).toBe(75);
    expectConformant(run);
    expect(ofType(run, 'aoi:error')).toEqual([
      expect.objectContaining({ category: 'timeout', code: 'BACKEND_TIMEOUT', retryable: true }),
    ]);
    expect(existsSync(stateFile())).toBe(false);
  });

  test('the token is sent (a token-requiring backend answers 200) and never printed', async () => {
    const run = await sync({ requireToken: true }, [], {
      NOTES_API_TOKEN: TOKEN,
      GITHUB_TOKEN: 'ghp_canaryCanaryCanary0123456789',
    });
    expect(run.exitCode).toBe(0);
    expectConformant(run);
    expect(ofType(run, 'created')).toHaveLength(2);
    const human = await runInMemory(notes, {
      argv: ['sync'],
      env: { NOTES_API_TOKEN: TOKEN, NOTES_BACKEND: '{"status":401}' },
      stateDir,
    });
    expect(human.exitCode).toBe(77);
    expect(text(human.stderr)).toMatch(/^notes: .*HTTP 401/);
    for (const r of [run, human]) expect(text(r.stdout) + text(r.stderr)).not.toContain(TOKEN);
  });

  test.each([
    ['not JSON', '{"status":'],
    ['not an object', '[1]'],
    ['an unknown field', '{"stauts":503}'],
    ['a bad status', '{"status":"503"}'],
    ['bad notes', '{"notes":[{"body":"x"}]}'],
  ])('NOTES_BACKEND that is %s: a config error, exit 78', async (_name, raw) => {
    const run = await sync(raw);
    expect(run.exitCode).toBe(78);
    expectConformant(run);
    expect(ofType(run, 'aoi:error')).toEqual([
      expect.objectContaining({
        category: 'config',
        code: 'BACKEND_CONFIG_INVALID',
        retryable: false,
      }),
    ]);
    expect(ofType(run, 'aoi:error')[0]!.message).not.toContain(raw);
  });

  test('usage errors come before the stream: bad --timeout, unknown flag, operands → 64', async () => {
    for (const argv of [
      ['--timeout', 'soon'],
      ['--timeout', '0'],
      ['--aoi-lint-no-such-flag'],
      ['extra'],
    ]) {
      const run = await sync(undefined, argv);
      expect(run.exitCode, argv.join(' ')).toBe(64);
      expect(ofType(run, 'aoi:error')).toEqual([
        expect.objectContaining({ category: 'usage', retryable: false }),
      ]);
      expect(ofType(run, 'aoi:meta')).toEqual([]);
    }
  });

  test('human mode: one line per created note', async () => {
    const run = await runInMemory(notes, { argv: ['sync'], stateDir });
    expect(run.exitCode).toBe(0);
    expect(text(run.stdout)).toBe('created n_0001 "Welcome"\ncreated n_0002 "Shopping"\n');
  });

  test('parallel in-memory syncs each see their own backend', async () => {
    const dirs = Array.from({ length: 8 }, () => mkdtempSync(join(tmpdir(), 'notes-sync-par-')));
    const backends = [
      { notes: [{ title: 'only zero' }], delayMs: 50 },
      { status: 503 },
      { notes: [{ title: 'two a' }, { title: 'two b' }] },
      { status: 429, retryAfterSeconds: 7, delayMs: 30 },
      { requireToken: true },
      { notes: [] },
      { rawBody: 'nope', delayMs: 10 },
      {},
    ];
    const runs = await Promise.all(backends.map((backend, i) => sync(backend, [], {}, dirs[i])));
    expect(runs.map((r) => r.exitCode)).toEqual([0, 75, 0, 75, 77, 0, 70, 0]);
    expect(runs.map((r) => ofType(r, 'created').length)).toEqual([1, 0, 2, 0, 0, 0, 0, 2]);
    expect(ofType(runs[3]!, 'aoi:error')[0]).toMatchObject({ retry_after_ms: 7000 });
    expect(
      JSON.parse(readFileSync(stateFile(dirs[2]), 'utf8')).notes.map(
        (n: { title: string }) => n.title,
      ),
    ).toEqual(['two a', 'two b']);
    for (const r of runs) expectConformant(r);
  });

  test('a run interrupted while its request is pending ends with an interrupted summary', async () => {
    const run = await runInMemory(notes, {
      argv: ['sync', '--output', 'jsonl'],
      env: { NOTES_BACKEND: '{"delayMs":60000}' },
      stateDir,
      interruptAfterEvents: { events: 1 },
    });
    expect(run.exitCode).toBe(130);
    expect(events(run).at(-1)).toEqual({
      type: 'aoi:summary',
      ok: false,
      reason: 'interrupted',
      partial: true,
    });
    // The interruption aborts the request, so the run lets go of the backend on its own; wait for that.
    await expect.poll(() => globalThis.fetch === originalFetch, { timeout: 5_000 }).toBe(true);
  });
});

describe('aoi-lint in memory: many sync probes at once in this process', () => {
  test('sync passes the stream, safety and audit rules', async () => {
    const report = await lintCli(inMemoryTarget(notes), {
      only: ['AOI-02', 'AOI-03', 'AOI-05', 'AOI-06', 'AOI-08', 'AOI-09'],
      timeoutMs: 2_000,
      canarySeed: 'sync',
    }); // (watch, unbounded, runs out this bound)
    const mine = report.verdicts.filter((v) => v.command === 'sync');
    expect(
      mine.map((v) => `${v.rule} ${v.status} ${v.reason ?? v.findings[0]?.message ?? ''}`.trim()),
    ).toEqual([
      'AOI-02 pass',
      'AOI-03 pass',
      'AOI-05 pass',
      'AOI-06 pass',
      'AOI-08 pass',
      'AOI-09 pass',
    ]);
  }, 30_000);
});

describe('sync in discovery', () => {
  test('capabilities: a mutating command with --dry-run; help names it', () => {
    const commands = (capabilities() as { commands: Array<Record<string, unknown>> }).commands;
    expect(commands.find((c) => c.name === 'sync')).toMatchObject({
      read_only: false,
      supports_dry_run: true,
    });
    expect(commands.find((c) => c.name === 'sync')!.event_types as string[]).toEqual(
      expect.arrayContaining(['created', 'aoi:plan']),
    );
    expect(HELP).toMatch(/^ {2}sync /m);
  });

  test('parseBackendConfig: unset and empty mean the default; errors never quote the value', () => {
    expect(parseBackendConfig(undefined)).toEqual({});
    expect(parseBackendConfig('  ')).toEqual({});
    expect(parseBackendConfig('{"status":429,"retryAfterSeconds":2}')).toEqual({
      status: 429,
      retryAfterSeconds: 2,
    });
    expect(() => parseBackendConfig('{"secret-ish')).toThrow(BackendConfigProblem);
    try {
      parseBackendConfig('{"secret-ish');
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-ish');
    }
  });
});
