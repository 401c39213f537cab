import { describe, expect, test } from 'vitest';
import { fakeCommand } from '../../../src/corpus/scenarios.js';
import { ALL_FAULT_CASES, BEHAVIOUR_FAULT_IDS, declaredUnderLint } from '../../../src/fakes/aoi/faults/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { lintCli, type LintReport } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { processTarget } from '../../../src/lint/aoi/target.js';

const CLI = new URL('../../../dist/cli/main.js', import.meta.url).pathname;
const reported = (report: LintReport) => [...new Set(report.findings.map((f) => f.id))].sort();
const statuses = (report: LintReport) => report.verdicts.map((v) => `${v.rule} ${v.command} ${v.status}`);

const behaviourCases = ALL_FAULT_CASES.filter(([name]) => (BEHAVIOUR_FAULT_IDS as readonly string[]).includes(name.split('.')[0]!));

/**
 * As real processes (`aoi-testkit fake --fault <id>[=<params>] well-behaved`, the corpus's command):
 * each behaviour fault and variant is caught by exactly the sub-rules it declares, all 13 rules judged —
 * real pipes, real signals, a real network tripwire — with the same verdict per (rule × command) as the
 * in-memory lint. Stream faults only change bytes: their process runs give the in-memory bytes
 * (test/integration/corpus/stream-scenarios-process.test.ts), so the in-memory table covers them.
 */
describe('the lint catches each behaviour fault by exactly its declared sub-rules (real processes)', () => {
  test.concurrent.each(behaviourCases)('%s', async (_name, make) => {
    const fault = make();
    // graceMs: how long a process may take to end once its stdout is closed or it is signalled. With 1.5 s, a
    // heavily loaded machine once judged `sync` (AOI-10, ignores-sigpipe) differently as a process than in memory.
    const options = { ...REFERENCE_LINT_PLAN, timeoutMs: 5_000, graceMs: 3_000, canarySeed: 'fault-table' };
    const [, , ...args] = fakeCommand({ tool: 'notes', preset: 'well-behaved', faults: [[fault.id, fault.params as Record<string, unknown>]], seed: 1 });
    const asProcess = await lintCli(processTarget(process.execPath, [CLI, ...args]), options);
    expect(reported(asProcess)).toEqual(declaredUnderLint([fault]).violates);
    if (fault.violates.includes('AOI-01/schema-network')) return; // not observable in memory
    const inMemory = await lintCli(inMemoryTarget(notes, { faults: [make()], seed: 1 }), options);
    expect(statuses(asProcess)).toEqual(statuses(inMemory));
    // Two whole lints, five faults at once (vitest's maxConcurrency), each lint now ~100 probes: room for a loaded 2-core machine.
  }, 300_000);
});
