import { STREAM_RULE_IDS } from '../checks/aoi/stream.js';
import {
  BEHAVIOUR_FAULT_IDS,
  FAULT_CATALOGUE,
  FAULT_IDS,
  PRESET_IDS,
  PRESETS,
  REFERENCE_RUNS,
  declaredUnderLint,
  makeFault,
  type FaultSpec,
  type ReferenceRunId,
  type StreamFault,
} from '../fakes/aoi/faults/index.js';
import { BACKEND_CASES, backendEnvOf, type BackendCase } from '../fakes/aoi/notes/backend-cases.js';
import { REFERENCE_LINT_PLAN } from '../fakes/aoi/notes/lint-plan.js';
import { AOI_RULES } from '../spec/aoi/rules.js';
import { KIT_COMMAND, expectedFrom, sectionsOf } from './expected.js';
import {
  BASE_PRESET,
  SCENARIO_SEED,
  entryOf,
  fakeOf,
  faultScenarioId,
  parameterSets,
} from './aoi-fakes.js';
import type {
  LintScenario,
  ScenarioDraft,
  ScenarioFake,
  StreamLint,
  StreamScenarioDraft,
} from './types.js';

/**
 * The AOI-CLI scenarios: one per preset, per catalogued fault and per catalogued variant, and one per
 * configuration of the pretend backend, each naming the fake, how to run it and the verdict AOI-CLI v0.2
 * demands of it. Derived from the fault catalogues, the presets, the reference runs, the backend cases and
 * the rule registry: nothing is written down twice.
 */

export { BASE_PRESET, SCENARIO_SEED };

/** The rules the process linter judges, in id order. */
export const LINT_RULE_IDS: readonly string[] = AOI_RULES.map((rule) => rule.id);
/** The lint plan of every lint scenario and of every stream scenario's lint block (shared with the lint tests). */
export const SCENARIO_LINT_PLAN = REFERENCE_LINT_PLAN;

/** The argv that runs a scenario's fake: `npx aoi-testkit fake --seed N [--fault ID[=JSON]]... [--env NAME=VALUE]... PRESET`. */
export function fakeCommand(
  fake: ScenarioFake,
  env: Readonly<Record<string, string>> = {},
): string[] {
  const faults = fake.faults.flatMap(([id, params]) => [
    '--fault',
    Object.keys(params).length === 0 ? id : `${id}=${JSON.stringify(params)}`,
  ]);
  const vars = Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
  return [...KIT_COMMAND, 'fake', '--seed', String(fake.seed), ...faults, ...vars, fake.preset];
}

const plan = () => ({
  setup: SCENARIO_LINT_PLAN.setup.map((args) => [...args]),
  invocations: SCENARIO_LINT_PLAN.invocations.map((args) => [...args]),
});

/** What the process linter must report on a fake with these faults: `declaredUnderLint`, or a setup that fails. */
function lintBlock(faults: readonly StreamFault[]): StreamLint {
  const declared = declaredUnderLint(faults);
  return declared.setupFails
    ? { setupFails: true, ...plan() }
    : { setupFails: false, ...plan(), expected: expectedFrom(declared.violates, LINT_RULE_IDS) };
}

function streamDraft(
  id: string,
  description: string,
  fake: ScenarioFake,
  run: ReferenceRunId,
  faults: readonly StreamFault[],
): StreamScenarioDraft {
  const reference = REFERENCE_RUNS[run];
  const expected = expectedFrom(
    faults.flatMap((f) => f.violates),
    STREAM_RULE_IDS,
  );
  return {
    id,
    kind: 'stream',
    spec: 'aoi',
    description,
    sections: sectionsOf(expected),
    fake,
    command: fakeCommand(fake),
    run,
    setupCommand: [...KIT_COMMAND, 'fake', BASE_PRESET],
    setup: reference.setup.map((args) => [...args]),
    argv: [...reference.argv],
    expected,
    lint: lintBlock(faults),
  };
}

function describeFault(
  fault: StreamFault,
  id: string,
  variant: string | undefined,
  params: Record<string, unknown>,
): string {
  const how = variant
    ? ` (variant ${variant}: ${JSON.stringify(params)})`
    : Object.keys(params).length > 0
      ? ` (${JSON.stringify(params)})`
      : '';
  return `${id}${how}: notes ${fault.description}`;
}
const describeRun = (run: ReferenceRunId) =>
  `Judged on the reference run ${run}, ${REFERENCE_RUNS[run].description}.`;

/** One stream scenario per stream fault and per variant, on the reference run its declaration holds for. */
function streamFaultDrafts(): StreamScenarioDraft[] {
  return FAULT_IDS.flatMap((id) => {
    const { run } = FAULT_CATALOGUE[id];
    return parameterSets(entryOf(id)).map(({ variant, params }) => {
      const fault = makeFault(id, params);
      return streamDraft(
        faultScenarioId(id, variant),
        `${describeFault(fault, id, variant, params)}. ${describeRun(run)}`,
        fakeOf(BASE_PRESET, [[id, params]]),
        run,
        [fault],
      );
    });
  });
}

function lintDraft(
  id: string,
  description: string,
  fake: ScenarioFake,
  declared: readonly string[],
): LintScenario {
  const expected = expectedFrom(declared, LINT_RULE_IDS);
  return {
    id,
    kind: 'lint',
    spec: 'aoi',
    description,
    sections: sectionsOf(expected),
    fake,
    command: fakeCommand(fake),
    ...plan(),
    expected,
  };
}

const LINTED =
  'Judged by the process linter (all 13 rules) with the reference lint plan of notes: three notes, then one invocation per command.';

/** One lint scenario per behaviour fault and per variant: only the process linter can see them. */
function behaviourFaultDrafts(): LintScenario[] {
  return BEHAVIOUR_FAULT_IDS.flatMap((id) =>
    parameterSets(entryOf(id)).map(({ variant, params }) => {
      const fault = makeFault(id, params);
      return lintDraft(
        faultScenarioId(id, variant),
        `${describeFault(fault, id, variant, params)}. ${LINTED}`,
        fakeOf(BASE_PRESET, [[id, params]]),
        fault.violates,
      );
    }),
  );
}

/**
 * One scenario per preset, the preset as the CLI knows it: a preset of stream faults is judged on its
 * reference run; one with a behaviour fault (no reference run) by the process linter.
 */
function presetDrafts(): ScenarioDraft[] {
  return PRESET_IDS.map((id) => {
    const preset = PRESETS[id];
    const faults = (preset.faults as readonly FaultSpec[]).map(([faultId, params]) =>
      makeFault(faultId, params),
    );
    const made =
      faults.length === 0 ? 'notes, no fault' : `notes with ${faults.map((f) => f.id).join(', ')}`;
    const description = `Preset ${id}: ${preset.description} (${made}).`;
    return preset.run
      ? streamDraft(
          `preset.${id}`,
          `${description} ${describeRun(preset.run)}`,
          fakeOf(id, []),
          preset.run,
          faults,
        )
      : lintDraft(
          `preset.${id}`,
          `${description} ${LINTED}`,
          fakeOf(id, []),
          faults.flatMap((f) => f.violates),
        );
  });
}

/**
 * One stream scenario per configuration of the pretend backend (`BACKEND_CASES`): the clean tool's `sync`,
 * which passes every stream rule and tells its consumer what the case declares. No lint block: the fake is
 * the clean tool (preset.well-behaved's holds), the backend is the judged run's.
 */
function backendDrafts(): StreamScenarioDraft[] {
  return BACKEND_CASES.map((c: BackendCase) => {
    const fake = fakeOf(BASE_PRESET, []);
    const env = { NOTES_BACKEND: backendEnvOf(c) };
    const expected = expectedFrom([], STREAM_RULE_IDS);
    const { category, code, retryable } = c.error;
    return {
      id: `backend.${c.id}`,
      kind: 'stream',
      spec: 'aoi',
      description: `notes sync against its pretend backend (msw, in the fake's own process), which ${c.description} ($NOTES_BACKEND). The clean tool reports it as one aoi:error (category ${category}, code ${code}, retryable ${retryable}), a summary with ok:false, and exit ${c.exitCode}: every stream rule passes.`,
      sections: sectionsOf(expected),
      fake,
      command: fakeCommand(fake, env),
      run: 'sync',
      setupCommand: [...KIT_COMMAND, 'fake', BASE_PRESET],
      setup: [],
      argv: ['sync', '--output', 'jsonl', ...c.args],
      env,
      expected,
      consumer: { error: { ...c.error } },
    };
  });
}

/** Every AOI scenario, before the stream runs were observed. Ordered: presets, stream faults, behaviour faults, backend. */
export function aoiDrafts(): ScenarioDraft[] {
  return [...presetDrafts(), ...streamFaultDrafts(), ...behaviourFaultDrafts(), ...backendDrafts()];
}
