import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeEach, describe, expect, test } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import {
  runInMemory,
  type FakeRun,
  type InMemoryOptions,
} from '../../../src/fakes/aoi/engine/memory.js';
import { makeFault } from '../../../src/fakes/aoi/faults/index.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { validateCapabilities } from '../../../src/spec/aoi/schemas.js';

let stateDir: string;
beforeEach(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'notes-test-'));
});

const run = (argv: string[], options: InMemoryOptions = {}) =>
  runInMemory(notes, { stateDir, ...options, argv });
const machine = (...argv: string[]) => run([...argv, '--output', 'jsonl']);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const events = (r: FakeRun) =>
  text(r.stdout)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const ofType = (r: FakeRun, type: string) => events(r).filter((e) => e.type === type);

/** The reference tool's own output must be flawless: no finding at all, even strict. */
function expectConformant(r: FakeRun, options: { unbounded?: boolean } = {}) {
  const report = checkStream(r.stdout, {
    exitCode: r.exitCode,
    signal: r.signal,
    strict: true,
    ...options,
  });
  expect(report.findings.map((f) => `${f.id}: ${f.message}`)).toEqual([]);
}

async function seed(...titles: string[]) {
  for (const title of titles)
    expect((await machine('create', '--title', title, '--body', `about ${title}`)).exitCode).toBe(
      0,
    );
}

describe('notes, the reference AOI tool (in memory)', () => {
  test('every command is conformant in machine mode, even strict', async () => {
    await seed('alpha note', 'beta note', 'gamma');
    const runs = await Promise.all([
      machine('search', 'note'),
      machine('search', 'note', '--limit', '1'),
      machine('search', 'nothing'),
      machine('list'),
      machine('get', 'n_0001'),
      machine('get', 'n_9999'),
      machine('update', 'n_0002', '--title', 'beta'),
      machine('create', '--title', 'x', '--dry-run'),
      machine('delete', 'n_0003'),
      machine('delete', 'n_0003', '--dry-run'),
      machine('doctor'),
      machine('login'),
      machine('frobnicate'),
      machine('search', 'note', '--cursor', 'garbage'),
    ]);
    for (const r of runs) expectConformant(r);
    expect(runs.map((r) => r.exitCode)).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 64, 0, 0, 77, 64, 64]);
  });

  test('search is bounded: truncated with a cursor that fetches the rest', async () => {
    await seed('note 1', 'note 2', 'note 3');
    const first = await machine('search', 'note', '--limit', '2');
    expect(ofType(first, 'hit').map((h) => h.id)).toEqual(['n_0001', 'n_0002']);
    const summary = ofType(first, 'aoi:summary')[0]!;
    expect(summary).toMatchObject({
      ok: true,
      count: 2,
      truncated: true,
      next_cursor: expect.any(String),
    });
    const rest = await machine(
      'search',
      'note',
      '--limit',
      '2',
      '--cursor',
      summary.next_cursor as string,
    );
    expect(ofType(rest, 'hit').map((h) => h.id)).toEqual(['n_0003']);
    expect(ofType(rest, 'aoi:summary')[0]).toMatchObject({ truncated: false, next_cursor: null });
    // A cursor belongs to its query.
    expect(
      (await machine('search', 'other', '--cursor', summary.next_cursor as string)).exitCode,
    ).toBe(64);
  });

  test('an idempotency key replays the first result without doubling the effect', async () => {
    const once = await machine('create', '--title', 'pay', '--idempotency-key', 'k1');
    const again = await machine('create', '--title', 'pay', '--idempotency-key', 'k1');
    expect(ofType(once, 'created')).toEqual([{ type: 'created', id: 'n_0001' }]);
    expect(ofType(again, 'created')).toEqual([{ type: 'created', id: 'n_0001', replayed: true }]);
    expect(ofType(await machine('list'), 'entry')).toHaveLength(1);
  });

  test('dry-run plans and changes nothing', async () => {
    await seed('keep');
    const plan = await machine('delete', 'n_0001', '--dry-run');
    expect(ofType(plan, 'aoi:plan')).toEqual([
      { type: 'aoi:plan', action: 'delete', target: 'n_0001' },
    ]);
    expect(ofType(await machine('create', '--title', 'new', '--dry-run'), 'aoi:plan')).toHaveLength(
      1,
    );
    expect(ofType(await machine('list'), 'entry').map((e) => e.id)).toEqual(['n_0001']);
  });

  test('delete refuses without --confirm and guards the count', async () => {
    await seed('a', 'b');
    const refused = await machine('delete', 'n_0001');
    expect(refused.exitCode).toBe(64);
    expect(ofType(refused, 'aoi:error')[0]).toMatchObject({
      category: 'usage',
      code: 'CONFIRMATION_REQUIRED',
      retryable: false,
    });
    expect(
      (await machine('delete', 'n_0001', 'n_0002', '--confirm', '--confirm-count', '1')).exitCode,
    ).toBe(65);
    expect(ofType(await machine('list'), 'entry')).toHaveLength(2);
    const done = await machine('delete', 'n_0001', 'n_0002', '--confirm', '--confirm-count', '2');
    expect(ofType(done, 'deleted').map((e) => e.id)).toEqual(['n_0001', 'n_0002']);
    expect(ofType(await machine('list'), 'entry')).toHaveLength(0);
  });

  test('import fails fast before any side effect, or continues per line when asked', async () => {
    const input = '{"title":"one"}\nnot json\n{"title":"three","extra":1}\n{"title":"four"}\n';
    const fast = await run(['import', '--input-jsonl', '-', '--output', 'jsonl'], { stdin: input });
    expect(fast.exitCode).toBe(65);
    expect(ofType(fast, 'aoi:error')).toEqual([
      expect.objectContaining({ code: 'INPUT_JSONL_PARSE_ERROR', line_number: 2 }),
    ]);
    expect(ofType(await machine('list'), 'entry')).toHaveLength(0);
    expectConformant(fast);

    const tolerant = await run(
      ['import', '--input-jsonl', '-', '--continue-on-error', '--output', 'jsonl'],
      { stdin: input },
    );
    expect(tolerant.exitCode).toBe(1);
    expect(ofType(tolerant, 'aoi:error').map((e) => e.line_number)).toEqual([2, 3]);
    expect(ofType(tolerant, 'created')).toHaveLength(2);
    expect(ofType(tolerant, 'aoi:summary')[0]).toMatchObject({
      ok: false,
      partial: true,
      count: 2,
      error_count: 2,
    });
    expectConformant(tolerant);
  });

  test('watch is unbounded and ends with an interrupted summary on SIGINT', async () => {
    const r = await run(['watch', '--output', 'jsonl', '--interval-ms', '5'], {
      interruptAfterEvents: { events: 4 },
    });
    expect(r.exitCode).toBe(130);
    expect(ofType(r, 'aoi:heartbeat').length).toBeGreaterThanOrEqual(3);
    expect(events(r).at(-1)).toEqual({
      type: 'aoi:summary',
      ok: false,
      reason: 'interrupted',
      partial: true,
    });
    expectConformant(r, { unbounded: true });
    const term = await run(['watch', '--output', 'jsonl'], {
      interruptAfterEvents: { events: 2, signal: 'SIGTERM' },
    });
    expect(term.exitCode).toBe(143);
  });

  test('without a state directory, a run keeps its state in a temporary one and removes it when it is over', async () => {
    const before = process.env.TMPDIR;
    const temp = mkdtempSync(join(tmpdir(), 'notes-tmpdir-'));
    process.env.TMPDIR = temp; // os.tmpdir() reads it at each call
    try {
      const created = await runInMemory(notes, {
        argv: ['create', '--title', 'kept while it runs', '--output', 'jsonl'],
      });
      expect(created.exitCode).toBe(0);
      const cut = await runInMemory(notes, {
        argv: ['watch', '--output', 'jsonl'],
        timeoutMs: 1_000,
      });
      expect(cut.timedOut).toBe(true);
      expect(readdirSync(temp)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });

  test('an unbounded watch in virtual time times out where its sleeps reach timeoutMs, as its process would', async () => {
    // 100 ms between heartbeats and 5 s to live: the 50th sleep reaches the bound, long before the real timer could
    // fire even on a loaded machine (before: millions of heartbeats, until it did).
    const r = await run(['watch', '--output', 'jsonl', '--interval-ms', '100'], {
      timeoutMs: 5_000,
    });
    expect([r.timedOut, r.graceExpired, r.exitCode, r.signal]).toEqual([
      true,
      false,
      null,
      'SIGKILL',
    ]);
    expect(ofType(r, 'aoi:heartbeat').map((e) => e.seq)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  test('a run whose timeout and grace period are both overdue on a blocked event loop ends as the one due first says', async () => {
    // Node runs overdue timers list by list (a list per duration), not by due time: a 311 ms timer made a loop turn
    // 250 ms before this run heads the list its timeout joins, so the timeout's callback runs before the grace period's.
    const spin = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    setTimeout(() => {}, 311); // odd durations: lists of their own, not shared with the test runner's timers
    spin(250);
    await new Promise((resolve) => setImmediate(resolve)); // a new loop turn: timers made from here start 250 ms later
    const pending = run(['watch', '--output', 'jsonl', '--interval-ms', '20'], {
      faults: [makeFault('ignores-signals')],
      signalAfterLines: { lines: 0, signal: 'SIGINT' }, // acts at once: grace due in 137 ms, timeout in 311
      graceMs: 137,
      timeoutMs: 311,
    });
    spin(400); // both overdue before either callback can run
    const r = await pending;
    expect([r.signalSent, r.timedOut, r.graceExpired]).toEqual([true, true, true]);
  });

  test('machine mode never prompts: interactive login is a structured authn error', async () => {
    const r = await machine('login');
    expect(ofType(r, 'aoi:error')[0]).toMatchObject({
      category: 'authn',
      code: 'INTERACTIVE_REQUIRED',
      hint: 'notes login',
    });
  });

  test("never repeats a value it was handed under a sensitive name, by its own policy (not the checker's)", async () => {
    const fromEnv = await run(['get', 'n_s3cret-value', '--output', 'jsonl'], {
      env: { GITHUB_TOKEN: 'n_s3cret-value', DEBUG: '1' },
    });
    expect(ofType(fromEnv, 'aoi:error')[0]).toMatchObject({
      message: 'no note ***',
      target: '***',
    });
    const fromArgv = await run([
      'delete',
      '--confirm',
      '--output',
      'jsonl',
      '--',
      'n_0042',
      '--api-key=hunter2',
    ]);
    expect(ofType(fromArgv, 'aoi:error')[0]).toMatchObject({
      message: 'no note n_0042, --api-key=***',
      target: 'n_0042',
    });
    // A short environment value is a switch, not a secret: ids that contain it are repeated as given.
    const plain = await run(['get', 'n_0001', '--output', 'jsonl'], { env: { AUTH_ENABLED: '1' } });
    expect(ofType(plain, 'aoi:error')[0]).toMatchObject({
      message: 'no note n_0001',
      target: 'n_0001',
    });
  });

  test('schema discovery: valid JSON Schema with an https $id, and the events validate against it', async () => {
    await seed('alpha note', 'beta note');
    for (const [flag, version] of [
      ['1', '1.0.0'],
      ['2', '2.0.0'],
    ] as const) {
      const schema = JSON.parse(
        text((await run(['schema', '--output', 'json', '--schema-version', flag])).stdout),
      ) as { $id: string };
      expect(schema.$id).toMatch(/^https:\/\//);
      const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
      const search = await machine('search', 'note', '--schema-version', flag);
      expect(ofType(search, 'aoi:meta')[0]).toMatchObject({ schema_version: version });
      for (const event of events(search))
        expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
      expectConformant(search);
    }
    // Version 2 is a breaking change: a v1 hit does not validate against the v2 schema.
    const v2 = new Ajv2020({ strict: true }).compile(
      JSON.parse(text((await run(['schema', '--output', 'json', '--schema-version', '2'])).stdout)),
    );
    expect(v2(ofType(await machine('search', 'note'), 'hit')[0])).toBe(false);
    expect((await machine('search', 'note', '--schema-version', '3')).exitCode).toBe(64);
  });

  test.each(['1', '2'])(
    'every event of every command validates against its schema (ajv strict), schema version %s',
    async (version) => {
      const validate = new Ajv2020({ strict: true, allErrors: true }).compile(
        JSON.parse(
          text((await run(['schema', '--output', 'json', '--schema-version', version])).stdout),
        ),
      );
      for (const setup of REFERENCE_LINT_PLAN.setup)
        expect((await machine(...setup)).exitCode).toBe(0);
      for (const invocation of REFERENCE_LINT_PLAN.invocations) {
        const options: InMemoryOptions =
          invocation[0] === 'watch'
            ? { interruptAfterEvents: { events: 3 } }
            : invocation[0] === 'import'
              ? { stdin: '{"title":"imported"}\n' }
              : {};
        const r = await run(
          [...invocation, '--output', 'jsonl', '--schema-version', version],
          options,
        );
        expect(ofType(r, 'aoi:meta')[0], invocation.join(' ')).toMatchObject({
          schema_version: `${version}.0.0`,
        });
        for (const event of events(r))
          expect(
            validate(event),
            `${invocation.join(' ')}: ${JSON.stringify(event)} ${JSON.stringify(validate.errors)}`,
          ).toBe(true);
      }
    },
  );

  test('capabilities and input-schema are single JSON documents', async () => {
    const caps = JSON.parse(text((await run(['capabilities', '--output', 'json'])).stdout));
    expect(validateCapabilities(caps)).toEqual([]);
    expect(caps.commands.find((c: { name: string }) => c.name === 'delete')).toMatchObject({
      destructive: true,
      requires_confirm: true,
    });
    const input = JSON.parse(
      text((await run(['input-schema', '--command', 'import', '--output', 'json'])).stdout),
    );
    expect(input).toMatchObject({ additionalProperties: false, required: ['title'] });
  });

  test('human mode by default: text, no JSON, no colour', async () => {
    await seed('alpha');
    const r = await run(['list']);
    expect(text(r.stdout)).toBe('n_0001  alpha\n');
    expect(text((await run(['--help'])).stdout)).toContain('Usage: notes <command>');
    expect((await run([])).exitCode).toBe(64);
  });

  test('each run keeps its state in its own directory', async () => {
    await seed('mine');
    const elsewhere = await runInMemory(notes, {
      argv: ['list', '--output', 'jsonl'],
      stateDir: mkdtempSync(join(tmpdir(), 'notes-other-')),
    });
    expect(ofType(elsewhere, 'entry')).toHaveLength(0);
  });

  test('--state-dir overrides the directory the run was given', async () => {
    const flagged = mkdtempSync(join(tmpdir(), 'notes-flag-'));
    expect((await machine('create', '--title', 'there', '--state-dir', flagged)).exitCode).toBe(0);
    expect(ofType(await machine('list'), 'entry')).toHaveLength(0);
    expect(ofType(await machine('list', '--state-dir', flagged), 'entry')).toMatchObject([
      { title: 'there' },
    ]);
  });

  test('a run is what the matchers and checkers take', async () => {
    await seed('alpha');
    const r = await machine('search', 'alpha');
    expect(checkStream(r.stdout, { exitCode: r.exitCode }).ok).toBe(true);
    expect(r).toMatchObject({ exitCode: 0, signal: null, timedOut: false });
  });
});
