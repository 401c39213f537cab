import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkStream } from '../../src/checks/aoi/stream.js';

import { runKit, jsonlEvents as events } from '../support/kit-cli.js';
const CORPUS = new URL('../../fixtures/manifests/agent-cli/', import.meta.url).pathname;
const expected = JSON.parse(readFileSync(`${CORPUS}expected.json`, 'utf8')) as {
  fixtures: { path: string; valid: boolean; findings: { id: string; line?: number }[] }[];
};
const cli = (args: string[], stdin?: string) =>
  runKit(['manifest', ...args], stdin === undefined ? {} : { stdin });

describe('aoi-testkit manifest', () => {
  test('gives the corpus verdict for every fixture, as a conformant AOI stream', async () => {
    // Four at a time: 47 processes one after another take long under load.
    const runs = new Map<string, Awaited<ReturnType<typeof cli>>>();
    for (let i = 0; i < expected.fixtures.length; i += 4) {
      const batch = expected.fixtures.slice(i, i + 4);
      for (const [n, run] of (
        await Promise.all(batch.map((f) => cli([`${CORPUS}${f.path}`, '--output', 'jsonl'])))
      ).entries())
        runs.set(batch[n]!.path, run);
    }
    for (const fixture of expected.fixtures) {
      const run = runs.get(fixture.path)!;
      expect(run.exitCode, fixture.path).toBe(fixture.valid ? 0 : 1);
      expect(
        checkStream(run.stdout, { exitCode: run.exitCode ?? undefined, strict: true }).findings,
        fixture.path,
      ).toEqual([]);
      const out = events(run.stdout);
      const found = out
        .filter((e) => e.type === 'aoi:check')
        .flatMap((e) =>
          (e.findings as { id: string; line?: number }[]).map((f) => ({ id: f.id, line: f.line })),
        );
      const sorted = (list: { id: string; line?: number }[]) =>
        [...list].sort((a, b) => a.id.localeCompare(b.id) || (a.line ?? 0) - (b.line ?? 0));
      expect(sorted(found), fixture.path).toEqual(
        sorted(fixture.findings.map((f) => ({ id: f.id, line: f.line }))),
      );
      expect(out.at(-1), fixture.path).toMatchObject({ type: 'aoi:summary', ok: fixture.valid });
    }
  }, 120_000);

  test('--color and --no-color are accepted as by every other verb (not a usage error); an unknown flag still is', async () => {
    const text = readFileSync(`${CORPUS}invalid/agentcli-05--stray-arm/AGENT-CLI.md`, 'utf8');
    for (const flag of ['--no-color', '--color']) {
      const run = await cli(['-', flag], text);
      expect(run.exitCode, flag).toBe(0);
      expect(Buffer.from(run.stdout).toString('utf8'), flag).not.toContain('\u001b[');
    }
    expect((await cli(['-', '--no-colour'], text)).exitCode).toBe(64);
  }, 60_000);

  test('text output labels each rule by its status: rules not judged for want of front matter say SKIP, not PASS', async () => {
    const run = await cli(['-'], '# Just a document\n\nNo front matter.\n');
    expect(run.exitCode).toBe(1);
    const lines = Buffer.from(run.stdout).toString('utf8').split('\n');
    expect(lines.filter((line) => /^ {2}FAIL {2}AGENTCLI-01 /.test(line))).toHaveLength(1);
    const rest = lines.filter((line) => /^ {2}\S+ {1,2}AGENTCLI-(0[2-9]|1\d) /.test(line));
    expect(rest.length).toBeGreaterThan(5);
    for (const line of rest) expect(line).toMatch(/^ {2}(SKIP|N\/A ) {2}AGENTCLI-/);
  }, 60_000);

  test('reads stdin (name/directory not applicable there), and --strict fails on warnings', async () => {
    const text = readFileSync(`${CORPUS}invalid/agentcli-05--stray-arm/AGENT-CLI.md`, 'utf8');
    const run = await cli(['-', '--output', 'jsonl'], text);
    expect(run.exitCode).toBe(0);
    const checks = events(run.stdout).filter((e) => e.type === 'aoi:check');
    expect(checks.find((c) => c.name === 'AGENTCLI-12')).toMatchObject({
      status: 'not_applicable',
    });
    expect(checks.find((c) => c.name === 'AGENTCLI-05')).toMatchObject({
      ok: false,
      severity: 'warning',
      status: 'pass',
    });
    expect((await cli(['-', '--strict'], text)).exitCode).toBe(1);
  });

  test('text for people; a missing file is exit 66, a bad flag 64, both structured in machine mode', async () => {
    const run = await cli([`${CORPUS}invalid/agentcli-10--bounds-not-integer/AGENT-CLI.md`]);
    expect(run.exitCode).toBe(1);
    expect(Buffer.from(run.stdout).toString()).toMatch(
      /FAIL {2}AGENTCLI-10 .*\n {10}AGENTCLI-10\/bounds-not-integer line \d+/,
    );
    const missing = await cli(['no/such/AGENT-CLI.md', '--output', 'jsonl']);
    expect(missing.exitCode).toBe(66);
    expect(events(missing.stdout).find((e) => e.type === 'aoi:error')).toMatchObject({
      category: 'not_found',
      code: 'FILE_NOT_FOUND',
    });
    const usage = await cli(['--bogus', '--output', 'jsonl']);
    expect(usage.exitCode).toBe(64);
    expect(checkStream(usage.stdout, { exitCode: 64, strict: true }).ok).toBe(true);
  });
});
