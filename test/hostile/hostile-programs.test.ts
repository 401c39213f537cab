import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

// The kit survives the programs it tests (issue 15): `aoi-testkit lint` on a tool whose `dump` command turns
// hostile (test/hostile/programs/hostile.py, standard-library Python). Each case says what the kit must report,
// and checks that nothing the program started is left running and nothing is left in the kit's TMPDIR.

import { CLI } from '../support/kit-cli.js';
const HOSTILE = new URL('./programs/hostile.py', import.meta.url).pathname;
const MARKER = 'AOI_TESTKIT_HOSTILE_TEST';
const CAP = 1024 * 1024;

interface Check {
  name: string;
  command: string;
  status: string;
  findings: { id: string }[];
}

interface Linted {
  code: number | null;
  stdout: Buffer;
  stderr: Buffer;
  checks: Check[];
  leftProcesses: number[];
  leftFiles: string[];
}

/** Pids whose environment names `needle`: everything the lint started inherits the marker variable. */
function processesNaming(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`).includes(needle)) found.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

/**
 * The marked processes still running once those the kit killed have had a while to go. On a loaded machine fifty
 * members of a group the kit has just killed are still seen for a moment, their environment readable, until each
 * is scheduled to die; one that survived is still there after the deadline (hostile.py's children sleep 300 s).
 */
async function survivors(needle: string): Promise<number[]> {
  const deadline = Date.now() + 20_000;
  let left = processesNaming(needle);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesNaming(needle);
  }
  return left;
}

const tmps: string[] = [];
afterEach(() => {
  for (const dir of tmps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `aoi-testkit lint --spec aoi` on hostile.py in `mode`, with a private TMPDIR and a marker in the environment. */
async function lint(mode: string, output: 'jsonl' | 'text' = 'jsonl'): Promise<Linted> {
  const tmp = mkdtempSync(join(tmpdir(), 'aoi-hostile-test-'));
  tmps.push(tmp);
  const args = [
    CLI,
    'lint',
    '--spec',
    'aoi',
    '--output',
    output,
    '--max-output-bytes',
    String(CAP),
    '--timeout-ms',
    '5000',
    '--env',
    `HOSTILE_MODE=${mode}`,
    '--',
    'python3',
    HOSTILE,
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, TMPDIR: tmp, [MARKER]: tmp, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  const out = Buffer.concat(stdout);
  const checks =
    output === 'jsonl'
      ? out
          .toString('utf8')
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { type: string } & Check)
          .filter((event) => event.type === 'aoi:check')
      : [];
  return {
    code,
    stdout: out,
    stderr: Buffer.concat(stderr),
    checks,
    leftProcesses: await survivors(tmp),
    leftFiles: readdirSync(tmp),
  };
}

/** The sub-rules reported for `dump`, the hostile command. */
const dumpFindings = (run: Linted) =>
  run.checks.filter((c) => c.command === 'dump').flatMap((c) => c.findings.map((f) => f.id));

const leavesNothing = (run: Linted) => {
  expect(run.leftProcesses, 'processes left running').toEqual([]);
  expect(run.leftFiles, 'files left in TMPDIR').toEqual([]);
};

describe('hostile programs: what the kit reports, and that it leaves nothing behind', () => {
  test('a well-behaved run of the same tool: no findings (the cases below differ by their mode only)', async () => {
    const run = await lint('');
    expect(run.checks.flatMap((c) => c.findings)).toEqual([]);
    expect(run.code).toBe(0);
    leavesNothing(run);
  }, 180_000);

  test.each(['flood-stdout', 'flood-stderr'])(
    "%s: AOI-11/output-cap-exceeded alone, never blame for the kit's own kill",
    async (mode) => {
      const run = await lint(mode);
      expect(new Set(dumpFindings(run))).toEqual(new Set(['AOI-11/output-cap-exceeded']));
      expect(run.code).toBe(0); // a warning
      leavesNothing(run);
    },
    180_000,
  );

  test('fork-children: 50 children sleeping after the tool exited are ended with its process group', async () => {
    const run = await lint('fork-children');
    // They stayed in its process group, which the kit killed: dying, not surviving, even when the scan sees them.
    expect(dumpFindings(run)).toEqual([]);
    leavesNothing(run);
  }, 180_000);

  test('close-stdout: exit 0 with no summary is AOI-03/eof-without-summary', async () => {
    const run = await lint('close-stdout');
    expect(new Set(dumpFindings(run))).toEqual(new Set(['AOI-03/eof-without-summary']));
    expect(run.code).toBe(1);
    leavesNothing(run);
  }, 180_000);

  test('ignore-stdin: never reads stdin, never exits: AOI-03/timed-out, and the kit returns', async () => {
    const run = await lint('ignore-stdin');
    expect(dumpFindings(run)).toContain('AOI-03/timed-out');
    expect(run.code).toBe(1);
    leavesNothing(run);
  }, 180_000);

  test.each(['jsonl', 'text'] as const)(
    'escapes (--output %s): no escape, C1 control or bidi override reaches the terminal',
    async (output) => {
      const run = await lint('escapes', output);
      expect(run.code).toBe(1);
      for (const stream of [run.stdout, run.stderr]) {
        const text = stream.toString('utf8');
        expect(text).not.toMatch(/[\u001b\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
      }
      // What the program printed is still shown, made visible.
      expect(run.stdout.toString('utf8')).toContain('\\u202e');
      if (output === 'jsonl') expect(dumpFindings(run)).toContain('AOI-02/ansi');
      leavesNothing(run);
    },
    180_000,
  );
});
