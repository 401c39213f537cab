import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { execa } from 'execa';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { aoiRun } from '../../../src/arbitraries/index.js';
import { checkStream } from '../../../src/index.js';
import { STALL_HELPER_PID_FILE, STATE_DIR_ENV, withFakeCli } from '../../../src/fakes/index.js';

const SEARCH = ['search', 'note', '--output', 'jsonl', '--limit', '2'];
const LIST = ['list', '--output', 'jsonl'];

/** Everything a real child wrote, and how it ended. */
async function finished(child: ChildProcess) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return { stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), code, signal };
}

const types = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { type: string }).type);

/** Resolves once `n` complete lines have arrived on the stream: the handshake before a signal. */
function linesSeen(stream: NodeJS.ReadableStream, n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = 0;
    stream.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0a) seen++;
      if (seen >= n) resolve();
    });
    stream.once('end', () => reject(new Error(`stream ended after ${seen} of ${n} lines`)));
  });
}

/** The pid in the stall helper's ready line on stderr (`notes: helper <pid> is holding stdout`). */
function helperReady(stderr: NodeJS.ReadableStream): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const ready = /notes: helper (\d+) is holding stdout\n/.exec(text);
      if (ready) resolve(Number(ready[1]));
    });
    stderr.once('end', () =>
      reject(new Error(`stderr ended before the helper was ready: ${text}`)),
    );
  });
}

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

// These tests read and change PATH and the state variable: keep the worker's own values safe.
const saved = { path: process.env.PATH, state: process.env[STATE_DIR_ENV] };
beforeEach(() => {
  delete process.env[STATE_DIR_ENV];
});
afterEach(() => {
  process.env.PATH = saved.path;
  if (saved.state === undefined) delete process.env[STATE_DIR_ENV];
  else process.env[STATE_DIR_ENV] = saved.state;
});

describe('withFakeCli: a real fake process on PATH', () => {
  test('a consumer finds it by bare name, with execa and with spawn; well-behaved passes checkStream', async () => {
    await withFakeCli('well-behaved', async (cli) => {
      expect(cli.name).toBe('notes');
      expect(cli.path).toBe(join(cli.dir, 'notes'));
      const viaExeca = await execa('notes', SEARCH, {
        encoding: 'buffer',
        reject: false,
        stripFinalNewline: false,
      });
      expect(viaExeca.exitCode).toBe(0);
      const report = checkStream(viaExeca.stdout, {
        exitCode: viaExeca.exitCode ?? null,
        signal: viaExeca.signal ?? null,
      });
      expect(report.findings).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.summary).toMatchObject({ ok: true, truncated: true });

      const viaSpawn = await finished(spawn('notes', SEARCH));
      expect([viaSpawn.code, viaSpawn.signal]).toEqual([0, null]);
      expect(viaSpawn.stdout.equals(Buffer.from(viaExeca.stdout))).toBe(true);
    });
  });

  test('crashing-without-summary exits 0 with no summary, and checkStream says the stream failed', async () => {
    await withFakeCli('crashing-without-summary', async () => {
      const run = await finished(spawn('notes', SEARCH));
      expect([run.code, run.signal]).toEqual([0, null]);
      expect(types(run.stdout)).toEqual(['aoi:meta', 'hit', 'hit']);
      const report = checkStream(run.stdout, { exitCode: run.code, signal: run.signal });
      expect(report.ok).toBe(false);
      expect(report.summary).toBeUndefined();
    });
  });

  test('a corpus scenario id and extra faults run as they do in memory', async () => {
    await withFakeCli('fault.crash-before-summary.exit-70', async () => {
      const run = await finished(spawn('notes', SEARCH));
      expect(run.code).toBe(70);
      expect(types(run.stdout)).not.toContain('aoi:summary');
    });
    await withFakeCli(
      'well-behaved',
      async () => {
        const run = await finished(spawn('notes', SEARCH));
        expect(run.code).toBe(70);
        expect(types(run.stdout)).toEqual(['aoi:meta', 'hit', 'hit']);
      },
      { faults: [['crash-before-summary', { exitCode: 70 }]] },
    );
  });

  test('a generated run replays its exact bytes (invalid UTF-8, CRLF, no final newline), stderr and exit code', async () => {
    const stdout = Buffer.concat([
      Buffer.from('{"type":"aoi:meta"}\r\n{"type":"hit","t":"caf'),
      Buffer.from([0xc3]),
      Buffer.from('"}\n{"type":"hit"'),
    ]);
    await withFakeCli(
      { stdout, stderr: 'warning: disk almost full\n', exitCode: 3, signal: null },
      async () => {
        const run = await finished(spawn('notes', ['anything', '--at', 'all']));
        expect(run.stdout.equals(stdout)).toBe(true);
        expect(run.stderr).toBe('warning: disk almost full\n');
        expect([run.code, run.signal]).toEqual([3, null]);
      },
    );
    await withFakeCli({ stdout: '', exitCode: 0, signal: null }, async () => {
      const run = await finished(spawn('notes', []));
      expect([run.stdout.length, run.stderr, run.code, run.signal]).toEqual([0, '', 0, null]);
    });
  });

  test('a generated run that ends by a signal: the child really dies of SIGTERM, after writing its bytes', async () => {
    const stdout = '{"type":"aoi:meta","tool":"notes"}\n{"type":"hit","title":"half';
    await withFakeCli({ stdout, exitCode: null, signal: 'SIGTERM' }, async () => {
      const run = await finished(spawn('notes', SEARCH));
      expect([run.code, run.signal]).toEqual([null, 'SIGTERM']);
      expect(run.stdout.toString('utf8')).toBe(stdout);
    });
    await withFakeCli(
      { stdout: '{"type":"aoi:meta"}\n', exitCode: null, signal: 'SIGKILL' },
      async () => {
        const run = await finished(spawn('notes', SEARCH));
        expect([run.code, run.signal]).toEqual([null, 'SIGKILL']);
      },
    );
  });

  test('signals reach the fake itself, not a shell in between: SIGTERM interrupts watch (summary, exit 143)', async () => {
    await withFakeCli('well-behaved', async () => {
      const child = spawn('notes', ['watch', '--output', 'jsonl', '--interval-ms', '20']);
      const result = finished(child);
      await linesSeen(child.stdout!, 2); // meta and a heartbeat: the tool's handlers are installed
      expect(child.kill('SIGTERM')).toBe(true);
      const run = await result;
      expect([run.code, run.signal]).toEqual([143, null]);
      expect(types(run.stdout).at(-1)).toBe('aoi:summary');
    });
  });

  test('setup: the scenario’s notes by default, the given runs, or none; visible to `notes list`', async () => {
    const listed = async () =>
      types((await finished(spawn('notes', LIST))).stdout).filter((type) => type === 'entry')
        .length;
    await withFakeCli('well-behaved', async () => expect(await listed()).toBe(3));
    await withFakeCli('well-behaved', async () => expect(await listed()).toBe(1), {
      setup: [['create', '--title', 'Only one', '--output', 'jsonl']],
    });
    await withFakeCli('well-behaved', async () => expect(await listed()).toBe(0), { setup: [] });
    await expect(
      withFakeCli('well-behaved', () => {}, { setup: [['get', 'n_9999', '--output', 'jsonl']] }),
    ).rejects.toThrow(/setup `get n_9999 --output jsonl` exited 1/);
  });

  test('a caller’s state directory is used and kept; what the consumer creates persists across runs', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'with-fake-cli-state-'));
    try {
      await withFakeCli(
        'well-behaved',
        async (cli) => {
          expect(cli.stateDir).toBe(stateDir);
          expect(
            (await finished(spawn('notes', ['create', '--title', 'Mine', '--output', 'jsonl'])))
              .code,
          ).toBe(0);
          expect(
            types((await finished(spawn('notes', LIST, { cwd: tmpdir() }))).stdout).filter(
              (type) => type === 'entry',
            ),
          ).toHaveLength(1);
        },
        // Relative to this cwd, and still found by a child that runs elsewhere.
        { stateDir: relative(process.cwd(), stateDir), setup: [] },
      );
      expect(readdirSync(stateDir).length).toBeGreaterThan(0);
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});

describe('withFakeCli(run) replays generated runs as real processes', () => {
  test('the same stdout and stderr bytes, exit code and signal as aoiRun() samples', async () => {
    // Real processes cost a Node start each: a dozen samples, runs killed by a signal among them.
    const runs = [
      ...fc.sample(aoiRun(), { numRuns: 8, seed: 11 }),
      ...fc.sample(aoiRun({ consistent: true, stream: { kind: 'unbounded' } }), {
        numRuns: 4,
        seed: 12,
      }),
    ];
    expect(runs.some((run) => run.signal !== null)).toBe(true);
    for (const run of runs) {
      await withFakeCli(run, async () => {
        const { stdout, stderr, code, signal } = await finished(spawn('notes', []));
        expect(stdout.equals(Buffer.from(run.stdout)), run.label).toBe(true);
        expect(stderr).toBe(Buffer.from(run.stderr).toString('utf8'));
        expect([code, signal]).toEqual([run.signal ? null : run.exitCode, run.signal]);
      });
    }
  });
});

describe('withFakeCli: a stall in a helper process (fault.stall.helper), a grandchild of the consumer', () => {
  test('killing the tool alone leaves its helper holding stdout open; killing the process group ends both', async () => {
    await withFakeCli('fault.stall.helper', async (cli) => {
      const child = spawn('notes', ['search', 'note', '--output', 'jsonl'], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const run = finished(child);
      const exited = once(child, 'exit');
      try {
        const helper = await helperReady(child.stderr!);
        expect(helper).not.toBe(child.pid);
        expect(readFileSync(join(cli.stateDir, STALL_HELPER_PID_FILE), 'utf8')).toBe(`${helper}\n`);
        expect(isRunning(helper)).toBe(true);

        // What a consumer that signals only its child gets: the child is gone, the helper is not, no EOF.
        child.kill('SIGKILL');
        expect(await exited).toEqual([null, 'SIGKILL']);
        expect(isRunning(helper)).toBe(true);
        expect(child.stdout!.readableEnded).toBe(false);

        // The group the child led (it was spawned detached) outlives it while the helper is in it.
        process.kill(-child.pid!, 'SIGKILL');
        const { stdout, signal } = await run;
        expect(signal).toBe('SIGKILL');
        expect(types(stdout)).toEqual(['aoi:meta']);
        // EOF comes as the kernel closes the helper's files, a moment before it turns zombie: poll for that.
        await expect.poll(() => isRunning(helper)).toBe(false);
      } finally {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    });
  });
});

describe('withFakeCli: the environment and the temporary directory', () => {
  test('PATH and the state variable are set during fn, restored after it, and the directory removed', async () => {
    const pathBefore = process.env.PATH;
    let seen: { dir: string; stateDir: string } | undefined;
    const value = await withFakeCli('well-behaved', (cli) => {
      seen = cli;
      expect(process.env.PATH!.split(delimiter)[0]).toBe(cli.dir);
      expect(process.env[STATE_DIR_ENV]).toBe(cli.stateDir);
      expect(cli.env.PATH).toBe(process.env.PATH);
      expect(existsSync(cli.path)).toBe(true);
      return 42;
    });
    expect(value).toBe(42);
    expect(process.env.PATH).toBe(pathBefore);
    expect(STATE_DIR_ENV in process.env).toBe(false); // unset before: unset again, not "undefined"
    expect(existsSync(dirname(seen!.dir))).toBe(false);
    expect(existsSync(seen!.stateDir)).toBe(false);
  });

  test('also when fn throws: the error comes out, the environment is restored, the directory removed', async () => {
    process.env[STATE_DIR_ENV] = '/somewhere/else';
    const pathBefore = process.env.PATH;
    let dir = '';
    await expect(
      withFakeCli('well-behaved', async (cli) => {
        dir = cli.dir;
        await finished(spawn('notes', LIST));
        throw new Error('the consumer failed');
      }),
    ).rejects.toThrow('the consumer failed');
    expect(process.env.PATH).toBe(pathBefore);
    expect(process.env[STATE_DIR_ENV]).toBe('/somewhere/else');
    expect(existsSync(dirname(dir))).toBe(false);
  });

  test('mutateEnv: false leaves process.env alone; cli.env finds the fake', async () => {
    const before = { ...process.env };
    // A name no real PATH has: without cli.env the command must not be found at all.
    const name = 'aoi-testkit-fake-notes-unlisted';
    await withFakeCli(
      'well-behaved',
      async (cli) => {
        expect(process.env).toEqual(before);
        expect(cli.env.PATH!.split(delimiter)[0]).toBe(cli.dir);
        expect(cli.env[STATE_DIR_ENV]).toBe(cli.stateDir);
        const run = await finished(spawn(name, SEARCH, { env: cli.env }));
        expect([run.code, types(run.stdout).at(-1)]).toEqual([0, 'aoi:summary']);
        const missing = spawn(name, SEARCH);
        const [error] = (await once(missing, 'error')) as [NodeJS.ErrnoException];
        expect(error.code).toBe('ENOENT');
      },
      { mutateEnv: false, name },
    );
    expect(process.env).toEqual(before);
  });

  test.each(['', 'a/b', '../notes', '-rf', 'two words', 'semi;colon', '$(id)', '.hidden'])(
    'the name %j is refused with a RangeError before anything runs',
    async (name) => {
      let ran = false;
      await expect(withFakeCli('well-behaved', () => (ran = true), { name })).rejects.toThrow(
        RangeError,
      );
      expect(ran).toBe(false);
    },
  );

  test('a run it cannot replay exactly is a RangeError: an unknown signal, an exit code above 255', async () => {
    await expect(
      withFakeCli({ stdout: '', exitCode: null, signal: 'SIGNOPE' }, () => {}),
    ).rejects.toThrow(/signal "SIGNOPE"/);
    await expect(
      withFakeCli({ stdout: '', exitCode: 256, signal: null }, () => {}),
    ).rejects.toThrow(/0 to 255, got 256/);
    await expect(withFakeCli({ stdout: '', exitCode: -1, signal: null }, () => {})).rejects.toThrow(
      RangeError,
    );
  });

  test('an unknown scenario is a RangeError that lists the presets', async () => {
    await expect(withFakeCli('no-such-preset', () => {})).rejects.toThrow(
      /unknown fake "no-such-preset".*well-behaved/,
    );
  });
});
