import { describe, expect, test } from 'vitest';
import { fakeCommand } from '../../../src/corpus/scenarios.js';
import {
  ALL_FAULT_CASES,
  BEHAVIOUR_FAULT_IDS,
  declaredUnderLint,
} from '../../../src/fakes/aoi/faults/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { lintCli, type LintReport } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { processTarget } from '../../../src/lint/aoi/target.js';

import { CLI } from '../../support/kit-cli.js';
const reported = (report: LintReport) => [...new Set(report.findings.map((f) => f.id))].sort();
const statuses = (report: LintReport) =>
  report.verdicts.map((v) => `${v.rule} ${v.command} ${v.status}`);
/** The findings of sub-rules not declared, whole: what a red run must show to be diagnosed. */
const unexpected = (report: LintReport, declared: readonly string[]) =>
  report.findings
    .filter((f) => !declared.includes(f.id))
    .map((f) => `${f.id} [${f.probe ?? ''}] ${f.message}`)
    .join('\n');

const behaviourCases = ALL_FAULT_CASES.filter(([name]) =>
  (BEHAVIOUR_FAULT_IDS as readonly string[]).includes(name.split('.')[0]!),
);

/**
 * The engine's switches that act through the process itself, not only through the bytes it writes: pipes, signals,
 * timers, stdin, a terminal prompt, the network (engine/core.ts and engine/process.ts read them).
 */
const THROUGH_THE_PROCESS = [
  'brokenPipe',
  'signals',
  'signalStackTrace',
  'latency',
  'stall',
  'readsStdin',
  'confirmation',
  'schemaNetwork',
];

// graceMs: how long a process may take to end once its stdout is closed or it is signalled. With 1.5 s, a heavily
// loaded machine once judged `sync` (AOI-10, ignores-sigpipe) differently as a process than in memory.
const PLAN = {
  ...REFERENCE_LINT_PLAN,
  timeoutMs: 5_000,
  graceMs: 3_000,
  canarySeed: 'fault-table',
};

/**
 * As real processes (`aoi-testkit fake --fault <id>[=<params>] well-behaved`, the corpus's command): each behaviour
 * fault and variant is caught by exactly the sub-rules it declares — real pipes, real signals, a real network
 * tripwire — with the same verdict per (rule × command) as the in-memory lint.
 *
 * A fault that sets a switch acting through the process is linted whole, all 13 rules. Any other fault only changes
 * what the tool writes, and the engine writes the same bytes in memory and as a process (the tool without a fault,
 * below; the stream faults' bytes: stream-scenarios-process.test.ts). It is linted as a process for the rules it
 * declares (18 to 46 probes of a whole lint's 112), and the in-memory table (fault-table.test.ts) proves that no
 * other rule reports it. Stream faults only change bytes: the in-memory table covers them.
 */
describe('the lint catches each behaviour fault by exactly its declared sub-rules (real processes)', () => {
  test.concurrent(
    'no fault: nothing reported, and the same verdicts as in memory, all 13 rules',
    async () => {
      const [, , ...args] = fakeCommand({
        tool: 'notes',
        preset: 'well-behaved',
        faults: [],
        seed: 1,
      });
      const asProcess = await lintCli(processTarget(process.execPath, [CLI, ...args]), PLAN);
      expect(reported(asProcess)).toEqual([]);
      expect(statuses(asProcess)).toEqual(
        statuses(await lintCli(inMemoryTarget(notes, { seed: 1 }), PLAN)),
      );
    },
    300_000,
  );

  test.concurrent.each(behaviourCases)(
    '%s',
    async (_name, make) => {
      const fault = make();
      const declared = declaredUnderLint([fault]).violates;
      const whole =
        declared.length === 0 ||
        Object.keys(fault.behaviour ?? {}).some((key) => THROUGH_THE_PROCESS.includes(key));
      const options = {
        ...PLAN,
        ...(whole ? {} : { only: [...new Set(declared.map((id) => id.split('/')[0]!))] }),
      };
      const [, , ...args] = fakeCommand({
        tool: 'notes',
        preset: 'well-behaved',
        faults: [[fault.id, fault.params as Record<string, unknown>]],
        seed: 1,
      });
      const asProcess = await lintCli(processTarget(process.execPath, [CLI, ...args]), options);
      expect(reported(asProcess), unexpected(asProcess, declared)).toEqual(declared);
      if (fault.violates.includes('AOI-01/schema-network')) return; // not observable in memory
      const inMemory = await lintCli(inMemoryTarget(notes, { faults: [make()], seed: 1 }), options);
      expect(statuses(asProcess)).toEqual(statuses(inMemory));
      // Two lints, five faults at once (vitest's maxConcurrency), a whole lint ~110 probes: room for a loaded 2-core machine.
    },
    300_000,
  );
});
