/**
 * Every golden transcript (fixtures/transcripts) judged by the built CLI (`npm run build` first), with the flags
 * its `.expected.json` implies: what a linter in another language can reproduce from the command line alone.
 * And `--secret`: the kit prints a given secret in no output, in no encoding.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  checkFlags,
  loadTranscripts,
  TRANSCRIPT_DIR,
  type Expected,
} from '../support/transcripts.js';

import { runKit } from '../support/kit-cli.js';
const dir = mkdtempSync(join(tmpdir(), 'aoi-check-corpus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
// Generous: two cores shared with other work; a run takes well under a second when the machine is idle.
const cli = (args: string[], env: Record<string, string> = {}) =>
  runKit([...args], { timeoutMs: 120_000, env });

type Check = {
  type: string;
  name?: string;
  status?: string;
  findings?: { id: string }[];
  ok?: boolean;
};

/** What the CLI's JSONL says, in the terms of an `.expected.json`: ok, each rule's status, the sub-rules reported. */
function verdictOf(stdout: string): Pick<Expected, 'ok' | 'verdicts' | 'findings'> {
  const events = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Check);
  const checks = events.filter((e) => e.type === 'aoi:check');
  return {
    ok: events.find((e) => e.type === 'aoi:summary')!.ok!,
    verdicts: Object.fromEntries(
      checks.map((c) => [c.name!, c.status as Expected['verdicts'][string]]),
    ),
    findings: [...new Set(checks.flatMap((c) => c.findings!.map((f) => f.id)))].sort(),
  };
}

describe(
  'check on every golden transcript, with the flags of its .expected.json',
  { timeout: 240_000 },
  () => {
    const transcripts = loadTranscripts();

    test('covers every transcript, and the options that need the new flags', () => {
      expect(transcripts.length).toBe(
        readdirSync(TRANSCRIPT_DIR).filter((f) => f.endsWith('.jsonl')).length,
      );
      const flags = transcripts.flatMap((t) => checkFlags(t.expected));
      for (const flag of [
        '--max-line-bytes',
        '--secret',
        '--exit-code',
        '--signal',
        '--unbounded',
        '--expect-schema-version',
      ])
        expect(flags, flag).toContain(flag);
    });

    test.each(transcripts.map((t) => [t.name, t] as const))(
      '%s',
      async (_name, { name, expected }) => {
        const file = join(TRANSCRIPT_DIR, `${name}.jsonl`);
        const run = await cli(['check', file, ...checkFlags(expected), '--output', 'jsonl']);
        expect(text(run.stderr)).toBe('');
        expect(verdictOf(text(run.stdout))).toEqual({
          ok: expected.ok,
          verdicts: expected.verdicts,
          findings: expected.findings,
        });
        // strict.ok is the library's (test/unit/transcripts.test.ts): --strict adds nothing a transcript needs.
        expect(run.exitCode).toBe(expected.ok ? 0 : 1);
      },
    );

    test('the flags matter: without --max-line-bytes or --secret, those transcripts are judged otherwise', async () => {
      for (const [name, dropped] of [
        ['bad-aoi-02-line-too-long', '--max-line-bytes'],
        ['bad-aoi-09-secret-echoed', '--secret'],
      ] as const) {
        const { expected } = transcripts.find((t) => t.name === name)!;
        const flags = checkFlags(expected);
        const at = flags.indexOf(dropped);
        const run = await cli([
          'check',
          join(TRANSCRIPT_DIR, `${name}.jsonl`),
          ...flags.slice(0, at),
          ...flags.slice(at + 2),
          '--output',
          'jsonl',
        ]);
        expect(verdictOf(text(run.stdout)), dropped).not.toEqual({
          ok: expected.ok,
          verdicts: expected.verdicts,
          findings: expected.findings,
        });
      }
    });
  },
);

describe('check --secret: the secret is never printed', { timeout: 240_000 }, () => {
  const secret = 'hunter2-canary-5b1e';
  const base64 = Buffer.from(secret).toString('base64');
  // The secret raw in an error (AOI-09), base64 in a domain event, raw in prose (AOI-02), and in the file's name.
  const stream = [
    '{"type":"aoi:meta","tool":"t","tool_version":"1","aoi_version":"0.2","schema_name":"t","schema_version":"1.0.0","command":"get"}',
    `{"type":"aoi:error","category":"authn","code":"DENIED","message":"${secret} was rejected","retryable":false}`,
    `{"type":"item","blob":"${base64}"}`,
    `${secret} is not JSON`,
    '{"type":"aoi:summary","ok":false,"count":1,"warning_count":0,"error_count":1}',
  ].join('\n');
  const file = join(dir, `run-${secret}.jsonl`);
  writeFileSync(file, `${stream}\n`);
  const REPORTERS = ['junit', 'github', 'markdown', 'sarif', 'html', 'badge', 'jsonl'] as const;

  /** Every byte the kit wrote: stdout (text), stderr, each reporter's file, the GitHub step summary. */
  async function everything(extra: string[]): Promise<string> {
    const out = mkdtempSync(join(dir, 'out-'));
    const summary = join(out, 'step-summary.md');
    writeFileSync(summary, '');
    const run = await cli(
      [
        'check',
        file,
        '--exit-code',
        '1',
        '--no-color',
        ...REPORTERS.flatMap((r) => ['--reporter', `${r}=${join(out, `report.${r}`)}`]),
        '--reporter',
        'text',
        ...extra,
      ],
      { GITHUB_STEP_SUMMARY: summary },
    );
    expect(run.exitCode, text(run.stderr)).toBe(1);
    return [
      text(run.stdout),
      text(run.stderr),
      ...readdirSync(out).map((f) => readFileSync(join(out, f), 'utf8')),
    ].join('\n');
  }

  test('without --secret the secret shows (so the check below can see a leak)', async () => {
    const all = await everything([]);
    expect(all).toContain(secret);
  });

  test('with --secret no output carries it, raw or base64, and AOI-09 fails', async () => {
    const all = await everything(['--secret', secret]);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(base64);
    expect(all).toContain('AOI-09/secret-echoed');
    const jsonl = await cli([
      'check',
      file,
      '--exit-code',
      '1',
      '--output',
      'jsonl',
      '--secret',
      secret,
    ]);
    expect(text(jsonl.stdout)).not.toContain(secret);
  });

  test('an empty --secret is a usage error that prints no value', async () => {
    const run = await cli(['check', file, '--secret', '']);
    expect(run.exitCode).toBe(64);
    expect(text(run.stderr)).toContain('--secret needs a non-empty value');
  });
});
