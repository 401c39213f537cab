import { describe, expect, test } from 'vitest';
import { makeFault } from '../../../src/fakes/aoi/faults/index.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { lintCli, type LintReport } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { mergeLintReports } from '../../../src/lint/aoi/merge.js';
import { shardOf } from '../../../src/shard.js';

/** The in-memory reference tool, with faults, linted whole or as one shard. */
const lint = (faults: string[], shard?: { index: number; count: number }) =>
  lintCli(inMemoryTarget(notes, { faults: faults.map((id) => makeFault(id)), seed: 7 }), {
    ...REFERENCE_LINT_PLAN,
    canarySeed: 1,
    ...(shard ? { shard } : {}),
  });

/** What must not change when a lint is sharded: each row's rule, command, status, reason, notes, counts and sub-rules. */
const rows = (report: LintReport) =>
  report.verdicts.map((v) => [
    v.rule,
    v.command,
    v.status,
    v.reason,
    v.notes,
    v.errors,
    v.warnings,
    [...new Set(v.findings.map((f) => f.id))],
  ]);

describe('a sharded AOI lint, merged, is the lint it was cut from', () => {
  test.each([[[]], [['destructive-without-confirmation', 'leaks-argv-in-meta', 'ignores-limit']]])(
    'faults %j, in 2 and 3 shards',
    async (faults) => {
      const whole = await lint(faults);
      for (const count of [2, 3]) {
        const shards = await Promise.all(
          Array.from({ length: count }, (_, i) => lint(faults, { index: i + 1, count })),
        );
        // Each shard judges its own commands (and the shard of `aoi` the tool-wide rows), and only them.
        for (const [i, shard] of shards.entries()) {
          expect(shard.shard).toEqual({ index: i + 1, count });
          expect(shard.commands).toEqual(whole.commands);
          for (const v of shard.verdicts) {
            const owner = whole.commands.includes(v.command!) ? `aoi ${v.command}` : 'aoi';
            expect(shardOf(owner, count), `${v.rule} ${v.command}`).toBe(i + 1);
          }
        }
        const merged = mergeLintReports(shards);
        expect(rows(merged)).toEqual(rows(whole));
        expect(merged.ok).toBe(whole.ok);
        expect(merged.characteristics).toEqual(whole.characteristics);
        expect(merged.shard).toBeUndefined();
      }
    },
    240_000,
  );

  // Where a read's state shows (files the setup left, else the observation commands) is decided from what every
  // shard does alike: a shard without the commands that write (here `delete`) once judged `list` through the
  // observation commands and noted it, while the whole lint judged it on disk (cli-merge-reports found it).
  test('a failing tool, one destructive invocation, in 2 shards: the same rows', async () => {
    const failing = (shard?: { index: number; count: number }) =>
      lintCli(
        inMemoryTarget(notes, { faults: [makeFault('destructive-without-confirmation')], seed: 7 }),
        {
          setup: [['create', '--title', 'First']],
          invocations: [['delete', 'n_0001']],
          canarySeed: 1,
          ...(shard ? { shard } : {}),
        },
      );
    const whole = await failing();
    const shards = await Promise.all([1, 2].map((index) => failing({ index, count: 2 })));
    expect(rows(mergeLintReports(shards))).toEqual(rows(whole));
  }, 240_000);

  test('shards that are not one lint, each once, are refused', async () => {
    const one = await lint([], { index: 1, count: 2 });
    expect(() => mergeLintReports([one])).toThrow(
      'shard 2/2 missing: every shard 1 to 2 must be given once',
    );
    expect(() => mergeLintReports([one, one])).toThrow('shard 1/2 is given twice');
    expect(() => mergeLintReports([])).toThrow('no report to merge');
    const unsharded = await lint([], undefined);
    expect(() => mergeLintReports([one, unsharded])).toThrow(
      'the reports are of different shardings: 1/2, unsharded',
    );
    const other = { ...one, shard: { index: 2, count: 2 }, commands: ['search'] };
    expect(() => mergeLintReports([one, other])).toThrow('not of the same program and plan');
  }, 120_000);
});
