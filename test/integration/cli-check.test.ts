import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkStream } from '../../src/checks/aoi/stream.js';
import { crashed, good, leaky, prose } from '../unit/matchers/streams.js';

import { runKit, jsonlEvents as events, utf8 as text } from '../support/kit-cli.js';
const dir = mkdtempSync(join(tmpdir(), 'aoi-cli-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const cli = (args: string[], stdin?: string) =>
  runKit([...args], stdin === undefined ? {} : { stdin });

describe('aoi-testkit check', () => {
  test('exit 0 and a conformant answer for a conformant stream', async () => {
    const run = await cli([
      'check',
      file('good.jsonl', good),
      '--output',
      'jsonl',
      '--exit-code',
      '0',
    ]);
    expect(run.exitCode).toBe(0);
    const out = events(run.stdout);
    expect(out[0]).toMatchObject({ type: 'aoi:meta', tool: 'aoi-testkit', command: 'check' });
    expect(out.filter((e) => e.type === 'aoi:check').map((e) => e.name)).toEqual([
      'AOI-02',
      'AOI-03',
      'AOI-04',
      'AOI-05',
      'AOI-09',
      'AOI-11',
      'AOI-13',
    ]);
    expect(out.at(-1)).toMatchObject({ type: 'aoi:summary', ok: true, count: 7, error_count: 0 });
  });

  test('exit 1 with the failing rule, its evidence and docs', async () => {
    const run = await cli(['check', file('prose.jsonl', prose), '--output', 'jsonl']);
    expect(run.exitCode).toBe(1);
    const check = events(run.stdout).find((e) => e.name === 'AOI-02');
    expect(check).toMatchObject({
      type: 'aoi:check',
      ok: false,
      severity: 'error',
      status: 'fail',
      characteristics: ['Typed'],
      evidence: { line: 2, excerpt: 'Fetching results...' },
      docs: 'docs/rules/AOI-02.md',
    });
    expect(events(run.stdout).at(-1)).toMatchObject({
      type: 'aoi:summary',
      ok: false,
      error_count: 1,
    });
  });

  test('reads stdin with -, and honours --exit-code', async () => {
    const afterCrash = await cli(
      ['check', '-', '--exit-code', '137', '--output', 'jsonl'],
      crashed,
    );
    // A non-zero exit without summary is only a warning (§4, §23)…
    expect(afterCrash.exitCode).toBe(0);
    expect(events(afterCrash.stdout).find((e) => e.name === 'AOI-03')).toMatchObject({
      ok: false,
      severity: 'warning',
    });
    // …and a failure under --strict.
    expect((await cli(['check', '-', '--exit-code', '137', '--strict'], crashed)).exitCode).toBe(1);
    expect((await cli(['check', '-', '--exit-code', '0'], crashed)).exitCode).toBe(1);
  });

  test('every answer it gives in machine mode is itself conformant AOI', async () => {
    const runs = await Promise.all([
      cli(['check', file('good2.jsonl', good), '--output', 'jsonl']),
      cli(['check', file('prose2.jsonl', prose), '--format', 'jsonl']),
      cli(['check', join(dir, 'missing.jsonl'), '--output', 'jsonl']),
      cli(['check', '--output', 'jsonl', '--bogus']),
    ]);
    expect(runs.map((r) => r.exitCode)).toEqual([0, 1, 66, 64]);
    for (const run of runs) {
      const report = checkStream(run.stdout, { exitCode: run.exitCode, strict: true });
      expect(report.findings).toEqual([]);
    }
  });

  test('usage errors exit 64 with a message on stderr', async () => {
    for (const args of [
      ['check', '--output', 'xml', 'x'],
      ['check', 'a', 'b'],
      ['frobnicate'],
      ['check', '--exit-code', 'x', 'f'],
      [],
    ]) {
      const run = await cli(args);
      expect(run.exitCode, args.join(' ')).toBe(64);
      expect(text(run.stderr)).toMatch(/aoi-testkit/);
    }
    const machine = await cli(['check', '--output', 'jsonl', '--bogus']);
    expect(events(machine.stdout)).toContainEqual(
      expect.objectContaining({ type: 'aoi:error', category: 'usage', code: 'USAGE_ERROR' }),
    );
  });

  test('an unreadable input exits 66 with a structured error', async () => {
    const run = await cli(['check', join(dir, 'missing.jsonl'), '--output', 'jsonl']);
    expect(run.exitCode).toBe(66);
    expect(events(run.stdout)).toContainEqual(
      expect.objectContaining({ type: 'aoi:error', category: 'not_found', code: 'FILE_NOT_FOUND' }),
    );
    expect((await cli(['check', dir])).exitCode).toBe(66);
  });

  test('text output is a table for people, colourless unless asked', async () => {
    const plain = text((await cli(['check', file('prose3.jsonl', prose)])).stdout);
    expect(plain).toMatch(/FAIL {2}AOI-02/);
    expect(plain).toMatch(
      /AOI-02\/prose line 2: line 2 is plain text, not a JSON event\n {12}Fetching results\.\.\.\n/,
    );
    // The real page of each failed rule, from this install (not a placeholder).
    expect(plain).toContain(
      `not conformant: AOI-02 failed — see ${new URL('../../docs/rules/AOI-02.md', import.meta.url).pathname}\n`,
    );
    expect(plain).not.toContain('\u001b[');
    expect(text((await cli(['check', file('prose4.jsonl', prose), '--color'])).stdout)).toContain(
      '\u001b[31m',
    );
    expect(
      text((await cli(['check', file('prose5.jsonl', prose), '--color', '--no-color'])).stdout),
    ).not.toContain('\u001b[');
  });

  test('each finding says what it found: three count mismatches are three different lines', async () => {
    const stream =
      '{"type":"aoi:meta","aoi_version":"0.2","schema_version":"1.0.0"}\n{"type":"hit"}\n{"type":"aoi:summary","ok":true,"count":5,"warning_count":2,"error_count":3}\n';
    const lines = text(
      (await cli(['check', file('counts.jsonl', stream), '--exit-code', '0'])).stdout,
    )
      .split('\n')
      .filter((line) => line.includes('AOI-03/count-mismatch'));
    expect(lines.map((line) => line.trim())).toEqual([
      'AOI-03/count-mismatch line 3: summary.count is 5 but the stream carried 1 item event(s) (domain events, aoi:check, aoi:plan)',
      'AOI-03/count-mismatch line 3: summary.warning_count is 2 but the stream carried 0 warning(s) (aoi:warning and failing warning checks)',
      'AOI-03/count-mismatch line 3: summary.error_count is 3 but the stream carried 0 error(s) (aoi:error and failing error checks)',
    ]);
  });

  test('never prints a secret from the stream', async () => {
    for (const output of ['text', 'jsonl']) {
      const run = await cli(['check', file(`leaky-${output}.jsonl`, leaky), '--output', output]);
      expect(run.exitCode).toBe(1);
      expect(text(run.stdout) + text(run.stderr)).not.toContain('tok_live_SECRET_123');
    }
  });

  test('--help and --version', async () => {
    const help = await cli(['--help']);
    expect(help.exitCode).toBe(0);
    expect(text(help.stdout)).toContain('aoi-testkit check [FILE|-]');
    expect(text((await cli(['--version'])).stdout)).toMatch(/^aoi-testkit \d+\.\d+\.\d+\n$/);
  });
});
