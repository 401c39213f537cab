/**
 * Shards as a CI matrix runs them: each job runs the kit with `--shard I/N --reporter blob=FILE`, and
 * `merge-reports` joins the blobs. The merged report is the unsharded run's (every verdict, reason, note and
 * finding; only durations and the probe count, which adds the discovery each shard repeats, differ), in every
 * reporter and with one exit status; blobs that are not the shards of one run are refused with what is wrong.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { kitCommand, runKit } from '../support/kit-cli.js';

const NOTES = new URL('../../fixtures/bin/notes', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'aoi-merge-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const TIMEOUT = { timeoutMs: 300_000 };

/** The README's main job: the reference tool with its setup and invocations (specs detected: AOI and exec). */
const MAIN_JOB = [
  ['--setup', 'create --title "First note"', '--setup', 'create --title "Second note"'],
  [
    '--invoke',
    'search note --limit 1',
    '--invoke',
    'get n_0001',
    '--invoke',
    'create --title Fresh',
  ],
  ['--invoke', 'update n_0001 --title Renamed', '--invoke', 'delete n_0001 --confirm'],
].flat();

/** An AOI stream without what may differ between runs: the meta event, durations, the probe count. */
function comparable(jsonl: string): unknown[] {
  return jsonl
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((event) => event.type !== 'aoi:meta')
    .map(({ duration_ms: _ms, probes: _probes, ...event }) => event);
}

/** `verb args` whole, then in `count` shards each writing a blob; the blobs' paths and the whole run's JSONL. */
async function sharded(name: string, args: string[], program: string[], count: number) {
  const whole = await runKit([...args, '--output', 'jsonl', ...program], TIMEOUT);
  const blobs: string[] = [];
  for (let index = 1; index <= count; index++) {
    const blob = join(work, `${name}-${index}.json`);
    const shard = await runKit(
      [...args, '--shard', `${index}/${count}`, '--reporter', `blob=${blob}`, ...program],
      TIMEOUT,
    );
    expect(shard.exitCode, text(shard.stderr)).toBeLessThanOrEqual(1);
    blobs.push(blob);
  }
  return { whole, blobs };
}

describe('merge-reports: the shards of a run are the run', () => {
  test('the README main job in 3 shards: the same verdicts in every reporter, exit 0', async () => {
    const program = ['--', process.execPath, NOTES];
    const { whole, blobs } = await sharded('main-job', ['lint', ...MAIN_JOB], program, 3);
    expect(whole.exitCode, text(whole.stderr)).toBe(0);
    const merged = await runKit(['merge-reports', '--output', 'jsonl', ...blobs.reverse()]);
    expect(merged.exitCode, text(merged.stderr)).toBe(0);
    expect(comparable(text(merged.stdout))).toEqual(comparable(text(whole.stdout)));

    // Every reporter renders the merged run; a directory of blobs is read whole.
    const reports = ['junit', 'sarif', 'markdown', 'html', 'badge', 'github'].flatMap((name) => [
      '--reporter',
      name === 'github' ? name : `${name}=${join(work, `merged.${name}`)}`,
    ]);
    const dir = mkdtempSync(join(work, 'blobs-'));
    blobs.forEach((blob, i) => writeFileSync(join(dir, `shard-${i + 1}.json`), readFileSync(blob)));
    const rendered = await runKit(['merge-reports', ...reports, dir], {
      env: { GITHUB_STEP_SUMMARY: '' },
    });
    expect(rendered.exitCode, text(rendered.stderr)).toBe(0);
    const sarif = JSON.parse(readFileSync(join(work, 'merged.sarif'), 'utf8'));
    expect(sarif.runs[0].results).toEqual([]);
    expect(readFileSync(join(work, 'merged.junit'), 'utf8')).toMatch(
      /<testsuites[^>]* failures="0"/,
    );
    expect(readFileSync(join(work, 'merged.html'), 'utf8')).toContain('<html');
  }, 600_000);

  test('a failing tool in 2 shards: the same failures, exit 1 from the merge alone', async () => {
    const program = [
      '--',
      ...kitCommand('fake', '--fault', 'destructive-without-confirmation', 'well-behaved'),
    ];
    const args = ['lint', '--setup', 'create --title First', '--invoke', 'delete n_0001'];
    const { whole, blobs } = await sharded('failing', args, program, 2);
    expect(whole.exitCode).toBe(1);
    const merged = await runKit(['merge-reports', '--output', 'jsonl', ...blobs]);
    expect(merged.exitCode, text(merged.stderr)).toBe(1);
    expect(comparable(text(merged.stdout))).toEqual(comparable(text(whole.stdout)));
    const failed = comparable(text(merged.stdout)).filter(
      (e) => (e as { status?: string }).status === 'fail',
    );
    expect(failed.length).toBeGreaterThan(0);
  }, 600_000);

  test('the stream corpus in 3 shards: every scenario once, in the order of the whole run', async () => {
    const { whole, blobs } = await sharded(
      'stream',
      ['scenarios', '--run', '--kind', 'stream'],
      [],
      3,
    );
    expect(whole.exitCode, text(whole.stderr)).toBe(0);
    const parts = blobs.map((b) => JSON.parse(readFileSync(b, 'utf8')).report.results.length);
    expect(parts.every((n: number) => n > 0)).toBe(true);
    const merged = await runKit(['merge-reports', '--output', 'jsonl', ...blobs]);
    expect(merged.exitCode, text(merged.stderr)).toBe(0);
    expect(comparable(text(merged.stdout))).toEqual(comparable(text(whole.stdout)));
  }, 600_000);

  test('what is not the shards of one run is refused, saying why', async () => {
    const lint = (index: number, count: number) => join(work, `refuse-${index}-${count}.json`);
    for (const [index, count] of [
      [1, 2],
      [2, 2],
      [1, 3],
    ] as const) {
      const run = await runKit(
        [
          'lint',
          '--only',
          'AOI-01',
          '--shard',
          `${index}/${count}`,
          '--reporter',
          `blob=${lint(index, count)}`,
          '--',
          process.execPath,
          NOTES,
        ],
        TIMEOUT,
      );
      expect(run.exitCode, text(run.stderr)).toBe(0);
    }
    const refused = async (args: string[], code: number, message: RegExp) => {
      const run = await runKit(['merge-reports', ...args]);
      expect(run.exitCode, text(run.stderr)).toBe(code);
      expect(text(run.stderr)).toMatch(message);
      expect(text(run.stderr)).not.toMatch(/\n\s+at /); // no stack trace
    };
    await refused([lint(1, 2)], 65, /shard 2\/2 missing/);
    await refused([lint(1, 2), lint(1, 2)], 65, /shard 1\/2 is given twice/);
    await refused([lint(1, 2), lint(2, 2), lint(1, 3)], 65, /different shardings/);
    const notBlob = join(work, 'not-a-blob.json');
    writeFileSync(notBlob, '{"type":"aoi:summary"}');
    await refused([notBlob], 65, /not a blob report/);
    const newer = join(work, 'newer.json');
    writeFileSync(newer, JSON.stringify({ format: 'aoi-testkit-blob', version: 99, kit: 'x' }));
    await refused([newer], 65, /blob version 99/);
    await refused([join(work, 'missing.json')], 66, /no such file/);
    await refused([], 64, /needs the blob files/);
    await refused(['--reporter', 'nope', lint(1, 2)], 64, /--reporter must be/);
  }, 600_000);
});
