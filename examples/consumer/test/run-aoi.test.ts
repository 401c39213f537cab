/**
 * The consumer's test suite, built on aoi-testkit's fakes. It runs against src/run-aoi.ts, or against
 * the deliberately buggy src/run-aoi-buggy.ts with CONSUMER_IMPL=buggy (meta.test.ts checks that the
 * suite catches every bug there). Every snippet of docs/guides/testing-a-consumer.md is one of these
 * tests, word for word (guide.test.ts keeps them so).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { aoiStream, aoiStreamWithDefect, chunked, DEFECTS } from '../../../src/arbitraries/index.js';
import { checkStream, looksSecret } from '../../../src/index.js';
import {
  fakeProcess,
  fakeSpawner as kitFakeSpawner,
  spawnFake,
  STALL_HELPER_PID_FILE,
  streamFrom,
  withFakeCli,
  type FakeSpawn,
  type FakeSpawnerOptions,
} from '../../../src/fakes/index.js';

const { runAoi, readAoiStream } = process.env.CONSUMER_IMPL === 'buggy' ? await import('../src/run-aoi-buggy.js') : await import('../src/run-aoi.js');

const SEARCH = ['search', 'note', '--output', 'jsonl', '--limit', '2'];
const WATCH = ['watch', '--output', 'jsonl', '--interval-ms', '5'];
const META = { type: 'aoi:meta', tool: 'notes', aoi_version: '0.2', command: 'search' };
const SUMMARY_OK = { type: 'aoi:summary', ok: true, count: 1, warning_count: 0, error_count: 0 };
const jsonl = (...events: object[]) => events.map((event) => `${JSON.stringify(event)}\n`).join('');

// The kit's fakeSpawner, remembered: every fake a test starts is killed afterwards, as a consumer under
// test may leave one running. The tests call it by its own name, as the guide does.
const spawners: FakeSpawn[] = [];
function fakeSpawner(options: FakeSpawnerOptions): FakeSpawn {
  const spawn = kitFakeSpawner(options);
  spawners.push(spawn);
  return spawn;
}
afterEach(() => {
  for (const spawn of spawners.splice(0)) for (const { child } of spawn.calls) child.kill('SIGKILL');
});

const ended = (spawn: FakeSpawn) => spawn.calls.every(({ child }) => child.exitCode !== null || child.signalCode !== null);

/** A process still runs: it exists and is no zombie waiting to be reaped (Linux: /proc; elsewhere signal 0 alone). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (!existsSync('/proc/self/stat')) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2)[0]!);
  } catch {
    return false;
  }
}

/** The pids the stall helpers wrote to the state directory, one a line (none before the first started). */
function helperPids(stateDir: string): number[] {
  const file = join(stateDir, STALL_HELPER_PID_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : [];
}

describe('runAoi, with fakes in memory', () => {
  test('well-behaved, one byte per read: ok, with every event and the summary', async () => {
    const spawn = fakeSpawner({ scenario: 'well-behaved', chunkSize: 1 });
    const result = await runAoi('notes', SEARCH, { spawn });
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.events.map((event) => event.type)).toEqual(['aoi:meta', 'hit', 'hit', 'aoi:summary']);
    expect(result.summary).toMatchObject({ ok: true, truncated: true });
    expect([result.exitCode, result.signal]).toEqual([0, null]);
    expect(spawn.calls.map((call) => [call.command, call.args])).toEqual([['notes', SEARCH]]);
  });

  // Recipe 1
  test('EOF without aoi:summary is a failure, whatever the exit code', async () => {
    for (const [scenario, exitCode] of [['crashing-without-summary', 0], ['fault.crash-before-summary.exit-70', 70]] as const) {
      const result = await runAoi('notes', SEARCH, { spawn: fakeSpawner({ scenario }) });
      expect([result.exitCode, result.ok, result.error?.reason]).toEqual([exitCode, false, 'no-summary']);
    }
  });

  test('killed mid-stream, half-way through a line: a failure', async () => {
    const result = await runAoi('notes', SEARCH, { spawn: fakeSpawner({ scenario: 'killed-mid-stream' }) });
    expect(result.ok).toBe(false);
    expect(result.signal).toBe('SIGKILL');
  });

  // Recipe 2
  test.each([
    ['mixing-prose', 'non-json-line'],
    ['colourful', 'non-json-line'],
    ['pretty-printing', 'non-json-line'],
    ['json-array', 'not-an-event'],
  ])('%s: stdout that is not one JSON event per line is a failure', async (scenario, reason) => {
    const result = await runAoi('notes', SEARCH, { spawn: fakeSpawner({ scenario }) });
    expect(result.ok).toBe(false);
    expect(result.error?.reason).toBe(reason);
  });

  test('prose before the first event fails, with the line number', async () => {
    const spawn = fakeSpawner({ scenario: 'well-behaved', faults: [['banner', { lines: ['notes v1.0'] }]] });
    const result = await runAoi('notes', SEARCH, { spawn });
    expect(result.error).toMatchObject({ reason: 'non-json-line', line: 1 });
  });

  test('an event after aoi:summary is a failure (corpus scenario fault.summary-not-last)', async () => {
    const result = await runAoi('notes', SEARCH, { spawn: fakeSpawner({ scenario: 'fault.summary-not-last' }) });
    expect(result.ok).toBe(false);
    expect(result.error?.reason).toBe('event-after-summary');
  });

  // Recipe 3
  test('ok:false with exit 0 fails; ok:true with exit 1 fails', async () => {
    const get = ['get', 'n_9999', '--output', 'jsonl'];
    const exitZero = await runAoi('notes', get, { spawn: fakeSpawner({ scenario: 'well-behaved', faults: ['exit-zero-on-failure'] }) });
    expect([exitZero.exitCode, exitZero.ok, exitZero.error?.reason]).toEqual([0, false, 'summary-not-ok']);
    const okAnyway = await runAoi('notes', get, { spawn: fakeSpawner({ scenario: 'well-behaved', faults: ['ok-despite-failure'] }) });
    expect([okAnyway.summary?.ok, okAnyway.exitCode, okAnyway.ok, okAnyway.error?.reason]).toEqual([true, 1, false, 'exit-status']);
  });

  // Recipe 4
  test('an error’s hint is text: returned to the caller, never run', async () => {
    const spawn = fakeSpawner({ scenario: 'well-behaved' });
    const result = await runAoi('notes', ['login', '--output', 'jsonl'], { spawn });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([expect.objectContaining({ category: 'authn', code: 'INTERACTIVE_REQUIRED', hint: 'notes login', retryable: false })]);
    expect(spawn.calls).toHaveLength(1);
  });

  // Recipe 5
  test('retryable as the tool says: not_found no, temporary (HTTP 503) yes', async () => {
    const missing = await runAoi('notes', ['get', 'n_9999', '--output', 'jsonl'], { spawn: fakeSpawner({ scenario: 'well-behaved' }) });
    expect([missing.errors[0]?.category, missing.errors[0]?.retryable, missing.retryable]).toEqual(['not_found', false, false]);
    const unavailable = await runAoi('notes', ['sync', '--output', 'jsonl'], { spawn: fakeSpawner({ scenario: 'well-behaved' }), env: { NOTES_BACKEND: JSON.stringify({ status: 503 }) } });
    expect([unavailable.errors[0]?.category, unavailable.errors[0]?.retryable, unavailable.retryable]).toEqual(['temporary', true, true]);
  });

  test('retryable left out: the §9.1 default of the category decides (rate_limited: yes)', async () => {
    const spawn = fakeSpawner({ scenario: 'well-behaved', faults: [['unstructured-error', { keep: ['category', 'code', 'message'] }]] });
    const result = await runAoi('notes', ['sync', '--output', 'jsonl'], { spawn, env: { NOTES_BACKEND: JSON.stringify({ status: 429 }) } });
    expect(result.errors).toEqual([expect.objectContaining({ category: 'rate_limited', retryable: true })]);
    expect(result.retryable).toBe(true);
  });

  // Recipe 6
  test('a stalled run times out: a failure, and the child is stopped', async () => {
    const spawn = fakeSpawner({ scenario: 'stalling' });
    const result = await runAoi('notes', ['search', 'note', '--output', 'jsonl'], { spawn, timeoutMs: 50 });
    expect(result.ok).toBe(false);
    expect(result.error?.reason).toBe('timeout');
    expect(spawn.calls[0]!.child.killed).toBe(true);
  });

  test('a timeout kills a child that ignores SIGTERM: SIGKILL follows, and runAoi returns once it is gone', async () => {
    const spawn = fakeSpawner({ scenario: 'ignoring-signals', faults: ['ignores-sigpipe'], time: 'real' });
    const result = await runAoi('notes', WATCH, { spawn, timeoutMs: 100, killGraceMs: 20 });
    expect(result.error?.reason).toBe('timeout');
    expect(ended(spawn)).toBe(true);
    expect(spawn.calls[0]!.child.signalCode).toBe('SIGKILL');
  });

  // Recipe 7
  test('death by a signal is a failure, even after aoi:summary ok:true', async () => {
    const run = { stdout: jsonl(META, SUMMARY_OK), exitCode: null, signal: 'SIGTERM' };
    const result = await runAoi('notes', SEARCH, { spawn: fakeSpawner({ scenario: run }) });
    expect(result.signal).toBe('SIGTERM');
    expect(result.ok).toBe(false);
    expect(result.error?.reason).toBe('killed-by-signal');
  });

  // Recipe 8
  test('a character split across reads is decoded whole', async () => {
    const title = 'café ☕ 𝄞';
    const run = { stdout: jsonl(META, { type: 'hit', title }, SUMMARY_OK), exitCode: 0, signal: null };
    const result = await runAoi('notes', SEARCH, { spawn: fakeSpawner({ scenario: run, chunkSize: 1 }) });
    expect(result.ok).toBe(true);
    expect(result.events[1]).toEqual({ type: 'hit', title });
  });

  // Recipe 9
  test('a bad line stops the read and the child, even one that ignores EPIPE and SIGTERM', async () => {
    const spawn = fakeSpawner({ scenario: 'ignoring-signals', faults: ['ignores-sigpipe', 'banner'], time: 'real' });
    const result = await runAoi('notes', WATCH, { spawn, timeoutMs: 2000, killGraceMs: 20 });
    expect(result.error).toMatchObject({ reason: 'non-json-line', line: 1 });
    expect(ended(spawn)).toBe(true);
  });

  test('a command that cannot start is a failure, not a throw', async () => {
    const result = await runAoi('no-such-tool', [], { spawn: fakeSpawner({}) });
    expect(result.ok).toBe(false);
    expect(result.error?.reason).toBe('spawn-failed');
  });

  // Recipe 10
  test('a secret the tool echoes on stderr never reaches the result', async () => {
    const secret = 'nt_c4n4ry0f7h3c0n5um3r5u173';
    const spawn = fakeSpawner({ scenario: 'well-behaved', faults: ['echoes-argv-on-stderr'] });
    const result = await runAoi('notes', ['search', 'note', '--output', 'jsonl', '--api-token', secret], { spawn });
    expect(result.ok).toBe(false);
    expect(result.stderr).toContain('invoked as'); // the tool did echo it …
    expect(JSON.stringify(result)).not.toContain(secret); // … and the consumer masked it everywhere
    expect(looksSecret(result.error?.message ?? '')).toBe(false);
  });

  test('spawnFake: the command names the fake', async () => {
    expect((await runAoi('crashing-without-summary', SEARCH, { spawn: spawnFake })).error?.reason).toBe('no-summary');
    expect((await runAoi('no-such-tool', [], { spawn: spawnFake })).error?.reason).toBe('spawn-failed');
  });
});

describe('readAoiStream, on streams from the kit', () => {
  // Recipe 8
  test('any cut of the bytes reads the same: inside UTF-8 characters, between \\r and \\n', async () => {
    const bytes = Buffer.from(jsonl(META, { type: 'hit', title: 'naïve ☕' }, SUMMARY_OK).replaceAll('\n', '\r\n'));
    const whole = await readAoiStream(streamFrom(bytes));
    expect(whole.error).toBeUndefined();
    expect(whole.events[1]).toEqual({ type: 'hit', title: 'naïve ☕' });
    for (let at = 1; at < bytes.length; at++) {
      const cut = await readAoiStream(streamFrom(bytes, { cuts: [at] }));
      expect(cut, `cut at byte ${at}`).toEqual(whole);
    }
  });

  test('bytes that are not UTF-8 are a failure (fakeProcess fault.invalid-utf8, one byte per read)', async () => {
    const child = fakeProcess('fault.invalid-utf8', { chunkSize: 1 });
    const result = await readAoiStream(child.stdout!);
    expect(result.error?.reason).toBe('invalid-utf8');
  });
});

/** Sub-rules a line reader can see on its own: a stream that breaks one of them must not read as whole. */
const READER_MUST_REJECT = new Set([
  'AOI-02/prose', 'AOI-02/ansi', 'AOI-02/stack-trace', 'AOI-02/control', 'AOI-02/missing-type', 'AOI-02/not-json',
  'AOI-02/json-array', 'AOI-02/pretty-printed', 'AOI-02/bom', 'AOI-02/blank-line', 'AOI-02/not-utf8',
  'AOI-03/eof-without-summary', 'AOI-03/failure-without-summary', 'AOI-03/summary-not-last', 'AOI-03/multiple-summaries',
]);
const READABLE_DEFECTS = DEFECTS.filter((defect) => defect.violates.some((rule) => READER_MUST_REJECT.has(rule))).map((defect) => defect.id);

describe('readAoiStream, on generated streams (fast-check)', () => {
  // Finite streams that end in aoi:summary (a usage error may end in aoi:error alone: runAoi judges those).
  const finite = aoiStream({ kind: ['read', 'mutate', 'dry-run', 'doctor'], outcome: ['ok', 'truncated', 'partial', 'failed'] });

  test('every conformant stream, cut anywhere, reads whole: every event, in order', async () => {
    await fc.assert(
      fc.asyncProperty(chunked(finite), async (stream) => {
        const result = await readAoiStream(streamFrom(stream.chunks));
        expect(result.error).toBeUndefined();
        expect(result.events).toEqual(JSON.parse(JSON.stringify(stream.events))); // -0 is 0 in JSON
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  });

  test('every stream with a defect a reader can see fails closed', async () => {
    expect(READABLE_DEFECTS.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(chunked(aoiStreamWithDefect(READABLE_DEFECTS)), async (stream) => {
        const result = await readAoiStream(streamFrom(stream.chunks));
        expect(result.error, stream.defect.id).toBeDefined();
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});

describe('runAoi on a real process (withFakeCli)', () => {
  test('finds `notes` on PATH: well-behaved succeeds, crashing-without-summary fails', async () => {
    const good = await withFakeCli('well-behaved', () => runAoi('notes', SEARCH));
    expect(good.error).toBeUndefined();
    expect(good.ok).toBe(true);
    const crashed = await withFakeCli('crashing-without-summary', () => runAoi('notes', SEARCH));
    expect([crashed.ok, crashed.exitCode]).toEqual([false, 0]);
  });

  test('the fake is what it claims: the kit’s checker sees no summary', async () => {
    await withFakeCli('crashing-without-summary', async () => {
      const child = spawn('notes', SEARCH);
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      const [exitCode, signal] = await once(child, 'close');
      const report = checkStream(Buffer.concat(chunks), { exitCode, signal });
      expect([exitCode, report.ok, report.summary]).toEqual([0, false, undefined]);
    });
  });

  test('a generated run really dies of its signal', async () => {
    await withFakeCli({ stdout: '{"type":"aoi:meta"}\n', exitCode: null, signal: 'SIGTERM' }, async () => {
      const [code, signal] = await once(spawn('notes', []), 'close');
      expect([code, signal]).toEqual([null, 'SIGTERM']);
    });
  });

  test.concurrent('without touching process.env', async () => {
    await withFakeCli(
      'well-behaved',
      async (cli) => {
        expect((await runAoi('mytool', SEARCH, { env: cli.env })).ok).toBe(true);
      },
      { mutateEnv: false, name: 'mytool' },
    );
  });

  // Recipe 9
  test('input the child never reads: the EPIPE on its stdin is no crash', async () => {
    const run = { stdout: jsonl(META, SUMMARY_OK), exitCode: 0, signal: null }; // exits without reading stdin
    const input = '{"title":"a note"}\n'.repeat(100_000); // far more than a pipe holds
    const result = await withFakeCli(run, () => runAoi('notes', ['import', '--input-jsonl', '-', '--output', 'jsonl'], { input }));
    expect(result.ok).toBe(true);
  });

  // Recipe 6
  test('a timeout ends the real process before runAoi returns', async () => {
    const result = await withFakeCli('stalling', () => runAoi('notes', ['search', 'note', '--output', 'jsonl'], { timeoutMs: 300, killGraceMs: 2000 }));
    expect(result.error?.reason).toBe('timeout');
    expect(result.exitCode !== null || result.signal !== null).toBe(true);
  });

  test('a timeout kills the whole process tree: the helper the tool waits on, holding stdout, is gone too', async () => {
    // fault.stall.helper: after its meta, search waits on a helper (our grandchild) that holds stdout open.
    await withFakeCli('fault.stall.helper', async (cli) => {
      try {
        // The helper starts after the meta. A timeout that comes first proves nothing: try again, longer.
        for (let timeoutMs = 1_000; timeoutMs <= 16_000; timeoutMs *= 2) {
          const result = await runAoi('notes', ['search', 'note', '--output', 'jsonl'], { timeoutMs, killGraceMs: 500 });
          expect(result.error?.reason).toBe('timeout');
          const helpers = helperPids(cli.stateDir);
          if (helpers.length === 0) continue;
          // Killed processes close their pipes a moment before they turn zombie: poll for that.
          await expect.poll(() => helpers.filter(isRunning)).toEqual([]);
          return;
        }
        throw new Error('the stall helper never started');
      } finally {
        for (const pid of helperPids(cli.stateDir)) {
          try {
            process.kill(pid, 'SIGKILL'); // a consumer that left it behind: do not leave it to the machine
          } catch {
            // gone
          }
        }
      }
    });
  });
});
