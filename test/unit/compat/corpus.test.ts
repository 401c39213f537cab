/**
 * fixtures/contracts: every pair of contracts gets from the kit the verdict its expected.json writes down — per rule,
 * exactly the sub-rules, exactly the classified changes — and the files are what scripts/generate-contract-pairs.mjs
 * writes (the expected verdicts are written there by hand beside each edit).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../../src/checks/compat/contract-file.js';
import { compareContracts } from '../../../src/checks/compat/judge.js';
import type { Contract } from '../../../src/spec/compat/contract.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIR = join(ROOT, 'fixtures', 'contracts');

interface ExpectedPair {
  path: string;
  ok: boolean;
  verdicts: Record<string, string>;
  findings: { id: string }[];
  changes: { class: string; breaking: boolean; announced?: boolean; unknown?: boolean }[];
}
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as {
  pairs: ExpectedPair[];
};

const load = (path: string): Contract => {
  const read = readContract(readFileSync(join(DIR, path), 'utf8'));
  if (!read.ok) throw new Error(`${path}: ${read.problems.join('; ')}`);
  return read.contract;
};
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe.each(expected.pairs.map((p) => [p.path, p] as const))(
  'fixtures/contracts/%s',
  (path, pair) => {
    const report = compareContracts(load(`${path}/base.json`), load(`${path}/head.json`));

    it('has the expected verdict per rule', () => {
      expect(Object.fromEntries(report.verdicts.map((v) => [v.rule, v.status]))).toEqual(
        pair.verdicts,
      );
      expect(report.ok).toBe(pair.ok);
    });

    it('reports exactly the expected sub-rules', () => {
      expect([...new Set(report.findings.map((f) => f.id))].sort(byText)).toEqual(
        pair.findings.map((f) => f.id).sort(byText),
      );
    });

    it('classifies exactly the expected changes', () => {
      const shape = (c: ExpectedPair['changes'][number]) => JSON.stringify(c);
      const actual = report.changes.map((c) =>
        shape({
          class: c.class,
          breaking: c.breaking,
          ...(c.breaking
            ? c.versionUnknown
              ? { unknown: true }
              : { announced: c.announcedBy !== undefined }
            : {}),
        }),
      );
      expect(actual.sort(byText)).toEqual(pair.changes.map(shape).sort(byText));
    });
  },
);

it('covers every breaking class without a version to announce it, and every compatible class', async () => {
  const { COMPAT_SUB_RULES, COMPATIBLE_CHANGES } =
    await import('../../../src/spec/compat/rules.js');
  const found = new Set(expected.pairs.flatMap((p) => p.findings.map((f) => f.id)));
  expect(COMPAT_SUB_RULES.map((s) => s.id).filter((id) => !found.has(id))).toEqual([]);
  const classes = new Set(expected.pairs.flatMap((p) => p.changes.map((c) => c.class)));
  expect(COMPATIBLE_CHANGES.map((c) => c.id).filter((id) => !classes.has(id))).toEqual([]);
});

it('the files are what scripts/generate-contract-pairs.mjs writes', () => {
  const run = spawnSync(process.execPath, ['scripts/generate-contract-pairs.mjs', '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});
