import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import {
  nodeTripwireEnv,
  readNodeAttempts,
  writeNodeTripwire,
} from '../../../src/run/node-tripwire.js';
import { runCli, type Run } from '../../../src/run/run-cli.js';
import { runProbe } from '../../../src/run/run-probe.js';
import { BACKEND_CASES, backendEnvOf } from '../../../src/fakes/aoi/notes/backend-cases.js';

const NOTES = new URL('../../../fixtures/bin/notes', import.meta.url).pathname;
const TOKEN = 'ntk_canary_process_5b1e0d9a72';
const freshDir = () => mkdtempSync(join(tmpdir(), 'notes-sync-proc-'));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const events = (r: Run) =>
  text(r.stdout)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const ofType = (r: Run, type: string) => events(r).filter((e) => e.type === type);

function sync(
  stateDir: string,
  backend?: object | string,
  extra: string[] = [],
  env: Record<string, string> = {},
) {
  const NOTES_BACKEND: Record<string, string> =
    backend === undefined
      ? {}
      : { NOTES_BACKEND: typeof backend === 'string' ? backend : JSON.stringify(backend) };
  return runCli(process.execPath, [NOTES, 'sync', ...extra, '--output', 'jsonl'], {
    env: { AOI_TESTKIT_STATE_DIR: stateDir, ...NOTES_BACKEND, ...env },
    stdin: 'open',
    timeoutMs: 20_000,
  });
}

function expectConformant(r: Run) {
  const report = checkStream(r.stdout, {
    exitCode: r.exitCode,
    signal: r.signal,
    strict: true,
    secrets: [TOKEN],
  });
  expect(report.findings.map((f) => `${f.id}: ${f.message}`)).toEqual([]);
  expect(events(r)[0]).toMatchObject({ type: 'aoi:meta', command: 'sync' });
  expect(events(r).at(-1)?.type).toBe('aoi:summary');
  expect(text(r.stderr)).toBe('');
}

describe('notes sync as a real process (msw in the fake’s own process)', () => {
  test('default backend: two created notes with ids, then none; no network attempt at all', async () => {
    const dir = freshDir();
    const tripwire = writeNodeTripwire(freshDir());
    const env = nodeTripwireEnv(tripwire);
    const first = await sync(dir, undefined, [], env);
    expect(first.exitCode).toBe(0);
    expectConformant(first);
    expect(ofType(first, 'created')).toEqual([
      { type: 'created', id: 'n_0001' },
      { type: 'created', id: 'n_0002' },
    ]);
    const second = await sync(dir, undefined, [], env);
    expect(second.exitCode).toBe(0);
    expectConformant(second);
    expect(ofType(second, 'created')).toEqual([]);
    expect(readNodeAttempts(tripwire)).toEqual([]);
  });

  test.each(BACKEND_CASES.map((c) => [c.id, c] as const))(
    '%s: the aoi:error and exit status the case declares',
    async (_id, c) => {
      const dir = freshDir();
      const run = await sync(dir, backendEnvOf(c), [...c.args]);
      expect(run.exitCode).toBe(c.exitCode);
      expectConformant(run);
      expect(ofType(run, 'aoi:error')).toEqual([expect.objectContaining(c.error)]);
      expect('retry_after_ms' in ofType(run, 'aoi:error')[0]!).toBe(
        c.error.retry_after_ms !== undefined,
      );
      expect(events(run).at(-1)).toMatchObject({ ok: false });
      expect(existsSync(join(dir, 'notes.json'))).toBe(false);
      // Bounded by --timeout, not by the backend's delay.
      if (c.id === 'timeout') expect(run.durationMs).toBeLessThan(15_000);
    },
  );

  test('--dry-run plans and changes no state', async () => {
    const dir = freshDir();
    expect((await sync(dir)).exitCode).toBe(0);
    const before = readFileSync(join(dir, 'notes.json'), 'utf8');
    const dry = await sync(dir, { notes: [{ title: 'Fresh', body: 'from the backend' }] }, [
      '--dry-run',
    ]);
    expect(dry.exitCode).toBe(0);
    expectConformant(dry);
    expect(ofType(dry, 'aoi:plan')).toEqual([
      { type: 'aoi:plan', action: 'create', target: 'note', title: 'Fresh' },
    ]);
    expect(readFileSync(join(dir, 'notes.json'), 'utf8')).toBe(before);
  });

  test('the token is sent and never printed, on success or refusal, in either mode', async () => {
    const env = { NOTES_API_TOKEN: TOKEN };
    const ok = await sync(freshDir(), { requireToken: true }, [], env);
    expect(ok.exitCode).toBe(0);
    const refused = await sync(freshDir(), { status: 401 }, [], env);
    expect(refused.exitCode).toBe(77);
    const human = await runCli(process.execPath, [NOTES, 'sync'], {
      env: { AOI_TESTKIT_STATE_DIR: freshDir(), NOTES_BACKEND: '{"status":403}', ...env },
    });
    expect(human.exitCode).toBe(77);
    for (const r of [ok, refused, human])
      expect(text(r.stdout) + text(r.stderr)).not.toContain(TOKEN);
  });

  test('a reader that goes away: exit 141, nothing on stderr', async () => {
    // More output than a pipe buffer holds, so the close is certain to land before the end.
    const many = { notes: Array.from({ length: 4000 }, (_, i) => ({ title: `n${i}` })) };
    const run = await runProbe(process.execPath, [NOTES, 'sync', '--output', 'jsonl'], {
      env: { AOI_TESTKIT_STATE_DIR: freshDir(), NOTES_BACKEND: JSON.stringify(many) },
      closeStdoutAfterLines: 1,
      timeoutMs: 20_000,
    });
    expect(run.probe.stdoutClosed).not.toBeNull();
    expect(run.exitCode).toBe(141);
    expect(text(run.stderr)).toBe('');
  });

  test('SIGINT while the request is pending: interrupted summary, exit 130', async () => {
    const run = await runProbe(process.execPath, [NOTES, 'sync', '--output', 'jsonl'], {
      env: { AOI_TESTKIT_STATE_DIR: freshDir(), NOTES_BACKEND: '{"delayMs":60000}' },
      signalAfterLines: { lines: 1, signal: 'SIGINT' },
      timeoutMs: 20_000,
    });
    expect(run.exitCode).toBe(130);
    expect(events(run).at(-1)).toEqual({
      type: 'aoi:summary',
      ok: false,
      reason: 'interrupted',
      partial: true,
    });
  });

  test('aoi-lint probing sync bare (open stdin, canaries, fresh state) passes every rule', async () => {
    const report = await lintCli(processTarget(process.execPath, [NOTES]), { timeoutMs: 15_000 });
    expect(report.commands).toContain('sync');
    const mine = report.verdicts.filter((v) => v.command === 'sync');
    expect(
      mine
        .filter((v) => v.status === 'fail' || v.status === 'skip')
        .map((v) => `${v.rule}: ${v.reason ?? v.findings[0]?.message}`),
    ).toEqual([]);
    const passed = mine.filter((v) => v.status === 'pass').map((v) => v.rule);
    expect(passed).toEqual(
      expect.arrayContaining([
        'AOI-02',
        'AOI-03',
        'AOI-05',
        'AOI-06',
        'AOI-08',
        'AOI-09',
        'AOI-10',
      ]),
    );
    expect(mine.filter((v) => v.warnings > 0)).toEqual([]);
  }, 60_000);
});
