import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Run } from '../../../src/run/run-cli.js';
import { runKit } from '../../support/kit-cli.js';
import { ROOT } from './support.js';

/** Room for a busy 2-core machine: the kit's own bounds decide a hang, this is the test runner's safety net. */
const PROCESS_TEST_MS = 180_000;

/** The built kit, run as a user runs it, from the checkout (the runners' paths are relative to it). */
const kit = (args: readonly string[]): Promise<Run> =>
  runKit(args, { cwd: ROOT, timeoutMs: PROCESS_TEST_MS - 10_000 });
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
type Event = { type: string } & Record<string, unknown>;
const eventsOf = (run: Run): Event[] =>
  text(run.stdout)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Event);

const RUNNER = ['node', 'fixtures/runners/js/acp-runner.mjs'];
const TWIN = ['node', 'fixtures/runners/js/acp-runner-buggy.mjs'];
const TWO = ['--scenario', 'runner.acp.turn', '--scenario', 'runner.acp.permission-denied'];

/** `aoi-testkit runner`'s own behaviour: usage, set-up errors, verdicts and their exit status, a hang, sanitised output. */
describe('aoi-testkit runner', () => {
  test(
    'usage errors exit 64 with one line, in jsonl as an aoi:error',
    async () => {
      for (const args of [
        ['runner'],
        ['runner', 'node', 'runner.mjs'],
        ['runner', '--'],
        ['runner', '--protocol', 'a2a', '--', 'cat'],
        ['runner', '--protocol', 'mcp', '--scenario', 'runner.acp.turn', '--', 'cat'],
        ['runner', '--scenario', 'runner.acp.nope', '--', 'cat'],
        ['runner', '--timeout-ms', '4000', '--runner-timeout-ms', '3000', '--', 'cat'],
        ['runner', '--timeout-ms', '999', '--', 'cat'],
      ]) {
        const run = await kit(args);
        expect(run.exitCode, args.join(' ')).toBe(64);
        expect(text(run.stderr), args.join(' ')).toMatch(/^aoi-testkit: /);
      }
      const jsonl = eventsOf(
        await kit(['runner', '--output', 'jsonl', '--protocol', 'a2a', '--', 'cat']),
      );
      expect(jsonl.map((e) => e.type)).toEqual(['aoi:meta', 'aoi:error', 'aoi:summary']);
    },
    PROCESS_TEST_MS,
  );

  test(
    'a runner that cannot be found exits 66, one that cannot start 69, one that never starts the agent 65',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'aoi-runner-cli-'));
      try {
        const notExecutable = join(dir, 'runner');
        writeFileSync(notExecutable, '#!/bin/sh\nexit 0\n');
        chmodSync(notExecutable, 0o644);
        const scenario = ['--scenario', 'runner.repl.turn'];
        expect((await kit(['runner', ...scenario, '--', join(dir, 'nope')])).exitCode).toBe(66);
        expect((await kit(['runner', ...scenario, '--', notExecutable])).exitCode).toBe(69);
        const never = await kit(['runner', ...scenario, '--', process.execPath, '-e', '']);
        expect(never.exitCode).toBe(65);
        expect(text(never.stderr)).toContain('started the agent in none of 1 scenario(s)');
        expect(text(never.stdout)).toBe('');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_MS,
  );

  test(
    'a correct runner exits 0; its twin exits 1, the failed rule named with its finding, its page, in text and jsonl',
    async () => {
      const good = await kit(['runner', '--protocol', 'acp', ...TWO, '--', ...RUNNER]);
      expect(good.exitCode, text(good.stdout) + text(good.stderr)).toBe(0);
      expect(text(good.stdout)).toMatch(/^aoi-testkit runner node .*: 2 scenario\(s\), acp\n/);
      expect(text(good.stdout)).toContain('runs agents as AIP-45 says');

      const bad = await kit(['runner', '--protocol', 'acp', ...TWO, '--', ...TWIN]);
      expect(bad.exitCode).toBe(1);
      const out = text(bad.stdout);
      expect(out).toMatch(/FAIL {2}runner\.acp\.permission-denied {2}must relay and succeed/);
      expect(out).toContain('AGENTCLI-35/permission-overridden');
      expect(out).toMatch(/does not run agents as AIP-45 says: AGENTCLI-35 failed .*AGENTCLI-35/);

      const jsonl = await kit([
        'runner',
        '--output',
        'jsonl',
        '--protocol',
        'acp',
        ...TWO,
        '--',
        ...TWIN,
      ]);
      expect(jsonl.exitCode).toBe(1);
      const events = eventsOf(jsonl);
      expect(events[0]).toMatchObject({ type: 'aoi:meta', command: 'runner' });
      const failed = events.filter((e) => e.type === 'aoi:check' && e.status === 'fail');
      expect(failed.map((e) => [e.name, e.command])).toEqual([
        ['AGENTCLI-35', 'runner.acp.permission-denied'],
      ]);
      expect(events.at(-1)).toMatchObject({
        type: 'aoi:summary',
        ok: false,
        runner: { protocols: ['acp'], scenarios: 2 },
      });
    },
    PROCESS_TEST_MS,
  );

  test(
    'a runner that never ends is killed at --timeout-ms: AGENTCLI-33/hung, the rest skipped; what it printed reaches the terminal sanitised',
    async () => {
      // It starts the agent, writes a terminal escape on stderr and sleeps far past the kit's bound.
      const hang = `printf '\\033]0;pwned\\007\\033[2Jstill thinking\\n' >&2; $AOI_AGENT_COMMAND & exec sleep 600`;
      const run = await kit([
        'runner',
        '--scenario',
        'runner.repl.turn',
        '--timeout-ms',
        '3000',
        '--runner-timeout-ms',
        '1000',
        // AGENTCLI-33/hung is a warning (MCP's SHOULD): --strict fails it.
        '--strict',
        '--',
        'sh',
        '-c',
        hang,
      ]);
      expect(run.exitCode).toBe(1);
      const out = text(run.stdout);
      expect(out).toContain('AGENTCLI-33/hung');
      expect(out).toContain('did not end (killed by the kit)');
      expect(out).toContain('still thinking');
      expect(out).not.toContain('\u001b');
      expect(out).not.toContain('\u0007');
      expect(out).toMatch(/SKIP {2}AGENTCLI-31/);
    },
    PROCESS_TEST_MS,
  );
});
