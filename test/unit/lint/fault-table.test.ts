import { describe, expect, test } from 'vitest';
import { BEHAVIOUR_FAULT_CATALOGUE, makeFault, makeFaultVariant, type FaultId } from '../../../src/fakes/faults/index.js';
import { notes } from '../../../src/fakes/tools/notes/index.js';
import { lintCli, type LintReport } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import type { StreamFault } from '../../../src/fakes/faults/stream-fault.js';
import { AOI_SUB_RULES } from '../../../src/spec/aoi/rules.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/tools/notes/lint-plan.js';

/** Every sub-rule the lint reported, errors and warnings, each once. */
const reported = (report: LintReport) => [...new Set(report.findings.map((f) => f.id))].sort();

/** Each behaviour fault and each of its variants, freshly made. */
const cases: Array<[string, () => StreamFault]> = Object.entries(BEHAVIOUR_FAULT_CATALOGUE).flatMap(([id, entry]) => [
  [id, () => makeFault(id)] as [string, () => StreamFault],
  ...Object.keys(entry.variants).map((variant) => [`${id}.${variant}`, () => makeFaultVariant(id as FaultId, variant)] as [string, () => StreamFault]),
]);

// Hangs cost a timeout each; in memory the tool finishes in microseconds, so 3 s is a wide margin.
const LINT = { ...REFERENCE_LINT_PLAN, timeoutMs: 3_000, graceMs: 1_000, canarySeed: 'fault-table' };

describe('the lint catches each behaviour fault by exactly the sub-rules it declares (in memory)', () => {
  test('the clean reference tool: no finding at all', async () => {
    const report = await lintCli(inMemoryTarget(notes), LINT);
    expect(reported(report)).toEqual([]);
    expect(report.verdicts.filter((v) => v.status === 'skip' || v.status === 'fail').map((v) => `${v.rule} ${v.command}: ${v.reason}`)).toEqual([]);
  });

  test.concurrent.each(cases)('%s', async (_name, make) => {
    const fault = make();
    const report = await lintCli(inMemoryTarget(notes, { faults: [fault] }), LINT);
    const expected = fault.violates.filter((id) => id !== 'AOI-01/schema-network'); // not observable in memory
    expect(reported(report)).toEqual([...expected].sort());
    expect(report.ok).toBe(fault.severity !== 'error' || expected.length === 0);
  });
});

test('every sub-rule only the linter judges is declared by some behaviour fault (each can fire)', () => {
  const declared = new Set(cases.flatMap(([, make]) => make().violates));
  const probeOnly = AOI_SUB_RULES.filter((s) => s.judgedBy === 'probe').map((s) => s.id);
  expect(probeOnly.filter((id) => !declared.has(id))).toEqual([]);
});
