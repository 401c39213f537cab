import { describe, expect, test } from 'vitest';
import { runProbe } from '../../../src/run/index.js';

const bin = (name: string) => new URL(`./bin/${name}`, import.meta.url).pathname;
const node = process.execPath;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const STACK_FRAME = /^\s+at .+[:(]/m;

describe('runProbe: closeStdoutAfterLines (AOI-CLI §7, pipe close)', () => {
  test('a producer that handles EPIPE exits 141 quietly', async () => {
    const run = await runProbe(node, [bin('epipe-exits-141.mjs')], { closeStdoutAfterLines: 3 });
    expect(run).toMatchObject({ exitCode: 141, signal: null, timedOut: false });
    expect(run.probe).toMatchObject({
      stdoutClosed: { afterLines: 3 },
      graceExpired: false,
      stdoutPipe: 'fifo',
    });
    // What it wrote before the close is kept: at least the three lines that triggered it.
    const lines = text(run.stdout).split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'aoi:meta' });
    expect(run.probe.stdoutClosed!.atByte).toBe(
      text(run.stdout).split('\n').slice(0, 3).join('\n').length + 1,
    );
    expect(text(run.stderr)).toBe('');
  });

  test('a producer that crashes on EPIPE leaves a stack trace on stderr', async () => {
    const run = await runProbe(node, [bin('epipe-crashes.mjs')], { closeStdoutAfterLines: 2 });
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).not.toBe(0);
    expect(run.probe.stdoutClosed).toMatchObject({ afterLines: 2 });
    expect(text(run.stderr)).toContain('EPIPE');
    expect(text(run.stderr)).toMatch(STACK_FRAME);
  });

  test('a producer that ignores EPIPE and keeps writing is ended by the tree kill, not left to hang', async () => {
    const run = await runProbe(node, [bin('epipe-ignores.mjs')], {
      closeStdoutAfterLines: 2,
      graceMs: 300,
    });
    expect(run).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null });
    expect(run.probe.graceExpired).toBe(true);
    expect(run.probe.stdoutClosed).toMatchObject({ afterLines: 2 });
    expect(text(run.stderr)).toBe('');
  });

  test('without a grace period the overall timeout still bounds it', async () => {
    const run = await runProbe(node, [bin('epipe-ignores.mjs')], {
      closeStdoutAfterLines: 1,
      graceMs: 60_000,
      timeoutMs: 1_500,
    });
    expect(run).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(run.probe.graceExpired).toBe(false);
  });

  test('a non-Node tool is killed by SIGPIPE, quietly', async () => {
    const run = await runProbe('yes', ['{"type":"item"}'], { closeStdoutAfterLines: 5 });
    expect(run).toMatchObject({ signal: 'SIGPIPE', exitCode: null, timedOut: false });
    expect(text(run.stderr)).toBe('');
  });

  test('a producer that prints fewer lines than asked is not probed', async () => {
    const run = await runProbe(node, ['-e', 'console.log("{}"); console.log("{}")'], {
      closeStdoutAfterLines: 3,
    });
    expect(run).toMatchObject({ exitCode: 0, timedOut: false });
    expect(run.probe).toMatchObject({ stdoutClosed: null, linesRead: 2 });
    expect(text(run.stdout)).toBe('{}\n{}\n');
  });

  test('counts lines split across chunks and lines arriving many per chunk', async () => {
    // One write holding 100 lines, then a line written a byte at a time.
    const script =
      'process.stdout.write("x\\n".repeat(100)); const l = "{\\"a\\":1}\\n"; let i = 0; const t = setInterval(() => { process.stdout.write(l[i++]); if (i === l.length) clearInterval(t); }, 1)';
    const run = await runProbe(node, ['-e', script], { closeStdoutAfterLines: 101 });
    expect(run.probe.stdoutClosed).toMatchObject({ afterLines: 101, atByte: 200 + 8 });
    expect(text(run.stdout)).toBe(`${'x\n'.repeat(100)}{"a":1}\n`);
  });
});
