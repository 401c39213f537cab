import { EXEC_FAULTS, EXEC_FAULTS_ENV, type ExecFault } from '../fakes/exec/faults/index.js';
import { NOTES_EXEC_PLAN } from '../fakes/aoi/notes/exec-plan.js';
import { EXEC_RULES } from '../spec/exec/rules.js';
import { KIT_COMMAND, expectedFrom, sectionsOf } from './expected.js';
import type { ExecScenario } from './types.js';

/** The rules an exec checker judges, in id order. */
export const EXEC_SCENARIO_RULE_IDS: readonly string[] = EXEC_RULES.map((rule) => rule.id);
/** The large batch of a scenario whose fault does not ask for more (checkExec's default). */
export const DEFAULT_BULK_LINES = 5_000;

const plan = () => JSON.parse(JSON.stringify(NOTES_EXEC_PLAN)) as ExecScenario['plan'];

/**
 * One scenario for notes' `exec` clean, and one per exec fault (selected by `AOI_TESTKIT_EXEC_FAULTS`),
 * driven with notes' exec plan: the expected verdict is each fault's own declaration (`violates`).
 */
export function execDrafts(): ExecScenario[] {
  const one = (fault: ExecFault | undefined): ExecScenario => {
    const env: Record<string, string> = fault ? { [EXEC_FAULTS_ENV]: fault.id } : {};
    const expected = expectedFrom(fault?.violates ?? [], EXEC_SCENARIO_RULE_IDS);
    const what = fault
      ? `notes exec with the fault ${fault.id}: ${fault.description}${fault.processOnly ? ' (only as a process: in memory notes behaves well)' : ''}`
      : 'notes exec, the reference batch dispatch, with no fault';
    return {
      id: fault ? `exec.notes.${fault.id}` : 'exec.notes',
      kind: 'exec',
      spec: 'exec',
      description: `${what}. Judged by an exec checker driving it with the plan's lines, each probe in a fresh state directory.`,
      sections: sectionsOf(expected),
      fake: { tool: 'notes', preset: 'well-behaved', faults: fault ? [fault.id] : [] },
      command: [
        ...KIT_COMMAND,
        'fake',
        ...Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
        'well-behaved',
      ],
      env,
      processOnly: fault?.processOnly === true,
      plan: plan(),
      bulkLines: fault?.bulkLines ?? DEFAULT_BULK_LINES,
      expected,
    };
  };
  return [one(undefined), ...EXEC_FAULTS.map(one)];
}
