/**
 * A foreign tool at two releases, judged across them as its compat.json says (fixtures/foreign/README.md): the
 * clean pair is compatible with exactly its changes and no finding, each release mistake exactly its sub-rules —
 * in memory (recordContract, compareContracts) and through the built CLI as a CI job runs it (the last release's
 * contract committed, the tool now compared with it; needs `npm run build`). One place for every foreign pair.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareContracts } from '../../../src/checks/compat/judge.js';
import type { Contract } from '../../../src/spec/compat/contract.js';
import { runKit } from '../../support/kit-cli.js';

export interface ReleasePairSpec {
  /** The contract and compat verbs' options, as typed. */
  readonly contract: { readonly args: readonly string[] };
  /** Every change of the clean pair. */
  readonly changes: readonly { readonly class: string; readonly breaking: boolean }[];
  readonly defectEnv: string;
  /** `releases`: which recordings the defect is switched on for (default: the newer release only). */
  readonly defects: Readonly<
    Record<string, { readonly findings: readonly string[]; readonly releases?: 'head' | 'both' }>
  >;
}

export const readPairSpec = <T extends object = object>(dir: string): ReleasePairSpec & T =>
  JSON.parse(readFileSync(join(dir, 'compat.json'), 'utf8')) as ReleasePairSpec & T;

export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
export const events = (b: Uint8Array) =>
  text(b)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
/** Every finding of an `--output jsonl` run's aoi:check events. */
export const findingsOf = (stdout: Uint8Array) =>
  events(stdout)
    .filter((e) => e.type === 'aoi:check')
    .flatMap((e) => e.findings as { id: string; severity: string }[]);
const changeList = (changes: readonly { class?: unknown; breaking?: unknown }[]) =>
  changes.map((c) => `${String(c.class)} ${String(c.breaking)}`).sort(byText);
/**
 * `aoi-testkit lint --output jsonl` on one release, with compat.json's lint options as typed (run from the package
 * root, where their paths are), held to no finding and exit 0; its events, for what a pair adds.
 */
export async function lintCleanly(
  lint: {
    readonly args: readonly string[];
    readonly setup?: readonly string[][];
    readonly invocations: readonly string[][];
  },
  program: readonly string[],
  root: string,
): Promise<Record<string, unknown>[]> {
  const run = await runKit(
    [
      'lint',
      '--output',
      'jsonl',
      ...lint.args,
      ...(lint.setup ?? []).flatMap((words) => ['--setup', words.join(' ')]),
      ...lint.invocations.flatMap((words) => ['--invoke', words.join(' ')]),
      '--',
      ...program,
    ],
    { cwd: root, timeoutMs: 180_000 },
  );
  expect(findingsOf(run.stdout)).toEqual([]);
  expect(run.exitCode, text(run.stderr)).toBe(0);
  return events(run.stdout);
}

/** The environment a defect is recorded with, on one side. */
const defectOn = (spec: ReleasePairSpec, defect: string, side: 'base' | 'head') =>
  side === 'head' || spec.defects[defect]!.releases === 'both' ? { [spec.defectEnv]: defect } : {};

/** The pair in memory: `record` records one release, with extra environment. */
export function describeInMemory(
  spec: ReleasePairSpec,
  record: (side: 'base' | 'head', env?: Record<string, string>) => Promise<Contract>,
): void {
  describe.concurrent('in memory (recordContract, compareContracts)', () => {
    it('the clean release pair: compatible, exactly its changes, no finding', async () => {
      const report = compareContracts(await record('base'), await record('head'));
      expect(report.findings).toEqual([]);
      expect(report.ok).toBe(true);
      expect(changeList(report.changes)).toEqual(changeList(spec.changes));
    }, 120_000);

    it.each(Object.keys(spec.defects))(
      'defect %s: exactly its sub-rules',
      async (defect) => {
        const report = compareContracts(
          await record('base', defectOn(spec, defect, 'base')),
          await record('head', defectOn(spec, defect, 'head')),
        );
        expect([...new Set(report.findings.map((f) => f.id))].sort(byText)).toEqual(
          [...spec.defects[defect]!.findings].sort(byText),
        );
      },
      120_000,
    );
  });
}

/** The pair through the CLI; `programs` give each release's command line (read when the tests run). */
export function describeThroughCli(
  spec: ReleasePairSpec,
  programs: { base: () => string[]; head: () => string[] },
): void {
  describe('through the CLI: the last release’s contract committed, compat of the tool now against it', () => {
    const kit = (args: string[]) => runKit(args, { timeoutMs: 180_000 });
    const dir = mkdtempSync(join(tmpdir(), 'aoi-release-pair-'));
    const committed = new Map<string, string>();
    /** `aoi-testkit contract` of the last release, with this environment, written to a file. */
    const contractOf = async (env: Record<string, string>) => {
      const key = JSON.stringify(env);
      if (!committed.has(key)) {
        const run = await kit([
          'contract',
          ...spec.contract.args,
          ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
          '--',
          ...programs.base(),
        ]);
        expect(run.exitCode, text(run.stderr)).toBe(0);
        const file = join(dir, `contract-${committed.size}.json`);
        writeFileSync(file, run.stdout);
        committed.set(key, file);
      }
      return committed.get(key)!;
    };
    beforeAll(() => contractOf({}).then(() => undefined), 180_000);

    it('the clean release passes: exactly its changes as change events, no finding', async () => {
      const run = await kit([
        'compat',
        '--base',
        await contractOf({}),
        ...spec.contract.args,
        '--output',
        'jsonl',
        '--',
        ...programs.head(),
      ]);
      expect(run.exitCode, text(run.stderr)).toBe(0);
      expect(findingsOf(run.stdout)).toEqual([]);
      expect(changeList(events(run.stdout).filter((e) => e.type === 'change'))).toEqual(
        changeList(spec.changes),
      );
    }, 180_000);

    it('--base the last release as a command line: both recorded now, the same verdict', async () => {
      const run = await kit([
        'compat',
        '--base',
        programs.base().join(' '),
        ...spec.contract.args,
        '--output',
        'jsonl',
        '--',
        ...programs.head(),
      ]);
      expect(run.exitCode, text(run.stderr)).toBe(0);
      expect(findingsOf(run.stdout)).toEqual([]);
      expect(changeList(events(run.stdout).filter((e) => e.type === 'change'))).toEqual(
        changeList(spec.changes),
      );
    }, 180_000);

    it.each(Object.keys(spec.defects))(
      'defect %s: exactly its sub-rules; the exit status follows their severity, --strict fails warnings',
      async (defect) => {
        const args = [
          'compat',
          '--base',
          await contractOf(defectOn(spec, defect, 'base')),
          ...spec.contract.args,
          '--env',
          `${spec.defectEnv}=${defect}`,
          '--output',
          'jsonl',
        ];
        const run = await kit([...args, '--', ...programs.head()]);
        const found = findingsOf(run.stdout);
        expect([...new Set(found.map((f) => f.id))].sort(byText)).toEqual(
          [...spec.defects[defect]!.findings].sort(byText),
        );
        expect(run.exitCode, text(run.stderr)).toBe(
          found.some((f) => f.severity === 'error') ? 1 : 0,
        );
        const strict = await kit([...args, '--strict', '--', ...programs.head()]);
        expect(strict.exitCode, text(strict.stderr)).toBe(1);
      },
      300_000,
    );
  });
}
