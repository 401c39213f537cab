/**
 * The reference tool's contract faults, in memory: the compatibility judge reports exactly what each declares when it
 * compares the faulty tool's contract with itself (the versions it offers side by side); the process linter, which
 * judges one release, reports nothing; and against the clean tool's contract (the release before) the same break is
 * found, beside the major the faulty tool no longer offers.
 */
import { describe, expect, it } from 'vitest';
import { compareContracts } from '../../../src/checks/compat/judge.js';
import { CONTRACT_FAULT_IDS, makeFault } from '../../../src/fakes/aoi/faults/index.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { recordContract } from '../../../src/lint/contract/record.js';

const ids = (findings: readonly { id: string }[]) => [...new Set(findings.map((f) => f.id))].sort();

describe.each(CONTRACT_FAULT_IDS)('contract fault %s', (id) => {
  it('is reported as exactly the sub-rules it declares, in the contract it gives', async () => {
    const fault = makeFault(id);
    const contract = await recordContract(inMemoryTarget(notes, { faults: [fault] }));
    const report = compareContracts(contract, contract);
    expect(ids(report.findings)).toEqual([...fault.violates].sort());
    expect(report.ok).toBe(false);
  });

  it('is invisible to the process linter, which judges one release', async () => {
    const report = await lintCli(inMemoryTarget(notes, { faults: [makeFault(id)] }), {
      ...REFERENCE_LINT_PLAN,
      canarySeed: 'contract-faults',
    });
    expect(report.findings).toEqual([]);
  }, 120_000);
});

it('breaking-without-major-bump against the clean release: the break under major 1, and major 2 withdrawn', async () => {
  const [clean, faulty] = await Promise.all([
    recordContract(inMemoryTarget(notes)),
    recordContract(inMemoryTarget(notes, { faults: [makeFault('breaking-without-major-bump')] })),
  ]);
  const report = compareContracts(clean, faulty);
  expect(report.findings.map((f) => [f.id, f.severity, f.message])).toEqual([
    [
      'COMPAT-01/field-removed',
      'error',
      'schema dev.aoi-testkit.notes.events 1.0.0 → 1.1.0: "hit" field rank is gone (it was required)',
    ],
    [
      'COMPAT-02/capability-withdrawn',
      'warning',
      'capabilities: schema dev.aoi-testkit.notes.events major 2 is no longer offered',
    ],
  ]);
  // Undoing it breaks again: a consumer of major 1 may have read 1.1.0, and major 1 is 1.0.0 once more.
  const undone = compareContracts(faulty, clean);
  expect(undone.findings.map((f) => f.message)).toEqual([
    'schema dev.aoi-testkit.notes.events 1.1.0 → 1.0.0: "hit" field score is gone (it was required)',
  ]);
});
