import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/run/run-cli.js';

const LEAVER = new URL('./bin/leaves-grandchild.mjs', import.meta.url).pathname;
const node = process.execPath;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** Alive and not a zombie (a killed orphan may linger as a zombie until init reaps it). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
}

describe('runCli', () => {
  test('captures stdout bytes, stderr, exit code and no signal', async () => {
    const run = await runCli(node, [
      '-e',
      'process.stdout.write("a\\n"); process.stderr.write("b"); process.exitCode = 3',
    ]);
    expect(text(run.stdout)).toBe('a\n');
    expect(text(run.stderr)).toBe('b');
    expect(run).toMatchObject({ exitCode: 3, signal: null, timedOut: false });
  });

  test('stdin closed, given, or open', async () => {
    const echo = ['-e', 'process.stdin.pipe(process.stdout)'];
    expect(text((await runCli(node, echo)).stdout)).toBe('');
    expect(text((await runCli(node, echo, { stdin: 'given\n' })).stdout)).toBe('given\n');
    // An open stdin that is never written: a CLI that waits for it hangs until the timeout.
    const open = await runCli(node, echo, { stdin: 'open', timeoutMs: 300 });
    expect(open).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null });
  });

  test('kills what the CLI left behind after it exits: no orphans', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'aoi-run-')), 'grandchild.pid');
    const run = await runCli(node, [LEAVER, pidFile]);
    expect(run.exitCode).toBe(0);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => alive(grandchild)).toBe(false);
  });

  test('on timeout kills the whole tree', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'aoi-run-')), 'grandchild.pid');
    // 5 s: ample for the leaver to start its grandchild; the meta line it prints after the pid file is the proof.
    const run = await runCli(node, [LEAVER, pidFile, 'hang'], { timeoutMs: 5_000 });
    expect(run.timedOut).toBe(true);
    expect(run.signal).toBe('SIGKILL');
    expect(Buffer.from(run.stdout).toString()).toBe('{"type":"aoi:meta"}\n');
    await expect.poll(() => alive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  test('a run is what the matchers take', async () => {
    const { aoiMatchers } = await import('../../src/matchers/index.js');
    expect.extend(aoiMatchers);
    const run = await runCli(node, [
      '-e',
      'console.log(JSON.stringify({type:"aoi:meta",schema_version:"1",aoi_version:"0.2"})); console.log(JSON.stringify({type:"aoi:summary",ok:true,count:0}))',
    ]);
    expect(run).toBeAoiConformant();
    expect(run).toSucceedWithSummary({ count: 0 });
  });
});
