import { describe, expect, test } from 'vitest';
import { makeFault } from '../../../src/fakes/aoi/faults/index.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';

const verdicts = async (faults: string[]) => {
  const report = await lintCli(
    inMemoryTarget(notes, { faults: faults.map((id) => makeFault(id)), seed: 7 }),
    { ...REFERENCE_LINT_PLAN, canarySeed: 1 },
  );
  return report.verdicts.map((v) => [
    v.rule,
    v.command,
    v.status,
    v.errors,
    v.warnings,
    v.findings.map((f) => f.id),
  ]);
};

const RUNS = 20;
/** A budget per lint, not per test: twenty lints share one test, and a busy machine slows each of them. */
const PER_LINT_MS = 15_000;

describe('twenty lints in a row give the same verdicts', () => {
  test.each([
    [[]],
    [['slow', 'mixing-prose']],
    [['dry-run-side-effect', 'no-interrupted-summary']],
  ])(
    'faults %j',
    async (faults) => {
      const first = await verdicts(faults);
      for (let i = 1; i < RUNS; i++) expect(await verdicts(faults)).toEqual(first);
    },
    RUNS * PER_LINT_MS,
  );
});
