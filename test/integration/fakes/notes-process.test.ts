import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, test } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { runInMemory } from '../../../src/fakes/aoi/engine/memory.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { runCli } from '../../../src/run/run-cli.js';

const NOTES = new URL('../../../fixtures/bin/notes', import.meta.url).pathname;
const freshDir = () => mkdtempSync(join(tmpdir(), 'notes-proc-'));
const asProcess = (
  stateDir: string,
  argv: string[],
  stdin: 'closed' | 'open' | string = 'closed',
) => runCli(NOTES, argv, { env: { AOI_TESTKIT_STATE_DIR: stateDir }, stdin, timeoutMs: 20_000 });
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** Start `notes watch` and resolve once its first heartbeat arrives: a handshake, not a sleep. */
function startWatch(stateDir: string) {
  const child = spawn(NOTES, ['watch', '--output', 'jsonl', '--interval-ms', '20'], {
    env: { ...process.env, AOI_TESTKIT_STATE_DIR: stateDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const lines = createInterface({ input: child.stdout });
  const seen: string[] = [];
  const firstHeartbeat = new Promise<void>((resolve) =>
    lines.on('line', (line) => {
      seen.push(line);
      if (line.includes('aoi:heartbeat')) resolve();
    }),
  );
  return { child, exited, firstHeartbeat, seen, stderr: () => stderr };
}

describe('notes as a real process', () => {
  test('gives the same bytes and exit status as in memory', async () => {
    const [processDir, memoryDir] = [freshDir(), freshDir()];
    const script = [
      ['create', '--title', 'alpha note', '--output', 'jsonl'],
      ['create', '--title', 'beta note', '--idempotency-key', 'k', '--output', 'jsonl'],
      ['search', 'note', '--limit', '1', '--output', 'jsonl'],
      ['get', 'n_0042', '--output', 'jsonl'],
      ['delete', 'n_0001', '--output', 'jsonl'],
      ['doctor', '--output', 'jsonl'],
      ['list'],
    ];
    for (const argv of script) {
      const real = await asProcess(processDir, argv);
      const fake = await runInMemory(notes, { argv, stateDir: memoryDir });
      expect(text(real.stdout), argv.join(' ')).toBe(text(fake.stdout));
      expect(real.exitCode, argv.join(' ')).toBe(fake.exitCode);
    }
  });

  test('SIGINT mid-stream: an interrupted summary, exit 130', async () => {
    const watch = startWatch(freshDir());
    await watch.firstHeartbeat;
    watch.child.kill('SIGINT');
    const { code } = await watch.exited;
    expect(code).toBe(130);
    expect(JSON.parse(watch.seen.at(-1)!)).toEqual({
      type: 'aoi:summary',
      ok: false,
      reason: 'interrupted',
      partial: true,
    });
    const report = checkStream(`${watch.seen.join('\n')}\n`, {
      exitCode: code,
      unbounded: true,
      strict: true,
    });
    expect(report.findings).toEqual([]);
  });

  test('a reader that goes away: exit 141, no stack trace', async () => {
    const watch = startWatch(freshDir());
    await watch.firstHeartbeat;
    watch.child.stdout.destroy();
    const { code } = await watch.exited;
    expect(code).toBe(141);
    expect(watch.stderr()).toBe('');
  });

  test('does not read stdin it does not need: an open pipe does not hang search', async () => {
    const run = await asProcess(freshDir(), ['search', 'x', '--output', 'jsonl'], 'open');
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(0);
  });

  test('import reads stdin to EOF', async () => {
    const dir = freshDir();
    const run = await asProcess(
      dir,
      ['import', '--input-jsonl', '-', '--output', 'jsonl'],
      '{"title":"a"}\n{"title":"b"}\n',
    );
    expect(run.exitCode).toBe(0);
    expect(text(run.stdout)).toContain('"count":2');
  });
});
