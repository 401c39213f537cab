import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkAgentApplication } from '../../src/lint/app/application.js';
import { checkCmdhelp } from '../../src/lint/cmdhelp/check.js';
import { recordCmdhelp } from '../../src/lint/cmdhelp/record.js';
import { detectSpecs } from '../../src/lint/detect.js';
import { checkExec, recordExec } from '../../src/lint/exec/index.js';
import { checkStart } from '../../src/lint/start.js';
import { runCli } from '../../src/run/run-cli.js';
import { CAPPED_HEAD } from '../../src/run/run-probe.js';

// --max-output-bytes bounds every process the lint starts, not only the AOI probes: a tool that floods on every
// command line (test/hostile/programs/flood.py) is stopped at the cap by detection, the start check and each spec's
// probes, a capped run passes no rule, and the kit's own memory stays bounded. The control: well-behaved tools
// under the same small cap still pass, nothing capped.

const ROOT = new URL('../../', import.meta.url).pathname;
import { CLI } from '../support/kit-cli.js';
const FLOOD = new URL('./programs/flood.py', import.meta.url).pathname;
const PEAK_RSS = new URL('./programs/peak-rss.cjs', import.meta.url).pathname;
const CAP = 64 * 1024;
/** A pipe read is at most this much: the cap is checked chunk by chunk. */
const CHUNK = 64 * 1024;
const BUSY = 240_000;

const work = mkdtempSync(join(tmpdir(), 'aoi-output-cap-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** fixtures/apps/todo with its entry command replaced by the flood. */
function floodingApp(): string {
  const dir = mkdtempSync(join(work, 'app-'));
  cpSync(join(ROOT, 'fixtures/apps/todo'), dir, { recursive: true });
  cpSync(FLOOD, join(dir, 'app/flood.py'));
  const manifest = join(dir, 'APP.md');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replaceAll('node app/cli.js', 'python3 app/flood.py'),
  );
  return dir;
}

const bytes = (run: { stdout: Uint8Array; stderr?: Uint8Array }) =>
  run.stdout.length + (run.stderr?.length ?? 0);

describe.concurrent('library: every process a lint path starts stops at maxOutputBytes', () => {
  test(
    'runCli: the cap is an option, and a capped run says so',
    async () => {
      for (const stream of ['stdout', 'stderr']) {
        const run = await runCli('python3', [FLOOD], {
          maxOutputBytes: CAP,
          timeoutMs: BUSY,
          env: { FLOOD_STREAM: stream },
        });
        expect(run.outputCapped).toBe(bytes(run));
        expect(bytes(run)).toBeGreaterThan(0);
        expect(bytes(run)).toBeLessThanOrEqual(CAP + CHUNK);
        expect(run.timedOut).toBe(false);
      }
      const quiet = await runCli('python3', ['-c', 'print("ok")'], {
        maxOutputBytes: CAP,
        timeoutMs: BUSY,
      });
      expect(quiet.outputCapped).toBeUndefined();
    },
    BUSY,
  );

  test(
    'runCli: a capped run says how much it read, and keeps only the head of each stream',
    async () => {
      const run = await runCli('python3', [FLOOD], {
        maxOutputBytes: 16 * CAP,
        timeoutMs: BUSY,
      });
      expect(run.outputCapped).toBeGreaterThan(15 * CAP);
      expect(run.stdout.length).toBe(CAPPED_HEAD);
      expect(bytes(run)).toBeLessThanOrEqual(2 * CAPPED_HEAD);
    },
    BUSY,
  );

  test(
    'detection: every probe capped, nothing detected, and the reason names the cap',
    async () => {
      const detection = await detectSpecs('python3', [FLOOD], {
        maxOutputBytes: CAP,
        timeoutMs: 10_000,
      });
      const runs = Object.values(detection.runs.byArgv);
      expect(runs.length).toBeGreaterThan(0);
      for (const { run } of runs) {
        expect(run.outputCapped).toBeDefined();
        expect(bytes(run)).toBeLessThanOrEqual(CAP + CHUNK);
      }
      for (const spec of ['aoi', 'cmdhelp', 'exec'] as const) {
        expect(detection.specs[spec].detected).toBe(false);
        expect(detection.specs[spec].reason).toContain('output cap');
      }
    },
    BUSY,
  );

  test(
    'start check: a capped --help still shows the program started',
    async () => {
      expect(
        await checkStart('python3', [FLOOD], { maxOutputBytes: CAP, timeoutMs: BUSY }),
      ).toBeUndefined();
    },
    BUSY,
  );

  test(
    'cmdhelp: every recorded run capped; no CMDHELP rule passes on cut output',
    async () => {
      const recording = await recordCmdhelp('python3', [FLOOD], {
        maxOutputBytes: CAP,
        timeoutMs: BUSY,
      });
      const runs = recording.capability
        .flatMap((c) => [c.first, ...(c.second ? [c.second] : [])])
        .concat([...recording.runs.values()]);
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs) expect(bytes(run)).toBeLessThanOrEqual(CAP + CHUNK);
      expect(recording.capped?.length).toBe(runs.length);
      const report = await checkCmdhelp('python3', [FLOOD], {
        maxOutputBytes: CAP,
        timeoutMs: BUSY,
      });
      // Every rule rests on a capped run: none passes, none blames the tool for the kit's kill (a skip whose own
      // prerequisite is a capped rule keeps its reason).
      expect(report.verdicts.filter((v) => v.status !== 'skip')).toEqual([]);
      expect(report.verdicts.some((v) => v.reason?.includes('output cap'))).toBe(true);
      expect(report.ok).toBe(true);
    },
    BUSY,
  );

  test(
    'exec: the manifest probe capped; no EXEC rule passes on cut output',
    async () => {
      const recording = await recordExec('python3', [FLOOD], {
        maxOutputBytes: CAP,
        timeoutMs: BUSY,
      });
      const runs = Object.values(recording.runs);
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs) {
        expect(run!.outputCapped).toBeDefined();
        expect(bytes(run!)).toBeLessThanOrEqual(CAP + CHUNK);
      }
      const report = await checkExec('python3', [FLOOD], { maxOutputBytes: CAP, timeoutMs: BUSY });
      expect(
        report.verdicts.filter((v) => v.status !== 'skip' && v.status !== 'not_applicable'),
      ).toEqual([]);
      expect(report.verdicts.some((v) => v.reason?.includes('output cap'))).toBe(true);
    },
    BUSY,
  );

  test(
    'app: every invocation of the entry command capped; no APP rule passes on cut output',
    async () => {
      const report = await checkAgentApplication(floodingApp(), {
        maxOutputBytes: CAP,
        timeoutMs: BUSY,
      });
      expect(
        report.verdicts.filter(
          (v) =>
            /^APP-1[0-5]$/.test(v.rule) && v.status !== 'skip' && v.status !== 'not_applicable',
        ),
      ).toEqual([]);
      // APP.md itself is valid, and no run is read to judge it.
      expect(
        report.verdicts.filter((v) => /^APP-0\d$/.test(v.rule)).every((v) => v.status === 'pass'),
      ).toBe(true);
      const sizes = [
        ...report.verdicts.find((v) => v.rule === 'APP-15')!.reason!.matchAll(/\((\d+) bytes\)/g),
      ].map((m) => Number(m[1]));
      expect(sizes.length).toBeGreaterThan(0);
      for (const size of sizes) expect(size).toBeLessThanOrEqual(CAP + CHUNK);
    },
    BUSY,
  );
});

interface Linted {
  code: number | null;
  events: {
    type: string;
    name?: string;
    status?: string;
    detail?: string;
    notes?: string[];
    ok?: boolean;
    findings?: { id: string; message: string }[];
  }[];
  peakRssKiB: number;
}

/** `aoi-testkit lint` as a real process, with its peak resident set. */
async function lint(args: string[]): Promise<Linted> {
  const rss = join(mkdtempSync(join(work, 'rss-')), 'peak');
  const child = spawn(
    process.execPath,
    ['-r', PEAK_RSS, CLI, 'lint', '--output', 'jsonl', ...args],
    {
      cwd: work,
      env: { ...process.env, AOI_TESTKIT_PEAK_RSS_FILE: rss, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  const events = Buffer.concat(out)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Linted['events'][number]);
  return { code, events, peakRssKiB: Number(readFileSync(rss, 'utf8')) };
}

const mentionsCap = (e: Linted['events'][number]) =>
  `${e.detail ?? ''} ${(e.notes ?? []).join(' ')} ${(e.findings ?? []).map((f) => f.message).join(' ')}`.includes(
    'output cap',
  );

describe.concurrent('aoi-testkit lint --max-output-bytes on real processes', () => {
  test(
    'a flooding tool, every spec: the lint ends, no rule passes on a capped run, each spec says the cap cut it, memory stays bounded',
    async () => {
      const run = await lint([
        '--spec',
        'aoi,cmdhelp,exec,app',
        '--app-dir',
        floodingApp(),
        '--max-output-bytes',
        String(CAP),
        '--timeout-ms',
        '20000',
        '--',
        'python3',
        FLOOD,
      ]);
      expect([0, 1]).toContain(run.code);
      const checks = run.events.filter((e) => e.type === 'aoi:check');
      // APP-01…09 judge APP.md (valid here), no run; every other rule rests on a capped run. A pass is a row with
      // no finding: an AOI row whose status is pass with a warning (severity warning, ok false) is a warn.
      expect(
        checks.filter(
          (c) => c.status === 'pass' && c.ok !== false && !/^APP-0\d$/.test(c.name ?? ''),
        ),
      ).toEqual([]);
      // AOI: the only finding is the cap itself (AOI-11/output-cap-exceeded, a warning on each capped discovery
      // command), never blame for the kit's kill; the rules read from those runs are skips.
      const aoi = checks.filter((c) => /^AOI-/.test(c.name ?? ''));
      expect(
        aoi.flatMap((c) => c.findings ?? []).filter((f) => f.id !== 'AOI-11/output-cap-exceeded'),
      ).toEqual([]);
      expect(
        checks.filter((c) => c.status === 'fail' && /^(AOI|CMDHELP|EXEC|APP)-/.test(c.name ?? '')),
      ).toEqual([]);
      expect(checks.filter((c) => /^APP-0\d$/.test(c.name ?? '') && mentionsCap(c))).toEqual([]);
      for (const prefix of ['AOI-', 'CMDHELP-', 'EXEC-', 'APP-1'])
        expect(
          checks.some((c) => (c.name ?? '').startsWith(prefix) && mentionsCap(c)),
          prefix,
        ).toBe(true);
      // Capture was bounded by the cap, not by the 64 MiB default that several probes at once would each have held.
      expect(run.peakRssKiB).toBeLessThan(400 * 1024);
    },
    BUSY,
  );

  test(
    'the default 64 MiB cap, every AOI probe flooding: each capped run keeps only its head, so memory does not grow by a cap per capped probe',
    async () => {
      const run = await lint(['--spec', 'aoi', '--timeout-ms', '20000', '--', 'python3', FLOOD]);
      expect([0, 1]).toContain(run.code);
      const capped = run.events
        .flatMap((e) => e.findings ?? [])
        .filter((f) => f.id === 'AOI-11/output-cap-exceeded');
      expect(capped.length).toBeGreaterThanOrEqual(3);
      for (const f of capped) expect(f.message).toMatch(/stopped reading at 6\d{7} bytes/);
      // Measured: 523 MB when each capped run kept its 64 MiB to the end of the lint, 217 MB since.
      expect(run.peakRssKiB).toBeLessThan(320 * 1024);
    },
    BUSY,
  );

  test(
    "the default cap, specs left to detection: every spec's detection probes share one output budget, so a flood costs about one cap, not one per spec",
    async () => {
      const run = await lint(['--timeout-ms', '20000', '--', 'python3', FLOOD]);
      expect([0, 1]).toContain(run.code);
      const summary = run.events.at(-1) as { specs?: { spec: string; reason: string }[] };
      for (const spec of summary.specs!.filter((s) => s.spec !== 'app'))
        expect(spec.reason, spec.spec).toMatch(/killed at 6\d{7} bytes/);
      // Measured (three runs each): 323-411 MB while each spec's probes read to their own cap side by side, 249-274 MB
      // with one budget.
      expect(run.peakRssKiB).toBeLessThan(300 * 1024);
    },
    BUSY,
  );

  test(
    'the same flood, specs left to detection: detection stops at the cap too, and the lint ends',
    async () => {
      const run = await lint([
        '--max-output-bytes',
        String(CAP),
        '--timeout-ms',
        '20000',
        '--',
        'python3',
        FLOOD,
      ]);
      expect([0, 1]).toContain(run.code);
      const summary = run.events.at(-1) as {
        specs?: { spec: string; detected?: boolean; reason: string }[];
      };
      for (const spec of summary.specs!.filter((s) => s.spec !== 'app'))
        expect(spec.reason, spec.spec).toContain('output cap');
      expect(run.peakRssKiB).toBeLessThan(400 * 1024);
    },
    BUSY,
  );

  test(
    'control: well-behaved tools under the same small cap still pass (cmdhelp on helpdesk, app on the to-do package)',
    async () => {
      const run = await lint([
        '--spec',
        'cmdhelp,app',
        '--app-dir',
        join(ROOT, 'fixtures/apps/todo'),
        '--max-output-bytes',
        String(CAP),
        '--',
        join(ROOT, 'fixtures/bin/helpdesk'),
      ]);
      const checks = run.events.filter((e) => e.type === 'aoi:check');
      expect(checks.filter(mentionsCap)).toEqual([]);
      expect(checks.filter((c) => c.status === 'fail')).toEqual([]);
      expect(checks.filter((c) => c.status === 'pass').length).toBeGreaterThan(0);
      expect(run.code).toBe(0);
    },
    BUSY,
  );

  test(
    'control: exec on notes, whose large batch prints more than 64 KiB, under a 1 MiB cap: nothing capped, it passes',
    async () => {
      const run = await lint([
        '--spec',
        'exec',
        '--max-output-bytes',
        String(1024 * 1024),
        '--',
        process.execPath,
        join(ROOT, 'fixtures/bin/notes'),
      ]);
      const checks = run.events.filter((e) => e.type === 'aoi:check');
      expect(checks.filter(mentionsCap)).toEqual([]);
      expect(checks.filter((c) => c.status === 'pass').length).toBeGreaterThan(0);
      expect(run.code).toBe(0);
    },
    BUSY,
  );

  test(
    "the same notes under a cap its large batch passes: skips naming the cap, never a failure for the kit's kill",
    async () => {
      const run = await lint([
        '--spec',
        'exec',
        '--max-output-bytes',
        String(CAP),
        '--',
        process.execPath,
        join(ROOT, 'fixtures/bin/notes'),
      ]);
      const checks = run.events.filter((e) => e.type === 'aoi:check');
      expect(checks.filter((c) => c.status !== 'skip' && c.status !== 'not_applicable')).toEqual(
        [],
      );
      expect(checks.some((c) => c.name === 'EXEC-06' && mentionsCap(c))).toBe(true);
      expect(run.code).toBe(0);
    },
    BUSY,
  );
});
