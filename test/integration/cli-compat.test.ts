/**
 * The verbs contract and compat, and check on recorded documents, as a user runs them: the corpus of contract pairs
 * through `compat --base --head` (every pair's expected verdict, as a conformant AOI stream), the CI recipe on the
 * reference tool and its fault, --accept, each error's exit status, and `check` by kind. Needs `npm run build`.
 */
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkStream } from '../../src/checks/aoi/stream.js';
import { readContract } from '../../src/checks/compat/contract-file.js';
import { CLI, runKit } from '../support/kit-cli.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const PAIRS = join(ROOT, 'fixtures', 'contracts');
const NOTES = join(ROOT, 'fixtures', 'bin', 'notes');
const kit = (args: string[], stdin?: string) =>
  runKit(args, {
    timeoutMs: 120_000,
    ...(stdin === undefined ? {} : { stdin }),
  });
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const events = (b: Uint8Array) =>
  text(b)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const expected = JSON.parse(readFileSync(join(PAIRS, 'expected.json'), 'utf8')) as {
  pairs: {
    path: string;
    ok: boolean;
    verdicts: Record<string, string>;
    findings: { id: string }[];
    changes: { class: string }[];
  }[];
};
const work = () => mkdtempSync(join(tmpdir(), 'aoi-cli-compat-'));

describe('aoi-testkit compat on the corpus of contract pairs', () => {
  test('every pair gets its expected verdict from the CLI, as a conformant AOI stream', async () => {
    for (let i = 0; i < expected.pairs.length; i += 6) {
      const batch = expected.pairs.slice(i, i + 6);
      const runs = await Promise.all(
        batch.map((p) =>
          kit([
            'compat',
            '--base',
            join(PAIRS, p.path, 'base.json'),
            '--head',
            join(PAIRS, p.path, 'head.json'),
            '--output',
            'jsonl',
          ]),
        ),
      );
      runs.forEach((run, k) => {
        const pair = batch[k]!;
        expect(run.exitCode, pair.path).toBe(pair.ok ? 0 : 1);
        expect(checkStream(run.stdout, { exitCode: run.exitCode!, strict: true }).findings).toEqual(
          [],
        );
        const out = events(run.stdout);
        const checks = out.filter((e) => e.type === 'aoi:check');
        expect(Object.fromEntries(checks.map((c) => [c.name, c.status])), pair.path).toEqual(
          pair.verdicts,
        );
        const ids = checks.flatMap((c) => (c.findings as { id: string }[]).map((f) => f.id));
        expect([...new Set(ids)].sort(), pair.path).toEqual(pair.findings.map((f) => f.id).sort());
        expect(
          out
            .filter((e) => e.type === 'change')
            .map((e) => e.class as string)
            .sort(),
          pair.path,
        ).toEqual(pair.changes.map((c) => c.class).sort());
      });
    }
  }, 300_000);
});

describe('aoi-testkit contract and compat on a live tool (the CI recipe)', () => {
  test('contract records the reference tool; compat against it: the clean tool passes, its fault fails COMPAT-01', async () => {
    const dir = work();
    const recorded = await kit(['contract', '--', process.execPath, NOTES]);
    expect(recorded.exitCode, text(recorded.stderr)).toBe(0);
    expect(readContract(text(recorded.stdout)).ok).toBe(true);
    writeFileSync(join(dir, 'contract.json'), recorded.stdout);
    const clean = await kit([
      'compat',
      '--base',
      join(dir, 'contract.json'),
      '--',
      process.execPath,
      NOTES,
    ]);
    expect(clean.exitCode, text(clean.stdout)).toBe(0);
    expect(text(clean.stdout)).toMatch(
      /breaking, announced:\n\s+field-removed .*\(schema_version 1\.0\.0 → 2\.0\.0\)/,
    );
    const faulty = await kit([
      'compat',
      '--base',
      join(dir, 'contract.json'),
      '--output',
      'jsonl',
      '--',
      process.execPath,
      CLI,
      'fake',
      '--fault',
      'breaking-without-major-bump',
      'well-behaved',
    ]);
    expect(faulty.exitCode).toBe(1);
    const failed = events(faulty.stdout).filter(
      (e) => e.type === 'aoi:check' && e.status === 'fail',
    );
    expect(failed.map((c) => [c.name, (c.findings as { id: string }[]).map((f) => f.id)])).toEqual([
      ['COMPAT-01', ['COMPAT-01/field-removed']],
    ]);
  }, 120_000);

  test('--base a command line: both releases recorded now', async () => {
    const run = await kit([
      'compat',
      '--base',
      `${process.execPath} ${NOTES}`,
      '--',
      process.execPath,
      NOTES,
    ]);
    expect(run.exitCode, text(run.stderr)).toBe(0);
  }, 120_000);

  test('--base a release built to one executable file is that program; an executable contract file is a contract', async () => {
    const program = await kit(['compat', '--base', NOTES, '--', process.execPath, NOTES]);
    expect(program.exitCode, text(program.stderr)).toBe(0);
    expect(text(program.stdout)).toContain(`${NOTES} → `);
    const contract = join(work(), 'notes-contract');
    copyFileSync(join(PAIRS, 'identical', 'base.json'), contract);
    chmodSync(contract, 0o755);
    const read = await kit([
      'compat',
      '--base',
      contract,
      '--head',
      join(PAIRS, 'identical', 'head.json'),
    ]);
    expect(read.exitCode, text(read.stderr)).toBe(0);
  }, 120_000);

  test('--accept writes the new contract only when the comparison passes', async () => {
    const dir = work();
    const announced = join(PAIRS, 'field-removed--announced');
    copyFileSync(join(announced, 'base.json'), join(dir, 'a.json'));
    const ok = await kit([
      'compat',
      '--base',
      join(dir, 'a.json'),
      '--head',
      join(announced, 'head.json'),
      '--accept',
    ]);
    expect(ok.exitCode).toBe(0);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(
      readFileSync(join(announced, 'head.json'), 'utf8'),
    );
    expect(text(ok.stderr)).toMatch(/accepted: .*a\.json is now the contract of/);
    const breaking = join(PAIRS, 'field-removed--breaking');
    copyFileSync(join(breaking, 'base.json'), join(dir, 'b.json'));
    const refused = await kit([
      'compat',
      '--base',
      join(dir, 'b.json'),
      '--head',
      join(breaking, 'head.json'),
      '--accept',
    ]);
    expect(refused.exitCode).toBe(1);
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(
      readFileSync(join(breaking, 'base.json'), 'utf8'),
    );
    expect(text(refused.stderr)).toMatch(/not accepted: .*b\.json is left as it was/);
  }, 60_000);

  test.each([
    [['compat', '--head', 'x.json'], 64, /compat needs --base/],
    [['compat', '--base', 'x.json'], 64, /a program after --/],
    [
      ['compat', '--base', 'missing.json', '--head', 'missing.json'],
      66,
      /--base missing\.json: no such file/,
    ],
    [['compat', '--base', 'package.json', '--head', 'package.json'], 65, /is not a contract/],
    [['contract'], 64, /contract needs the program after --/],
    [['contract', '--surface', 'soap', '--', 'x'], 64, /--surface must be aoi, cmdhelp, exec/],
    [['contract', '--', './no-such-program'], 66, /cannot start/],
    [
      ['contract', '--', process.execPath, '-e', 'process.exit(0)'],
      69,
      /offers no AOI capabilities/,
    ],
  ] as const)(
    '%j exits %i',
    async (args, status, message) => {
      const run = await kit([...args]);
      expect(run.exitCode).toBe(status);
      expect(text(run.stderr)).toMatch(message);
    },
    60_000,
  );
});

describe('aoi-testkit check on recorded documents', () => {
  test('the kind is read from the name and content; a stream flag means a stream', async () => {
    const caps = await kit(['fake', 'well-behaved', 'capabilities', '--output', 'json']);
    const dir = work();
    writeFileSync(join(dir, 'caps.json'), caps.stdout);
    const doc = await kit(['check', join(dir, 'caps.json'), '--output', 'jsonl']);
    expect(doc.exitCode).toBe(0);
    expect(events(doc.stdout).at(-1)).toMatchObject({
      document: { kind: 'capabilities', valid: true },
    });
    // With --exit-code it is a stream: one line without a type.
    const asStream = await kit(['check', join(dir, 'caps.json'), '--exit-code', '0']);
    expect(asStream.exitCode).toBe(1);
    expect(text(asStream.stdout)).toMatch(/AOI-02\/missing-type/);
    expect(
      (await kit(['check', join(dir, 'caps.json'), '--kind', 'capabilities', '--exit-code', '0']))
        .exitCode,
    ).toBe(64);
  }, 60_000);

  test('a contract is compared, not checked: a usage error that says so', async () => {
    const run = await kit(['check', join(PAIRS, 'identical', 'base.json')]);
    expect(run.exitCode).toBe(64);
    expect(text(run.stderr)).toMatch(
      /is a contract: compare it with a release, aoi-testkit compat --base/,
    );
  });

  test('JSONL where one document is asked for, on stdin: named as such', async () => {
    const run = await kit(
      ['check', '-', '--kind', 'capabilities'],
      '{"tool":"t","commands":[]}\n{"tool":"t"}\n',
    );
    // A capabilities manifest is a SHOULD (§17): the stray document is a warning, not a failed check.
    expect(run.exitCode).toBe(0);
    expect(text(run.stdout)).toMatch(
      /AOI-01\/capabilities-invalid: .*JSONL where one document is asked for/,
    );
  });

  test.each([
    ['fixtures/cmdhelp/valid/helpdesk/cmdhelp.json', 0, 'cmdhelp'],
    ['fixtures/cmdhelp/invalid/cmdhelp-02--missing-key/cmdhelp.json', 1, 'cmdhelp'],
    ['fixtures/cmdhelp/valid/helpdesk/capabilities.txt', 0, 'cmdhelp-capability'],
    ['fixtures/apps/todo/APP.md', 0, 'app'],
    ['fixtures/manifests/agent-cli/valid/claude-code/AGENT-CLI.md', 0, 'agent-cli'],
  ] as const)(
    '%s: exit %i as %s',
    async (file, status, kind) => {
      const run = await kit(['check', join(ROOT, file), '--output', 'jsonl']);
      expect(run.exitCode).toBe(status);
      expect(events(run.stdout).at(-1)).toMatchObject({ document: { kind } });
    },
    60_000,
  );
});
