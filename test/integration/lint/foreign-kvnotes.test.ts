import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * kvnotes (fixtures/foreign/kvnotes): a Python tool whose notes live in a loopback HTTP key-value service, so
 * that nothing it does is on disk. The lint sees its side effects only through the tool itself (`list`, read-only
 * in its capabilities, or --observe), and its escapes (a write to the real HOME, a detached process) by watching
 * around each probe. The clean tool gets no finding; each defect gets exactly the findings tool.json lists.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
import { runKit } from '../../support/kit-cli.js';
const TOOL = JSON.parse(readFileSync(join(ROOT, 'fixtures/foreign/kvnotes/tool.json'), 'utf8')) as {
  command: string[];
  lint: { args: string[]; setup: string[][]; invocations: string[][] };
  service: { command: string[]; urlEnv: string };
  defectEnv: string;
  defects: Record<string, { findings: string[] }>;
};
const absolute = (argv: readonly string[]) =>
  argv.map((arg) => (arg.startsWith('fixtures/') ? join(ROOT, arg) : arg));
const quoted = (argv: readonly string[]) => argv.map((arg) => `'${arg}'`).join(' ');
/** Where the history-in-real-home defect writes: the passwd entry's home, as the tool finds it. */
const HISTORY = join(userInfo().homedir, '.kvnotes_history');

const EVIDENCE: Record<string, RegExp> = {
  'dry-run-deletes': /^--dry-run changed what `list --output jsonl` shows \(removed n1\)$/,
  'replay-duplicates': /^the replay changed what `list --output jsonl` shows \(added n\d+\) again$/,
  'continue-drops-good': /`list --output jsonl` shows 1 of them applied$/,
  'history-in-real-home': new RegExp(`: ${HISTORY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  // Every probe of the command starts one (the plain run, the signal probes, …): one or several are left.
  'leaves-daemon':
    /^left (?:a process|\d+ processes) running after it ended: pid \d+ \(\S*python3 -c import time; time\.sleep\(300\)\)/,
};

let server: ChildProcess;
let url: string;
/** The lint runs from a directory of its own (and a parent of its own), so that only the tool writes there. */
let caller: string;

beforeAll(async () => {
  const [program, ...args] = absolute(TOOL.service.command);
  server = spawn(program!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // Its stderr is shown only if it fails to start: once serving, http.server prints a traceback for every probe
  // killed mid-request (a broken pipe), which is the lint doing its job, not news for the test log.
  let stderr = '';
  server
    .stderr!.setEncoding('utf8')
    .on('data', (chunk: string) => (stderr = `${stderr}${chunk}`.slice(-4000)));
  // Handshake: the first stdout line is the base URL.
  url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) =>
      reject(new Error(`kvnotes-server exited with ${code}: ${stderr}`)),
    );
  });
  caller = join(mkdtempSync(join(tmpdir(), 'kvnotes-caller-')), 'parent', 'cwd');
  mkdirSync(caller, { recursive: true });
});

afterAll(() => {
  server?.kill();
  if (caller) rmSync(join(caller, '..', '..'), { recursive: true, force: true });
});

interface Linted {
  exitCode: number | null;
  ok: boolean;
  findings: string[];
  checks: Record<string, unknown>[];
  stderr: string;
}

async function lint(
  extra: readonly string[],
  program: readonly string[] = TOOL.command,
): Promise<Linted> {
  const plan = [
    ...TOOL.lint.setup.flatMap((argv) => ['--setup', quoted(argv)]),
    ...TOOL.lint.invocations.flatMap((argv) => ['--invoke', quoted(argv)]),
  ];
  const args = [
    'lint',
    '--spec',
    'aoi',
    '--output',
    'jsonl',
    ...TOOL.lint.args,
    '--env',
    `${TOOL.service.urlEnv}=${url}`,
    ...plan,
    ...extra,
    '--',
    ...absolute(program),
  ];
  const run = await runKit([...args], { timeoutMs: 170_000, cwd: caller });
  const events = Buffer.from(run.stdout)
    .toString('utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const checks = events.filter((event) => event.type === 'aoi:check');
  const findings = [
    ...new Set(
      checks.flatMap((check) =>
        ((check.findings ?? []) as { id: string }[]).map((finding) => finding.id),
      ),
    ),
  ].sort();
  const summary = events.find((event) => event.type === 'aoi:summary');
  return {
    exitCode: run.exitCode,
    ok: summary?.ok === true,
    findings,
    checks,
    stderr: Buffer.from(run.stderr).toString('utf8'),
  };
}

/** Every finding with its message: what a red run must show to be diagnosed from its log. */
const explained = (linted: Linted): string =>
  linted.checks
    .flatMap((check) =>
      ((check.findings ?? []) as { id: string; message: string }[]).map(
        (f) => `${String(check.command)}: ${f.id} ${f.message}`,
      ),
    )
    .join(' | ');

const statusOf = (linted: Linted, rule: string, command: string) =>
  linted.checks.find((check) => check.name === rule && check.command === command)?.status;

describe('kvnotes: state in a loopback HTTP service', () => {
  test(
    'the clean tool: no finding, and AOI-06, 07, 12 judged through `list` instead of skipped',
    { timeout: 300_000 },
    async () => {
      const linted = await lint([]);
      expect(linted.findings, explained(linted)).toEqual([]);
      expect(linted.ok).toBe(true);
      expect(linted.exitCode).toBe(0);
      expect(
        ['AOI-06 delete', 'AOI-07 create', 'AOI-12 import'].map(
          (key) => `${key}: ${String(statusOf(linted, ...(key.split(' ') as [string, string])))}`,
        ),
      ).toEqual(['AOI-06 delete: pass', 'AOI-07 create: pass', 'AOI-12 import: pass']);
    },
  );

  for (const [defect, { findings }] of Object.entries(TOOL.defects)) {
    test(`${defect}: exactly ${findings.join(', ')}`, { timeout: 300_000 }, async () => {
      try {
        const linted = await lint(['--env', `${TOOL.defectEnv}=${defect}`]);
        expect(linted.findings, explained(linted)).toEqual([...findings].sort());
        // A finding names the evidence it rests on: the observation command, the path, the pid.
        const messages = linted.checks.flatMap((check) =>
          ((check.findings ?? []) as { message: string }[]).map((finding) => finding.message),
        );
        if (EVIDENCE[defect])
          expect(messages).toContainEqual(expect.stringMatching(EVIDENCE[defect]));
      } finally {
        if (defect === 'history-in-real-home') rmSync(HISTORY, { force: true });
      }
    });
  }
});

describe('--observe: a tool without capabilities', () => {
  const program = ['sh', 'fixtures/foreign/kvnotes/without-capabilities.sh'];
  const plan = ['--invoke', 'list', '--only', 'AOI-06'];

  test(
    'without --observe, an unconfirmed delete that deletes is invisible: AOI-06 skipped, not passed',
    { timeout: 300_000 },
    async () => {
      const linted = await lint(
        [...plan, '--env', `${TOOL.defectEnv}=unconfirmed-deletes`],
        program,
      );
      expect(linted.findings, explained(linted)).toEqual([]);
      expect(statusOf(linted, 'AOI-06', 'delete')).toBe('skip');
    },
  );

  test(
    'with --observe list, it is caught; the clean tool passes',
    { timeout: 300_000 },
    async () => {
      const defective = await lint(
        [...plan, '--observe', 'list --limit 50', '--env', `${TOOL.defectEnv}=unconfirmed-deletes`],
        program,
      );
      expect(defective.findings, explained(defective)).toEqual(['AOI-06/unconfirmed-destructive']);
      const clean = await lint([...plan, '--observe', 'list --limit 50'], program);
      expect(clean.findings, explained(clean)).toEqual([]);
      expect(statusOf(clean, 'AOI-06', 'delete')).toBe('pass');
    },
  );
});
