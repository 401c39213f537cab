import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli } from '../../src/run/run-cli.js';

import { CLI } from '../support/kit-cli.js';
const NOTES = new URL('../../fixtures/bin/notes', import.meta.url).pathname;
const MARKER = 'AOI_TESTKIT_INTERRUPT_TEST';

/** The pids whose command line or environment names `needle` (the private TMPDIR, also in the marker variable). */
function processesNaming(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    for (const file of ['cmdline', 'environ']) {
      try {
        if (readFileSync(`/proc/${entry}/${file}`).includes(needle)) found.push(Number(entry));
      } catch {
        // Gone, or not ours to read.
      }
    }
  }
  return [...new Set(found)];
}

/** What is still running under `needle` once killed processes had a bounded while to be reaped by init; killed now. */
async function leftOver(needle: string): Promise<number[]> {
  let left = processesNaming(needle);
  for (let i = 0; i < 50 && left.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesNaming(needle);
  }
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  return left;
}

interface Interrupted {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  leftProcesses: number[];
  leftFiles: string[];
}

const tmps: string[] = [];
afterEach(() => {
  for (const dir of tmps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the kit with a private TMPDIR and a marker variable, sends `signal` once `ready` says so (a handshake on
 * its output, never a sleep), and reports how it ended and what it left: processes naming the TMPDIR, files in it.
 */
async function interrupt(
  args: string[],
  signal: NodeJS.Signals,
  ready: (out: { stdout: string; stderr: string; read: boolean }) => boolean,
  stdin: 'ignore' | 'pipe' = 'ignore',
): Promise<Interrupted> {
  const tmp = mkdtempSync(join(tmpdir(), 'aoi-interrupt-test-'));
  tmps.push(tmp);
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, TMPDIR: tmp, [MARKER]: tmp },
    stdio: [stdin, 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '', read: false };
  let sent = false;
  const maybeSend = () => {
    if (!sent && ready(out)) {
      sent = true;
      child.kill(signal);
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    out.stdout += chunk.toString();
    maybeSend();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    out.stderr += chunk.toString();
    maybeSend();
  });
  // A never-ending stdin: written to, never closed.
  if (stdin === 'pipe') {
    const line = '{"type":"aoi:heartbeat"}\n';
    child.stdin!.on('error', () => {});
    child.stdin!.write(
      `{"type":"aoi:meta","schema_version":"1"}\n${line.repeat((1 << 20) / line.length)}`,
      () => {
        out.read = true;
        maybeSend();
      },
    );
  }
  const [code, ended] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('exit', (c, s) => resolve([c, s])),
  );
  const leftProcesses = await leftOver(tmp);
  return {
    code,
    signal: ended,
    stdout: out.stdout,
    stderr: out.stderr,
    leftProcesses,
    leftFiles: readdirSync(tmp),
  };
}

const lines = (text: string) => text.split('\n').length - 1;

describe(
  'an interrupted kit exits 130/143 and leaves no process and no temp dir',
  { timeout: 180_000 },
  () => {
    const LINT = ['lint', '--', process.execPath, NOTES];
    type Ready = (out: { stdout: string; stderr: string; read: boolean }) => boolean;
    // check prints nothing before EOF: the handshake is that it has read most of a 1 MiB write (more than a pipe holds).
    const readingStdin: Ready = (o) => o.read;
    const cases: [string, string[], Ready, NodeJS.Signals, ('ignore' | 'pipe')?][] = [
      ['lint, after the first progress line', LINT, (o) => / probes · /.test(o.stderr), 'SIGINT'],
      [
        'lint, after three progress lines',
        LINT,
        (o) => (o.stderr.match(/ probes · /g) ?? []).length >= 3,
        'SIGTERM',
      ],
      // Each lint scenario is a whole lint in memory, in temp dirs of its own: interrupted after the first one.
      [
        'scenarios --run --kind lint, after its first scenario',
        ['scenarios', '--run', '--kind', 'lint'],
        (o) => /aoi-testkit scenarios: 1\//.test(o.stderr),
        'SIGINT',
      ],
      [
        'lint, once it runs the exec checks',
        LINT,
        (o) => o.stderr.includes('running the exec checks'),
        'SIGTERM',
      ],
      [
        'fake well-behaved watch, after 2 lines',
        ['fake', 'well-behaved', '--', 'watch', '--output', 'jsonl'],
        (o) => lines(o.stdout) >= 2,
        'SIGINT',
      ],
      [
        'fake well-behaved watch, after 5 lines',
        ['fake', 'well-behaved', '--', 'watch', '--output', 'jsonl'],
        (o) => lines(o.stdout) >= 5,
        'SIGTERM',
      ],
      [
        'check - on a never-ending stdin',
        ['check', '-', '--output', 'jsonl'],
        readingStdin,
        'SIGINT',
        'pipe',
      ],
      [
        'check - on a never-ending stdin',
        ['check', '-', '--output', 'jsonl'],
        readingStdin,
        'SIGTERM',
        'pipe',
      ],
    ];
    for (const [name, args, ready, signal, stdin] of cases) {
      test(`${name}: ${signal}`, async () => {
        const result = await interrupt(args, signal, ready, stdin);
        expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({
          code: signal === 'SIGINT' ? 130 : 143,
          signal: null,
        });
        expect(result.leftProcesses).toEqual([]);
        expect(result.leftFiles).toEqual([]);
        if (args[0] !== 'fake')
          expect(result.stderr).toMatch(
            new RegExp(`interrupted by ${signal}; partial report: \\d+ finding\\(s\\) so far`),
          );
      });
    }

    test('lint --output jsonl: the partial report is an AOI stream that ends in the interrupted summary (§7)', async () => {
      // No progress on stderr with jsonl: the handshake is the lint's workspace appearing in its private TMPDIR.
      const tmp = mkdtempSync(join(tmpdir(), 'aoi-interrupt-test-'));
      tmps.push(tmp);
      const child = spawn(
        process.execPath,
        [CLI, 'lint', '--output', 'jsonl', '--', process.execPath, NOTES],
        { env: { ...process.env, TMPDIR: tmp, [MARKER]: tmp }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr!.resume();
      const exited = new Promise<number | null>((resolve) =>
        child.on('close', (code) => resolve(code)),
      );
      while (readdirSync(tmp).length === 0 && child.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 20));
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      const events = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string });
      expect(events[0]).toMatchObject({ type: 'aoi:meta' });
      expect(events.at(-1)).toEqual(
        expect.objectContaining({
          type: 'aoi:summary',
          ok: false,
          reason: 'interrupted',
          partial: true,
        }),
      );
      expect(events.slice(1, -1).every((event) => event.type === 'aoi:warning')).toBe(true);
    });
  },
);

describe(
  'a host that runs the kit as a library takes its probes with it when it ends',
  { timeout: 120_000 },
  () => {
    // A probe that ignores SIGTERM, SIGINT and SIGHUP and would run for ever: its group leads itself, so nothing but the
    // kit can end it once the host is gone (vitest SIGTERMs its workers at teardown, also mid-lint after a test timeout).
    const HOST = `
    import { existsSync, writeFileSync } from 'node:fs';
    import { runProbe, withStateDir } from ${JSON.stringify(new URL('../../dist/run.js', import.meta.url).pathname)};
    const ready = process.env.PROBE_READY;
    if (process.env.HOST_HANDLES) process.on('SIGTERM', () => process.exit(7));
    // signal-exit's way (execa's cleanup, write-file-atomic): raise the signal again only when no one else listens.
    const polite = () => process.listenerCount('SIGTERM') === 1 && (process.off('SIGTERM', polite), process.kill(process.pid, 'SIGTERM'));
    if (process.env.HOST_POLITE) process.on('SIGTERM', polite);
    if (process.env.HOST_STATE_DIR) void withStateDir((dir) => new Promise(() => writeFileSync(ready, dir))); // never done
    else void runProbe('sh', ['-c', 'trap "" TERM INT HUP; echo up > "$PROBE_READY.tmp"; mv "$PROBE_READY.tmp" "$PROBE_READY"; exec sleep 1000'], { timeoutMs: 600_000 });
    const wait = setInterval(() => {
      if (!existsSync(ready)) return;
      clearInterval(wait);
      if (process.env.HOST_EXITS) process.exit(3);
      console.log('ready');
      setInterval(() => {}, 1 << 30);
    }, 20);
  `;

    async function endHost(how: { signal?: NodeJS.Signals; env?: Record<string, string> }) {
      const tmp = mkdtempSync(join(tmpdir(), 'aoi-host-end-test-'));
      tmps.push(tmp);
      const child = spawn(process.execPath, ['--input-type=module', '-e', HOST], {
        env: {
          ...process.env,
          TMPDIR: tmp,
          [MARKER]: tmp,
          PROBE_READY: join(tmp, 'ready'),
          ...how.env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      // The handshake: the host says ready once the probe has written its file (never a sleep).
      child.stdout!.on(
        'data',
        (chunk: Buffer) =>
          chunk.toString().includes('ready') && how.signal && child.kill(how.signal),
      );
      // A bound, not a handshake: a host that outlives the signal shows as SIGKILL in the assertion, not as a hung test.
      const safety = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.on('exit', (c, s) => resolve([c, s])),
      );
      clearTimeout(safety);
      const left = await leftOver(tmp);
      // What the kit made in TMPDIR (the test's own ready file aside).
      return {
        code,
        signal,
        left,
        probeRan: readdirSync(tmp).includes('ready'),
        files: readdirSync(tmp).filter((name) => name !== 'ready'),
      };
    }

    test.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
      '%s: the host still dies by it, and the probe is gone',
      async (sig) => {
        expect(await endHost({ signal: sig })).toEqual({
          code: null,
          signal: sig,
          left: [],
          probeRan: true,
          files: [],
        });
      },
    );

    test('a state directory of withStateDir, no probe running: SIGTERM removes it, and the host dies by it', async () => {
      expect(await endHost({ signal: 'SIGTERM', env: { HOST_STATE_DIR: '1' } })).toEqual({
        code: null,
        signal: 'SIGTERM',
        left: [],
        probeRan: true,
        files: [],
      });
    });

    test('process.exit: the probe is gone', async () => {
      expect(await endHost({ env: { HOST_EXITS: '1' } })).toEqual({
        code: 3,
        signal: null,
        left: [],
        probeRan: true,
        files: [],
      });
    });

    test('vitest, whose test timed out mid-probe: the run fails on the timeout, and the probe is gone', async () => {
      const tmp = mkdtempSync(join(tmpdir(), 'aoi-host-end-test-'));
      tmps.push(tmp);
      const vitest = new URL('../../node_modules/vitest/vitest.mjs', import.meta.url).pathname;
      const root = new URL('./vitest-host/', import.meta.url).pathname;
      const run = await runCli(process.execPath, [vitest, 'run', '--root', root], {
        env: { ...process.env, TMPDIR: tmp, [MARKER]: tmp },
        timeoutMs: 90_000,
      }); // inside the test's 120 s: a stuck run fails with its output
      const said =
        Buffer.from(run.stdout).toString('utf8') + Buffer.from(run.stderr).toString('utf8');
      expect(run.exitCode, said).toBe(1);
      expect(said).toMatch(/Test timed out in 2000ms/);
      expect(await leftOver(tmp)).toEqual([]);
    });

    test('a host with a listener that ends it only when alone (signal-exit) still dies by SIGTERM, and the probe is gone', async () => {
      expect(await endHost({ signal: 'SIGTERM', env: { HOST_POLITE: '1' } })).toEqual({
        code: null,
        signal: 'SIGTERM',
        left: [],
        probeRan: true,
        files: [],
      });
    });

    test('a host that handles SIGTERM itself keeps its own ending (exit 7), and the probe is gone', async () => {
      expect(await endHost({ signal: 'SIGTERM', env: { HOST_HANDLES: '1' } })).toEqual({
        code: 7,
        signal: null,
        left: [],
        probeRan: true,
        files: [],
      });
    });
  },
);
