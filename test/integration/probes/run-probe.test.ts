import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runProbe } from '../../../src/run/index.js';

const node = process.execPath;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('runProbe: the same contract as runCli when no probe acts', () => {
  test('captures stdout, stderr and exit code; stdin closed, given or open', async () => {
    const run = await runProbe(node, [
      '-e',
      'process.stdout.write("a\\n"); process.stderr.write("b"); process.exitCode = 3',
    ]);
    expect(text(run.stdout)).toBe('a\n');
    expect(text(run.stderr)).toBe('b');
    expect(run).toMatchObject({ exitCode: 3, signal: null, timedOut: false });
    expect(run.probe).toMatchObject({
      stdoutClosed: null,
      signalSent: null,
      graceExpired: false,
      linesRead: 1,
      stdoutPipe: 'socketpair',
      spawnError: null,
    });

    const echo = ['-e', 'process.stdin.pipe(process.stdout)'];
    expect(text((await runProbe(node, echo)).stdout)).toBe('');
    expect(text((await runProbe(node, echo, { stdin: 'given\n' })).stdout)).toBe('given\n');
    expect(
      text((await runProbe(node, echo, { stdin: 'given\n', closeStdoutAfterLines: 5 })).stdout),
    ).toBe('given\n');
    const open = await runProbe(node, echo, { stdin: 'open', timeoutMs: 500 });
    expect(open).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null });
  });

  test('PWD names the working directory it runs in, as a shell sets it after cd, unless the caller sets PWD', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoi-pwd-'));
    try {
      const pwd = ['-e', 'process.stdout.write(String(process.env.PWD))'];
      // A tool that honours $PWD (POSIX's logical cwd) must not be sent back to the caller's directory.
      expect(text((await runProbe(node, pwd, { cwd: dir })).stdout)).toBe(dir);
      expect(text((await runProbe(node, pwd, { cwd: dir, env: { PWD: '/chosen' } })).stdout)).toBe(
        '/chosen',
      );
      expect(text((await runProbe(node, pwd)).stdout)).toBe(String(process.env.PWD));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a CLI that cannot be started reports the error code, not the command line', async () => {
    for (const options of [{}, { closeStdoutAfterLines: 1 }]) {
      const run = await runProbe('/nonexistent/aoi-cli', ['--token', 'not-for-printing'], options);
      expect(run).toMatchObject({ exitCode: null, signal: null, timedOut: false });
      expect(run.probe.spawnError).toBe('ENOENT');
    }
  });

  test('output beyond maxBufferBytes stops the capture and kills the tree', async () => {
    const run = await runProbe('yes', ['0123456789'], { maxBufferBytes: 100_000 });
    expect(run.probe.maxBufferExceeded).toBe(true);
    expect(run.stdout.length).toBeLessThanOrEqual(100_000);
    expect(run.signal).toBe('SIGKILL');
  });

  test('grandchildren holding stdout open are killed once the CLI exits: no hang', async () => {
    // The CLI exits at once, leaving a grandchild that holds stdout open and would live forever.
    const script =
      'require("child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1e6)"], { stdio: ["ignore", "inherit", "inherit"] }).unref(); console.log("{}")';
    const run = await runProbe(node, ['-e', script]);
    expect(run).toMatchObject({ exitCode: 0, timedOut: false });
    expect(text(run.stdout)).toBe('{}\n');
  });

  test('output left in the pipes when the CLI exits is never lost, however late the loop reads it', async () => {
    // drainMs 0: the drain fires at the first turn of the loop after the exit, the worst case of a starved
    // machine (where the timer fires before the poll phase reads the pipes). Every byte must still arrive.
    // A hundred at once keep this process's loop busy enough that a drain which does not wait for the poll
    // phase loses output (it did: about one run in ten, and the cmdhelp corpus saw empty documents under load).
    const script = 'process.stdout.write("x".repeat(48 * 1024)); process.stderr.write("done")';
    const runs = await Promise.all(
      Array.from({ length: 100 }, () => runProbe(node, ['-e', script], { drainMs: 0 })),
    );
    expect(runs.map((run) => [run.stdout.length, text(run.stderr), run.exitCode])).toEqual(
      runs.map(() => [48 * 1024, 'done', 0]),
    );
  });

  test('something outside the process group that holds stdout open ends the capture after drainMs of silence', async () => {
    // setsid: the grandchild leaves the group, so killing the group does not reach it; it holds stdout for 10 s.
    const script =
      'require("child_process").spawn("setsid", [process.execPath, "-e", "setTimeout(() => {}, 10000)"], { stdio: ["ignore", "inherit", "ignore"] }).unref(); console.log("{}")';
    const run = await runProbe(node, ['-e', script], { drainMs: 300 });
    expect(run).toMatchObject({ exitCode: 0, timedOut: false });
    expect(text(run.stdout)).toBe('{}\n');
  });
});
