import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../../../src/run/run-cli.js';

// Each AOI probe gets its own HOME, XDG directories and TMPDIR (issue 14 §1); `--caller-home` opts out, for a tool
// that must read the caller's configuration. Shown on pynotes, which keeps its state in ~/.pynotes when
// PYNOTES_HOME is unset: without the flag the caller's HOME stays untouched; with it, the state lands there and
// is not blamed as a write outside the sandbox.
import { CLI } from '../../support/kit-cli.js';
const PYNOTES = new URL('../../../fixtures/foreign/pynotes/pynotes.py', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'aoi-caller-home-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A private working directory whose parent is private too: nothing else writes where the lint watches. */
async function lint(home: string, extra: string[]) {
  const cwd = mkdtempSync(join(mkdtempSync(join(scratch, 'work-')), 'cwd-'));
  const args = [
    CLI,
    'lint',
    '--spec',
    'aoi',
    '--output',
    'jsonl',
    '--only',
    'AOI-06',
    '--machine-flag',
    '--format jsonl',
    ...extra,
    '--invoke',
    'add --title Fresh',
    '--',
    'python3',
    PYNOTES,
  ];
  const run = await runCli(process.execPath, args, {
    env: { HOME: home, TMPDIR: scratch },
    cwd,
    timeoutMs: 170_000,
  });
  const findings = Buffer.from(run.stdout)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) =>
      ((JSON.parse(line) as { findings?: { id: string }[] }).findings ?? []).map((f) => f.id),
    );
  return { exitCode: run.exitCode, findings };
}

describe('--caller-home', { timeout: 180_000 }, () => {
  test('without it, a tool that writes under HOME writes in the probe’s own HOME: the caller’s stays empty', async () => {
    const home = mkdtempSync(join(scratch, 'home-'));
    const run = await lint(home, []);
    expect(run.findings).toEqual([]);
    expect(readdirSync(home)).toEqual([]);
  });

  test('with it, probes get the caller’s HOME: the state lands there, and is not a write outside the sandbox', async () => {
    const home = mkdtempSync(join(scratch, 'home-'));
    const run = await lint(home, ['--caller-home']);
    expect(readdirSync(home)).toContain('.pynotes');
    expect(run.findings).not.toContain('AOI-06/wrote-outside-sandbox');
  });
});
