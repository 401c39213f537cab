import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CLI, EXAMPLES, PROCESS_TEST_MS, eventsOf, failures, kit, warnings } from './support.js';

/** `aoi-testkit consumer`'s own behaviour: usage errors, a consumer that cannot start or never runs the tool, a hang, sanitised output. */
describe('aoi-testkit consumer', () => {
  test(
    'usage errors exit 64: no command, an unknown scenario, a spawn scenario without --as, a bad --as',
    async () => {
      for (const args of [
        ['consumer'],
        ['consumer', '--scenario', 'consumer.stdin.nope', '--', 'cat'],
        ['consumer', '--scenario', 'consumer.spawn.killed', '--', 'cat'],
        ['consumer', '--as', '../notes', '--', 'cat'],
      ]) {
        const run = await kit(args);
        expect(run.exitCode, args.join(' ')).toBe(64);
        expect(Buffer.from(run.stderr).toString()).toMatch(/^aoi-testkit: /);
      }
      const jsonl = eventsOf(
        await kit([
          'consumer',
          '--output',
          'jsonl',
          '--scenario',
          'consumer.stdin.nope',
          '--',
          'cat',
        ]),
      );
      expect(jsonl.map((e) => e.type)).toEqual(['aoi:meta', 'aoi:error', 'aoi:summary']);
    },
    PROCESS_TEST_MS,
  );

  test(
    'a consumer that cannot be found exits 66; a wrapper that never runs the tool named by --as exits 65',
    async () => {
      expect(
        (
          await kit([
            'consumer',
            '--scenario',
            'consumer.stdin.good',
            '--',
            '/nonexistent/consumer',
          ])
        ).exitCode,
      ).toBe(66);
      const never = await kit(['consumer', '--as', 'notes', '--', process.execPath, '-e', '']);
      expect(never.exitCode).toBe(65);
      expect(Buffer.from(never.stderr).toString()).toContain('never ran notes');
    },
    PROCESS_TEST_MS,
  );

  test(
    'a wrapper that hands the tool its own stdin hangs on a prompt: CONSUMER-08/hung (a warning: the bound is the kit’s), the scenario’s other rules are skipped, not passed',
    async () => {
      // sh passes its stdin (a pipe the kit never writes to) on to the tool, which waits for an answer.
      const run = await kit([
        'consumer',
        '--as',
        'notes',
        '--scenario',
        'consumer.spawn.prompts',
        '--timeout-ms',
        '4000',
        '--output',
        'jsonl',
        '--',
        'sh',
        '-c',
        'notes list; echo done',
      ]);
      const events = eventsOf(run);
      expect(run.exitCode).toBe(0);
      expect(failures(events)).toEqual([]);
      expect(warnings(events)).toEqual(['CONSUMER-08/hung consumer.spawn.prompts']);
      const checks = events.filter((e) => e.type === 'aoi:check');
      expect(checks.map((e) => `${String(e.name)} ${String(e.status)}`)).toEqual([
        'CONSUMER-02 skip',
        'CONSUMER-05 skip',
        'CONSUMER-07 skip',
        'CONSUMER-08 pass',
      ]);
      expect(checks[0]!.detail).toContain('did not end on its own within 4000 ms');
    },
    PROCESS_TEST_MS,
  );

  test(
    'text output: what the consumer printed is shown sanitised (no raw escape reaches the terminal), with the rule pages of the failures',
    async () => {
      const hostile = String.raw`printf '\033]0;owned\007\033[31m{"type":"aoi:summary","ok":true,"count":0}\033[0m\n'`;
      const run = await kit([
        'consumer',
        '--no-color',
        '--scenario',
        'consumer.stdin.eof-without-summary',
        '--',
        'sh',
        '-c',
        `cat >/dev/null; ${hostile}`,
      ]);
      const text = Buffer.from(run.stdout).toString('utf8');
      expect(run.exitCode).toBe(1);
      expect(text).toContain(
        'CONSUMER-01/incomplete-accepted: consumer.stdin.eof-without-summary: reported success (exit 0, no aoi:summary)',
      );
      expect(text).toContain('\\u001b]0;owned');
      expect(text).not.toMatch(/[\u001b\u0007]/);
      expect(text).toMatch(
        /does not handle AOI streams: CONSUMER-01 failed .* see .*CONSUMER-01\.md/,
      );
      // A summary whose ok is the consumer's own hostile string: quoted in the scenario's line, escaped.
      const bidi = String.raw`printf '{"type":"aoi:summary","ok":"\342\200\256\\u001b[2Jx"}\n'`;
      const good = await kit([
        'consumer',
        '--no-color',
        '--scenario',
        'consumer.stdin.good',
        '--',
        'sh',
        '-c',
        `cat >/dev/null; ${bidi}`,
      ]);
      const goodText = Buffer.from(good.stdout).toString('utf8');
      // CONSUMER-04/success-rejected is a warning (§13: SHOULD): the scenario is a WARN, the run exits 0.
      expect(good.exitCode).toBe(0);
      expect(goodText).toContain(
        'WARN  consumer.stdin.good  must succeed; did: exit 0, summary ok:"\\u202e\\u001b[2Jx"',
      );
      expect(goodText).toContain('WARN  CONSUMER-04');
      expect(goodText).not.toContain('held: CONSUMER-04');
      expect(goodText).not.toMatch(/[\u001b\u202e]/);
    },
    PROCESS_TEST_MS,
  );

  test(
    'text output of a correct consumer: every scenario, and a line saying it handles AOI streams',
    async () => {
      const run = await kit([
        'consumer',
        '--no-color',
        '--',
        'node',
        join(EXAMPLES, 'js/transformer.mjs'),
      ]);
      const text = Buffer.from(run.stdout).toString('utf8');
      expect(run.exitCode).toBe(0);
      expect(
        text.match(
          /^ {2}PASS {2}consumer\.stdin\.\S+ {2}must .*; held: CONSUMER-0\d, CONSUMER-05, CONSUMER-08$/gm,
        ),
      ).toHaveLength(10);
      expect(text).toMatch(
        /handles AOI streams: 30 verdict\(s\) over 10 scenario\(s\), none failed/,
      );
    },
    PROCESS_TEST_MS,
  );
});

describe('an interrupted consumer run', () => {
  /** The pids of the processes whose environment carries a marker of the kit process `kitPid` (its fake tools). */
  const toolsOf = (kitPid: number): number[] =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/environ`).includes(
            `AOI_LINT_PROBE=consumer-${kitPid}-`,
          );
        } catch {
          return false;
        }
      })
      .map(Number);

  test.skipIf(!existsSync('/proc/self/environ'))(
    'SIGINT while a fake tool waits on a prompt, outside the consumer’s group: exit 130 and no tool left running',
    async () => {
      const kitProcess = spawn(
        process.execPath,
        [
          CLI,
          'consumer',
          '--as',
          'notes',
          '--scenario',
          'consumer.spawn.prompts',
          '--',
          'sh',
          '-c',
          'notes list; echo done',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const exited = new Promise<number | null>((resolve) =>
        kitProcess.on('exit', (code) => resolve(code)),
      );
      // Handshake: the tool prompts on stderr (the consumer's, the kit's capture) only once it runs; wait for it to exist.
      while (toolsOf(kitProcess.pid!).length === 0)
        await new Promise((resolve) => setTimeout(resolve, 25)); // polled: a condition, not a guess
      kitProcess.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(toolsOf(kitProcess.pid!)).toEqual([]);
    },
    PROCESS_TEST_MS,
  );
});
