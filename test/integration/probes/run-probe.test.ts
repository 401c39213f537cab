import { describe, expect, test } from 'vitest';
import { runProbe } from '../../../src/run/index.js';

const node = process.execPath;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('runProbe: the same contract as runCli when no probe acts', () => {
  test('captures stdout, stderr and exit code; stdin closed, given or open', async () => {
    const run = await runProbe(node, ['-e', 'process.stdout.write("a\\n"); process.stderr.write("b"); process.exitCode = 3']);
    expect(text(run.stdout)).toBe('a\n');
    expect(text(run.stderr)).toBe('b');
    expect(run).toMatchObject({ exitCode: 3, signal: null, timedOut: false });
    expect(run.probe).toMatchObject({ stdoutClosed: null, signalSent: null, graceExpired: false, linesRead: 1, stdoutPipe: 'socketpair', spawnError: null });

    const echo = ['-e', 'process.stdin.pipe(process.stdout)'];
    expect(text((await runProbe(node, echo)).stdout)).toBe('');
    expect(text((await runProbe(node, echo, { stdin: 'given\n' })).stdout)).toBe('given\n');
    expect(text((await runProbe(node, echo, { stdin: 'given\n', closeStdoutAfterLines: 5 })).stdout)).toBe('given\n');
    const open = await runProbe(node, echo, { stdin: 'open', timeoutMs: 500 });
    expect(open).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null });
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
    const script = 'require("child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1e6)"], { stdio: ["ignore", "inherit", "inherit"] }).unref(); console.log("{}")';
    const run = await runProbe(node, ['-e', script]);
    expect(run).toMatchObject({ exitCode: 0, timedOut: false });
    expect(text(run.stdout)).toBe('{}\n');
  });
});
