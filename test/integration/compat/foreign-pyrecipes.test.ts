/**
 * A tool the kit did not write, in two releases (fixtures/foreign/pyrecipes: Python's standard library, its own
 * `--format jsonl`, a `oneOf`-of-`$defs` event schema, `--schema-version` by major only, cmdhelp help): each release's
 * contract recorded as a process, and compared as compat.json says — the clean release pair is compatible (zero
 * findings, exactly its additions), each release mistake is exactly its sub-rules; in memory, and through the built
 * CLI as a CI job runs it (contract of the last release committed, compat of the tool now against it).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareContracts } from '../../../src/checks/compat/judge.js';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { recordContract } from '../../../src/lint/contract/record.js';
import { runKit } from '../../support/kit-cli.js';
import type { Contract } from '../../../src/spec/compat/contract.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const spec = JSON.parse(
  readFileSync(join(root, 'fixtures/foreign/pyrecipes/compat.json'), 'utf8'),
) as {
  base: string[];
  head: string[];
  contract: { args: string[] };
  changes: { class: string; breaking: boolean }[];
  defectEnv: string;
  defects: Record<string, { findings: string[] }>;
};
// compat.json gives the verb's options as typed: here only --machine-flag 'WORDS'.
const machineFlag =
  spec.contract.args[spec.contract.args.indexOf('--machine-flag') + 1]!.split(' ');
const record = (argv: string[], env: Record<string, string> = {}) =>
  recordContract(
    processTarget(
      argv[0]!,
      argv.slice(1).map((a) => join(root, a)),
    ),
    {
      machineFlag,
      env,
    },
  );
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

let base: Contract;
beforeAll(async () => {
  base = await record(spec.base);
}, 60_000);

describe.concurrent('pyrecipes 1.4.0 → 1.5.0', () => {
  it('records both surfaces of 1.4.0, its schema asked by major (1.0 is refused, 1 is taken)', () => {
    expect(base.tool).toEqual({ name: 'pyrecipes', version: '1.4.0' });
    expect(Object.keys(base.aoi!.schemas!['org.example.pyrecipes.events']!)).toEqual(['1.0']);
    expect(Object.keys(base.cmdhelp!.document!.commands as object).sort()).toEqual([
      'add',
      'remove',
      'search',
    ]);
    expect(base.unrecorded).toBeUndefined();
  });

  it('the clean release: compatible, exactly its additions, no finding', async () => {
    const report = compareContracts(base, await record(spec.head));
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.changes.map((c) => `${c.class} ${c.breaking}`).sort(byText)).toEqual(
      spec.changes.map((c) => `${c.class} ${c.breaking}`).sort(byText),
    );
  }, 60_000);

  it.each(Object.entries(spec.defects))(
    'defect %s: exactly its sub-rules',
    async (defect, { findings }) => {
      const report = compareContracts(base, await record(spec.head, { [spec.defectEnv]: defect }));
      expect([...new Set(report.findings.map((f) => f.id))].sort(byText)).toEqual(
        [...findings].sort(byText),
      );
    },
    60_000,
  );
});

it('lint judges one release: release-as-aoi-version is AOI-13/unknown-aoi-version, on capabilities and in every meta', async () => {
  const report = await lintCli(
    processTarget(
      spec.head[0]!,
      spec.head.slice(1).map((a) => join(root, a)),
    ),
    {
      machineFlag,
      env: { PYRECIPES_DATA: '{stateDir}', [spec.defectEnv]: 'release-as-aoi-version' },
      setup: [['add', '--title', 'Soup', '--minutes', '20']],
      invocations: [
        ['search', 'Soup'],
        ['show', 'r1'],
        ['add', '--title', 'Fresh'],
        ['remove', 'r1', '--confirm'],
      ],
      only: ['AOI-13'],
    },
  );
  expect([...new Set(report.findings.map((f) => f.id))]).toEqual(['AOI-13/unknown-aoi-version']);
  expect(report.verdicts.filter((v) => v.warnings > 0).map((v) => v.command)).toEqual([
    'capabilities',
    'search',
    'show',
    'add',
    'remove',
  ]);
  expect(report.ok).toBe(true);
}, 120_000);

/** The same releases through the built CLI, with compat.json's options exactly as typed (needs `npm run build`). */
describe('through the CLI: contract of 1.4.0 committed, compat of 1.5.0 against it', () => {
  const kit = (args: string[]) => runKit(args, { timeoutMs: 120_000 });
  const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
  const events = (b: Uint8Array) =>
    text(b)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const program = (argv: string[]) => [argv[0]!, ...argv.slice(1).map((a) => join(root, a))];
  const findingsOf = (stdout: Uint8Array) =>
    events(stdout)
      .filter((e) => e.type === 'aoi:check')
      .flatMap((e) => e.findings as { id: string; severity: string }[]);
  let committed: string;

  beforeAll(async () => {
    const recorded = await kit(['contract', ...spec.contract.args, '--', ...program(spec.base)]);
    expect(recorded.exitCode, text(recorded.stderr)).toBe(0);
    committed = join(mkdtempSync(join(tmpdir(), 'aoi-pyrecipes-')), 'contract.json');
    writeFileSync(committed, recorded.stdout);
  }, 120_000);

  it('the clean release passes: exactly its additions as change events, no finding', async () => {
    const run = await kit([
      'compat',
      '--base',
      committed,
      ...spec.contract.args,
      '--output',
      'jsonl',
      '--',
      ...program(spec.head),
    ]);
    expect(run.exitCode, text(run.stderr)).toBe(0);
    expect(findingsOf(run.stdout)).toEqual([]);
    const changes = events(run.stdout).filter((e) => e.type === 'change');
    expect(changes.map((c) => `${String(c.class)} ${String(c.breaking)}`).sort(byText)).toEqual(
      spec.changes.map((c) => `${c.class} ${c.breaking}`).sort(byText),
    );
  }, 120_000);

  it('--base the old release as a command line: both recorded now, the same verdict', async () => {
    const run = await kit([
      'compat',
      '--base',
      program(spec.base).join(' '),
      ...spec.contract.args,
      '--',
      ...program(spec.head),
    ]);
    expect(run.exitCode, text(run.stdout)).toBe(0);
    expect(text(run.stdout)).toContain(
      'pyrecipes 1.4.0 → pyrecipes 1.5.0, 4 change(s), 0 breaking',
    );
  }, 120_000);

  it.each(Object.entries(spec.defects))(
    'defect %s: exactly its sub-rules; the exit status follows their severity, --strict fails warnings',
    async (defect, { findings }) => {
      const args = [
        'compat',
        '--base',
        committed,
        ...spec.contract.args,
        '--env',
        `${spec.defectEnv}=${defect}`,
        '--output',
        'jsonl',
      ];
      const run = await kit([...args, '--', ...program(spec.head)]);
      const found = findingsOf(run.stdout);
      expect(found.map((f) => f.id).sort(byText)).toEqual([...findings].sort(byText));
      const anError = found.some((f) => f.severity === 'error');
      expect(run.exitCode, text(run.stderr)).toBe(anError ? 1 : 0);
      const strict = await kit([...args, '--strict', '--', ...program(spec.head)]);
      expect(strict.exitCode, text(strict.stderr)).toBe(1);
    },
    240_000,
  );
});
