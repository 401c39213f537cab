import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { aoiRun } from '../../../src/arbitraries/index.js';
import {
  fakeProcess,
  fakeSpawner,
  PRESETS,
  presetFaults,
  REFERENCE_RUNS,
  runInMemory,
  notes,
  spawnFake,
  type FakeChildProcess,
} from '../../../src/fakes/index.js';

const INTERRUPTED = { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true };
const WATCH = ['watch', '--output', 'jsonl', '--interval-ms', '5'];

/** Everything a child does, in order, and its output, until `close`. */
async function observe(
  child: FakeChildProcess,
  onData?: (chunk: Buffer, chunks: Buffer[]) => void,
) {
  const log: string[] = [];
  const chunks: Buffer[] = [];
  const stderr: Buffer[] = [];
  for (const name of ['spawn', 'exit', 'close', 'error'])
    child.on(name, (...args: unknown[]) =>
      log.push(`${name}${args.length ? ` ${JSON.stringify(args)}` : ''}`),
    );
  child.stdout?.on('data', (chunk: Buffer) => {
    if (!log.includes('stdout data')) log.push('stdout data');
    chunks.push(chunk);
    onData?.(chunk, chunks);
  });
  child.stdout?.on('end', () => log.push('stdout end'));
  child.stdout?.on('close', () => log.push('stdout close'));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stderr?.on('close', () => log.push('stderr close'));
  const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
  return {
    log,
    chunks,
    stdout: Buffer.concat(chunks),
    stderr: Buffer.concat(stderr).toString('utf8'),
    code,
    signal,
  };
}

const lines = (bytes: Uint8Array) =>
  Buffer.from(bytes).toString('utf8').split('\n').filter(Boolean);
const events = (bytes: Uint8Array) =>
  lines(bytes).map((line) => JSON.parse(line) as { type: string } & Record<string, unknown>);

/** Count complete lines across chunks; call `then` once the n-th has arrived. */
function afterLines(n: number, then: () => void) {
  let seen = 0;
  let done = false;
  return (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 0x0a) seen++;
    if (!done && seen >= n) {
      done = true;
      then();
    }
  };
}

describe('fakeProcess: a ChildProcess in memory', () => {
  test('events in Node order: spawn, data, stdout end/close; exit before close; close last with exit’s arguments', async () => {
    const child = fakeProcess('well-behaved');
    expect(child.pid).toBeGreaterThan(4_194_304); // never a real process
    expect([child.exitCode, child.signalCode, child.killed]).toEqual([null, null, false]);
    const { log, code, signal } = await observe(child);
    expect(log[0]).toBe('spawn');
    expect(log[1]).toBe('stdout data');
    expect(log.at(-1)).toBe('close [0,null]');
    const at = (entry: string) => log.indexOf(entry);
    expect(at('exit [0,null]')).toBeGreaterThan(at('stdout data'));
    for (const before of ['stdout end', 'stdout close', 'stderr close', 'exit [0,null]'])
      expect(at(before)).toBeLessThan(at('close [0,null]'));
    expect(at('stdout end')).toBeLessThan(at('stdout close'));
    expect([code, signal, child.exitCode, child.signalCode]).toEqual([0, null, 0, null]);
    expect(log.filter((entry) => entry.startsWith('error'))).toEqual([]);
  });

  test.each(Object.entries(PRESETS).filter(([, preset]) => 'run' in preset && preset.run))(
    '%s: the same bytes and end as runInMemory on its reference run',
    async (id, preset) => {
      const reference = REFERENCE_RUNS[(preset as { run: keyof typeof REFERENCE_RUNS }).run];
      const stateDir = mkdtempSync(join(tmpdir(), 'fake-process-'));
      for (const argv of reference.setup) await runInMemory(notes, { argv, stateDir });
      const expected = await runInMemory(notes, {
        argv: reference.argv,
        stateDir,
        faults: presetFaults(id),
      });
      const { stdout, code, signal } = await observe(fakeProcess(id));
      expect(Buffer.from(stdout).equals(Buffer.from(expected.stdout))).toBe(true);
      expect([code, signal]).toEqual([expected.exitCode, expected.signal]);
    },
  );

  test('a corpus scenario id runs its own faults, seed, setup and argv', async () => {
    const { stdout, code } = await observe(fakeProcess('fault.invalid-utf8'));
    expect(code).toBe(0);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(stdout)).toThrow();
    expect(lines(stdout)).toHaveLength(4); // meta, 2 hits (one not UTF-8), summary
  });

  test('options: argv, setup, extra faults, env', async () => {
    const doctor = await observe(
      fakeProcess('well-behaved', {
        argv: ['doctor', '--output', 'jsonl'],
        env: { NOTES_API_TOKEN: 'x' },
      }),
    );
    expect(events(doctor.stdout).find((e) => e.name === 'api_token')).toMatchObject({
      ok: true,
      detail: 'present',
    });
    const empty = await observe(fakeProcess('well-behaved', { setup: [] }));
    expect(events(empty.stdout).filter((e) => e.type === 'hit')).toEqual([]);
    const crashed = await observe(
      fakeProcess('well-behaved', { faults: [['crash-before-summary', { exitCode: 70 }]] }),
    );
    expect(crashed.code).toBe(70);
    expect(events(crashed.stdout).map((e) => e.type)).toEqual(['aoi:meta', 'hit', 'hit']);
  });

  test('chunking: chunkSize cuts across writes; cuts at exact offsets; the bytes are unchanged', async () => {
    const whole = (await observe(fakeProcess('well-behaved'))).stdout;
    const bySize = await observe(fakeProcess('well-behaved', { chunkSize: 1 }));
    expect(bySize.chunks.every((chunk) => chunk.length === 1)).toBe(true);
    expect(bySize.stdout.equals(whole)).toBe(true);
    const byCuts = await observe(fakeProcess('well-behaved', { cuts: [3, 10] }));
    expect(byCuts.chunks.slice(0, 2).map((chunk) => chunk.toString())).toEqual([
      whole.subarray(0, 3).toString(),
      whole.subarray(3, 10).toString(),
    ]);
    expect(byCuts.stdout.equals(whole)).toBe(true);
    expect(() => fakeProcess('well-behaved', { chunkSize: 0 })).toThrow(RangeError);
  });

  test('stdin: the tool reads what the consumer writes, to EOF; stdio ignore gives no stdin', async () => {
    const child = fakeProcess('well-behaved', {
      argv: ['import', '--input-jsonl', '-', '--output', 'jsonl'],
      setup: [],
    });
    child.stdin!.write('{"title":"one"}\n');
    child.stdin!.end('{"title":"two"}\n');
    const { stdout, code } = await observe(child);
    expect(code).toBe(0);
    expect(events(stdout).filter((e) => e.type === 'created')).toHaveLength(2);
    const ignored = fakeProcess('well-behaved', { stdio: ['ignore', 'pipe', 'pipe'] });
    expect(ignored.stdin).toBeNull();
    expect((await observe(ignored)).code).toBe(0);
  });

  test('output nobody reads still flows away at exit, so close comes (as Node’s flushStdio)', async () => {
    const child = fakeProcess('well-behaved', { chunkSize: 1, pipeCapacity: 1_000_000 });
    const [code] = await once(child, 'close');
    expect(code).toBe(0);
  });

  test('a generated run: its bytes, its stderr, its exit code or signal', async () => {
    const run = {
      stdout: '{"type":"aoi:meta"}\n{"type":"hit","title":"caf\u00e9"}\n',
      stderr: 'oops\n',
      exitCode: 0,
      signal: null,
    };
    const ok = await observe(fakeProcess(run, { chunkSize: 2 }));
    expect(ok.stdout.toString()).toBe(run.stdout);
    expect(ok.chunks.every((chunk) => chunk.length <= 2)).toBe(true);
    expect([ok.stderr, ok.code, ok.signal]).toEqual(['oops\n', 0, null]);
    const killed = await observe(
      fakeProcess({ stdout: new Uint8Array([0x7b]), exitCode: null, signal: 'SIGKILL' }),
    );
    expect([killed.stdout.toString(), killed.code, killed.signal]).toEqual(['{', null, 'SIGKILL']);
  });

  test('unknown names and behaviour presets without argv are refused at once', () => {
    expect(() => fakeProcess('no-such-preset')).toThrow(/unknown fake "no-such-preset"/);
    expect(() => fakeProcess('stalling')).toThrow(
      /has no reference run: pass the tool's arguments/,
    );
    expect(() => fakeProcess('well-behaved', { faults: ['no-such-fault'] })).toThrow(
      /unknown fault/,
    );
  });
});

describe('fakeProcess: kill()', () => {
  test.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s on an unbounded watch: the interrupted summary, exit %i, killed',
    async (sig, exitCode) => {
      const child = fakeProcess('well-behaved', { argv: WATCH });
      const { stdout, code, signal } = await observe(
        child,
        afterLines(3, () => expect(child.kill(sig)).toBe(true)),
      );
      expect([code, signal, child.killed]).toEqual([exitCode, null, true]);
      const all = events(stdout);
      expect(all[0]).toMatchObject({ type: 'aoi:meta', command: 'watch' });
      expect(all.at(-1)).toEqual(INTERRUPTED);
      expect(all.slice(1, -1).every((e) => e.type === 'aoi:heartbeat')).toBe(true);
    },
  );

  test('SIGTERM on a stalled search: the tool is interrupted (143); SIGKILL ends it with the signal and no summary', async () => {
    const argv = ['search', 'note', '--output', 'jsonl'];
    const term = fakeProcess('stalling', { argv });
    const interrupted = await observe(
      term,
      afterLines(1, () => term.kill()),
    );
    expect([interrupted.code, interrupted.signal]).toEqual([143, null]);
    expect(events(interrupted.stdout).map((e) => e.type)).toEqual(['aoi:meta', 'aoi:summary']);
    const hard = fakeProcess('stalling', { argv });
    const killed = await observe(
      hard,
      afterLines(1, () => hard.kill('SIGKILL')),
    );
    expect([killed.code, killed.signal, hard.exitCode, hard.signalCode]).toEqual([
      null,
      'SIGKILL',
      null,
      'SIGKILL',
    ]);
    expect(events(killed.stdout).map((e) => e.type)).toEqual(['aoi:meta']);
  });

  test('a fake that ignores SIGTERM keeps writing; SIGKILL ends it', async () => {
    const child = fakeProcess('ignoring-signals', { argv: WATCH });
    let termAt = -1;
    const result = await observe(child, (chunk, chunks) => {
      const seen = Buffer.concat(chunks).toString().split('\n').length - 1;
      if (termAt < 0 && seen >= 2) {
        termAt = seen;
        expect(child.kill('SIGTERM')).toBe(true);
      } else if (termAt >= 0 && seen >= termAt + 3) child.kill('SIGKILL');
    });
    expect([result.code, result.signal, child.killed]).toEqual([null, 'SIGKILL', true]);
    const all = events(result.stdout);
    expect(all.length).toBeGreaterThanOrEqual(termAt + 3);
    expect(all.some((e) => e.type === 'aoi:summary')).toBe(false);
  });

  test('kill before the tool started ends it with the signal; kill after exit returns false; kill(0) probes', async () => {
    const early = fakeProcess('well-behaved');
    expect(early.kill('SIGINT')).toBe(true);
    const result = await observe(early);
    expect([result.code, result.signal, result.stdout.length]).toEqual([null, 'SIGINT', 0]);
    expect(early.kill()).toBe(false);

    const probed = fakeProcess('well-behaved', { argv: WATCH });
    expect(probed.kill(0)).toBe(true);
    const ended = observe(
      probed,
      afterLines(2, () => probed.kill(9)),
    );
    expect((await ended).signal).toBe('SIGKILL');
    expect(() => fakeProcess('well-behaved').kill('SIGNOPE' as NodeJS.Signals)).toThrow(
      /Unknown signal/,
    );
  });

  test('a generated run has no handler: SIGTERM ends it with the signal while it is blocked on a full pipe', async () => {
    const child = fakeProcess(
      { stdout: 'x'.repeat(100), exitCode: 0, signal: null },
      { pipeCapacity: 0, chunkSize: 10 },
    );
    await once(child, 'spawn');
    // A reader that has not read yet: as in Node, stdout someone listens to is not drained at exit.
    child.stdout!.on('readable', () => {});
    expect(child.kill('SIGTERM')).toBe(true);
    const [code, signal] = await once(child, 'exit');
    expect([code, signal]).toEqual([null, 'SIGTERM']);
    // What was in the pipe stays readable after the writer died; the rest was never written.
    child.stdout!.removeAllListeners('readable');
    const rest: Buffer[] = [];
    for await (const chunk of child.stdout as Readable) rest.push(chunk as Buffer);
    const text = Buffer.concat(rest).toString();
    expect(text).toMatch(/^x+$/);
    expect(text.length).toBeGreaterThanOrEqual(10);
    expect(text.length).toBeLessThan(100);
  });

  test('the reader closing stdout is EPIPE: watch exits 141; a fake that ignores it runs on until killed', async () => {
    const polite = fakeProcess('well-behaved', { argv: WATCH });
    const closed = await observe(
      polite,
      afterLines(2, () => polite.stdout!.destroy()),
    );
    expect([closed.code, closed.signal]).toEqual([141, null]);

    // A long interval: after the first write that fails, the stubborn fake sleeps for an hour (time turns real).
    const argv = ['watch', '--output', 'jsonl', '--interval-ms', '3600000'];
    const stubborn = fakeProcess('ignoring-sigpipe', { argv });
    stubborn.stdout!.on(
      'data',
      afterLines(2, () => stubborn.stdout!.destroy()),
    );
    await once(stubborn.stdout!, 'close');
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(stubborn.exitCode).toBeNull();
    expect(stubborn.kill('SIGKILL')).toBe(true);
    const [code, signal] = await once(stubborn, 'close');
    expect([code, signal]).toEqual([null, 'SIGKILL']);

    // The same wait, for the polite one: it is gone by then (so the wait above proves something).
    const again = fakeProcess('well-behaved', { argv });
    again.stdout!.on(
      'data',
      afterLines(2, () => again.stdout!.destroy()),
    );
    await once(again.stdout!, 'close');
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(again.exitCode).toBe(141);
  });
});

describe('spawnFake and fakeSpawner: spawn functions for fakes', () => {
  const asFake = (child: unknown) => child as FakeChildProcess;

  test('spawnFake: the command names the scenario, the args are its argv (none: the reference run)', async () => {
    const reference = await observe(asFake(spawnFake('well-behaved')));
    expect(events(reference.stdout).map((e) => e.type)).toEqual([
      'aoi:meta',
      'hit',
      'hit',
      'aoi:summary',
    ]);
    const listed = await observe(asFake(spawnFake('well-behaved', ['list', '--output', 'jsonl'])));
    expect(events(listed.stdout)[0]).toMatchObject({ type: 'aoi:meta', command: 'list' });
    const child = asFake(
      spawnFake('crashing-without-summary', ['search', 'note', '--output', 'jsonl']),
    );
    expect([child.spawnfile, child.spawnargs]).toEqual([
      'crashing-without-summary',
      ['crashing-without-summary', 'search', 'note', '--output', 'jsonl'],
    ]);
    expect(events((await observe(child)).stdout).map((e) => e.type)).not.toContain('aoi:summary');
  });

  test('spawnFake: a name that is no fake fails as a missing command: error ENOENT, then close, no exit', async () => {
    const child = asFake(spawnFake('no-such-tool', ['x']));
    expect(child.pid).toBeUndefined();
    const seen: string[] = [];
    child.on('error', (error: NodeJS.ErrnoException) => seen.push(`error ${error.code}`));
    child.on('exit', () => seen.push('exit'));
    // Not events.once: it rejects on the 'error' that comes first.
    const [code] = await new Promise<unknown[]>((resolve) =>
      child.on('close', (...end: unknown[]) => resolve(end)),
    );
    expect(seen).toEqual(['error ENOENT']);
    expect(code).toBeLessThan(0);
  });

  test('spawn options: env reaches the tool; stdio ignore gives null streams', async () => {
    const doctor = await observe(
      asFake(
        spawnFake('well-behaved', ['doctor', '--output', 'jsonl'], {
          env: { NOTES_API_TOKEN: 'x' },
        }),
      ),
    );
    expect(events(doctor.stdout).find((e) => e.name === 'api_token')).toMatchObject({ ok: true });
    const quiet = asFake(
      spawnFake('well-behaved', ['list', '--output', 'jsonl'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
    expect([quiet.stdin, quiet.stderr]).toEqual([null, null]);
    expect((await observe(quiet)).code).toBe(0);
  });

  test('spawn options: timeout sends killSignal; an aborted signal kills and emits AbortError', async () => {
    const argv = ['search', 'note', '--output', 'jsonl'];
    const timedOut = await observe(
      asFake(spawnFake('stalling', argv, { timeout: 1, killSignal: 'SIGKILL' })),
    );
    expect([timedOut.code, timedOut.signal]).toEqual([null, 'SIGKILL']);
    const controller = new AbortController();
    const aborted = asFake(spawnFake('stalling', argv, { signal: controller.signal }));
    const errored = once(aborted, 'error');
    controller.abort();
    expect(((await errored)[0] as Error).name).toBe('AbortError');
    const end = await observe(aborted);
    expect(end.code).toBe(143); // SIGTERM, the default killSignal: the tool's interrupted summary
  });

  test('fakeSpawner: one scenario for any command, options for every child, and a record of the calls', async () => {
    const spawn = fakeSpawner({
      scenario: 'well-behaved',
      chunkSize: 3,
      faults: [['crash-before-summary', { exitCode: 70 }]],
    });
    const first = await observe(
      asFake(spawn('notes', ['search', 'note', '--output', 'jsonl'], { env: {} })),
    );
    expect(first.code).toBe(70);
    expect(first.chunks.every((chunk) => chunk.length <= 3)).toBe(true);
    await observe(asFake(spawn('anything-else')));
    expect(spawn.calls.map((call) => [call.command, call.args])).toEqual([
      ['notes', ['search', 'note', '--output', 'jsonl']],
      ['anything-else', undefined],
    ]);
    expect(spawn.calls[0]!.options).toEqual({ env: {} });
  });

  test('fakeSpawner: a scenario per call, for a retry whose first attempt fails', async () => {
    const spawn = fakeSpawner({
      scenario: (_command, _args, call) =>
        call === 0 ? 'crashing-without-summary' : 'well-behaved',
    });
    const attempts = [];
    for (let call = 0; call < 2; call++)
      attempts.push(
        events((await observe(asFake(spawn('notes')))).stdout).some(
          (e) => e.type === 'aoi:summary',
        ),
      );
    expect(attempts).toEqual([false, true]);
  });
});

describe('fakeProcess(run) replays every generated run', () => {
  test('the same stdout and stderr bytes, exit code and signal as every aoiRun() sample, in any chunking', async () => {
    let signalled = 0;
    await fc.assert(
      fc.asyncProperty(
        aoiRun(),
        fc.option(fc.integer({ min: 1, max: 64 }), { nil: undefined }),
        async (run, chunkSize) => {
          const child = fakeProcess(run, chunkSize === undefined ? {} : { chunkSize });
          const stderr: Buffer[] = [];
          child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
          const { stdout, code, signal } = await observe(child);
          expect(stdout.equals(Buffer.from(run.stdout))).toBe(true);
          expect(Buffer.concat(stderr).equals(Buffer.from(run.stderr))).toBe(true);
          expect([code, signal]).toEqual([run.signal ? null : run.exitCode, run.signal]);
          expect([child.exitCode, child.signalCode]).toEqual([code, signal]);
          if (run.signal) signalled++;
        },
      ),
      { numRuns: 300 },
    );
    expect(signalled).toBeGreaterThan(0); // runs killed by a signal were among them
  });
});
