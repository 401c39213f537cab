import { STREAM_RULE_IDS } from '../checks/aoi/stream.js';
import {
  BEHAVIOUR_FAULT_CATALOGUE,
  BEHAVIOUR_FAULT_IDS,
  FAULT_CATALOGUE,
  FAULT_IDS,
  PRESET_IDS,
  PRESETS,
  REFERENCE_RUNS,
  makeFault,
  type FaultEntry,
  type FaultSpec,
  type ReferenceRunId,
  type StreamFault,
} from '../fakes/faults/index.js';
import { REFERENCE_LINT_PLAN } from '../fakes/tools/notes/lint-plan.js';
import { AOI_RULES } from '../spec/aoi/rules.js';
import { getRule, getSubRule } from '../spec/rules.js';

/**
 * The language-neutral corpus: one scenario per preset, per catalogued fault and per catalogued
 * variant, each naming the fake, how to run it and the verdict AOI-CLI v0.2 demands of it. Everything
 * here is derived from the fault catalogues, the presets, the reference runs and the rule registry:
 * nothing is written down twice. `scripts/generate-scenarios.mjs` writes the result to `scenarios/`.
 */

/** How a rule comes out: `fail` (an error finding), `warn` (only warning findings), `pass` (none). */
export type RuleOutcome = 'pass' | 'warn' | 'fail';

export interface ScenarioExpected {
  /** No rule is `fail` (warnings do not fail a rule). */
  readonly ok: boolean;
  /** Every judged rule, in id order: the 7 stream rules, or all 13 for the linter. */
  readonly rules: Readonly<Record<string, RuleOutcome>>;
  /** Every sub-rule reported, errors and warnings, each once, in code-point order. */
  readonly findings: readonly string[];
}

/** A catalogued fault with its parameters (the catalogue defaults, overridden by a variant's). */
export type ScenarioFault = readonly [id: string, params: Readonly<Record<string, unknown>>];

/** The fake to run: a preset (`well-behaved` is the clean reference tool) plus faults on top of it. */
export interface ScenarioFake {
  readonly tool: 'notes';
  readonly preset: string;
  readonly faults: readonly ScenarioFault[];
  readonly seed: number;
}

interface ScenarioBase {
  /** `preset.<preset>`, `fault.<fault>` or `fault.<fault>.<variant>`; also the file name without `.json`. */
  readonly id: string;
  readonly kind: 'stream' | 'lint';
  readonly description: string;
  /** The AOI-CLI v0.2 sections of the rules involved (those expected to report; all judged rules when none does). */
  readonly sections: readonly string[];
  readonly fake: ScenarioFake;
  /** The argv that runs the fake as a process; a run's own arguments are appended to it. */
  readonly command: readonly string[];
  readonly expected: ScenarioExpected;
}

/** Judge the stdout of one run with the stream checker (the 7 stream rules). */
export interface StreamScenario extends ScenarioBase {
  readonly kind: 'stream';
  /** The reference run of `notes` the faults' declarations hold for (`REFERENCE_RUNS`). */
  readonly run: ReferenceRunId;
  /** The argv prefix of the setup runs: the clean reference tool. */
  readonly setupCommand: readonly string[];
  /** Run first, in order, each as `setupCommand + args`, in the same state directory; each exits 0. */
  readonly setup: readonly (readonly string[])[];
  /** The judged run: `command + argv`, in that state directory, stdin closed (empty). */
  readonly argv: readonly string[];
  /** How the judged run ends: give both to the checker (a fault may crash or kill the run). */
  readonly exit: { readonly code: number | null; readonly signal: string | null };
}

/** Lint the fake as a process with `setup` and `invocations` (all 13 rules). */
export interface LintScenario extends ScenarioBase {
  readonly kind: 'lint';
  /** The linter's setup invocations (argv lists without the machine-mode flag). */
  readonly setup: readonly (readonly string[])[];
  /** The linter's invocations, one or more per command (argv lists without the machine-mode flag). */
  readonly invocations: readonly (readonly string[])[];
}

export type Scenario = StreamScenario | LintScenario;

/** A stream scenario before its run was observed: everything but `exit`. */
export type StreamScenarioDraft = Omit<StreamScenario, 'exit'>;
export type ScenarioDraft = StreamScenarioDraft | LintScenario;

/** How a harness starts the kit's CLI: `npx` finds it in the project's node_modules. */
export const KIT_COMMAND = ['npx', 'aoi-testkit'] as const;
/** The seed of every scenario's fake (randomised faults' bytes depend on it; verdicts never do). */
export const SCENARIO_SEED = 1;
/** The preset fault scenarios build on: the clean reference tool. */
export const BASE_PRESET = 'well-behaved';
/** The rules the process linter judges, in id order. */
export const LINT_RULE_IDS: readonly string[] = AOI_RULES.map((rule) => rule.id);

/** The argv that runs a scenario's fake: `npx aoi-testkit fake --seed N [--fault ID[=JSON]]... PRESET`. */
export function fakeCommand(fake: ScenarioFake): string[] {
  const faults = fake.faults.flatMap(([id, params]) => ['--fault', Object.keys(params).length === 0 ? id : `${id}=${JSON.stringify(params)}`]);
  return [...KIT_COMMAND, 'fake', '--seed', String(fake.seed), ...faults, fake.preset];
}

/** The expected verdict of a set of declared sub-rules over the judged rules, severities from the registry. */
export function expectedFrom(declared: readonly string[], ruleIds: readonly string[]): ScenarioExpected {
  const findings = [...new Set(declared)].sort();
  const foreign = findings.filter((id) => !ruleIds.includes(getSubRule(id).rule));
  if (foreign.length > 0) throw new Error(`sub-rule(s) ${foreign.join(', ')} are not judged here (judged: ${ruleIds.join(', ')})`);
  const rules: Record<string, RuleOutcome> = {};
  for (const rule of ruleIds) {
    const ofRule = findings.filter((id) => getSubRule(id).rule === rule);
    rules[rule] = ofRule.some((id) => getSubRule(id).severity === 'error') ? 'fail' : ofRule.length > 0 ? 'warn' : 'pass';
  }
  return { ok: !Object.values(rules).includes('fail'), rules, findings };
}

/** The sections of the rules involved, each once, in document order (§1.2 < §2 < §8.3 < §10). */
export function sectionsOf(expected: ScenarioExpected): string[] {
  const involved = Object.entries(expected.rules).filter(([, outcome]) => outcome !== 'pass').map(([rule]) => rule);
  const rules = involved.length > 0 ? involved : Object.keys(expected.rules);
  const sections = [...new Set(rules.flatMap((rule) => getRule(rule).sections))];
  const key = (section: string) => section.replace(/^§/, '').split('.').map(Number);
  return sections.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
    return 0;
  });
}

/** A fault spec with the parameters `makeFault` would use: catalogue defaults, then the given ones. */
function withDefaults(entry: FaultEntry, params: object | undefined): Record<string, unknown> {
  return { ...(entry.defaults as Record<string, unknown>), ...(params as Record<string, unknown> | undefined) };
}

const entryOf = (id: string): FaultEntry => {
  const entry = (FAULT_CATALOGUE as Record<string, FaultEntry>)[id] ?? (BEHAVIOUR_FAULT_CATALOGUE as Record<string, FaultEntry>)[id];
  if (!entry) throw new Error(`no catalogued fault "${id}"`);
  return entry;
};

/** The parameter sets of one catalogued fault: its defaults, then each variant, by name. */
function parameterSets(entry: FaultEntry): Array<{ variant?: string; params: Record<string, unknown> }> {
  return [{ params: withDefaults(entry, undefined) }, ...Object.entries(entry.variants).map(([variant, params]) => ({ variant, params: withDefaults(entry, params) }))];
}

function fakeOf(preset: string, faults: readonly ScenarioFault[]): ScenarioFake {
  return { tool: 'notes', preset, faults, seed: SCENARIO_SEED };
}

function streamDraft(id: string, description: string, fake: ScenarioFake, run: ReferenceRunId, declared: readonly string[]): StreamScenarioDraft {
  const reference = REFERENCE_RUNS[run];
  const expected = expectedFrom(declared, STREAM_RULE_IDS);
  return {
    id,
    kind: 'stream',
    description,
    sections: sectionsOf(expected),
    fake,
    command: fakeCommand(fake),
    run,
    setupCommand: [...KIT_COMMAND, 'fake', BASE_PRESET],
    setup: reference.setup.map((args) => [...args]),
    argv: [...reference.argv],
    expected,
  };
}

function describeFault(fault: StreamFault, id: string, variant: string | undefined, params: Record<string, unknown>): string {
  const how = variant ? ` (variant ${variant}: ${JSON.stringify(params)})` : Object.keys(params).length > 0 ? ` (${JSON.stringify(params)})` : '';
  return `${id}${how}: notes ${fault.description}`;
}
const describeRun = (run: ReferenceRunId) => `Judged on the reference run ${run}, ${REFERENCE_RUNS[run].description}.`;

/** One stream scenario per stream fault and per variant, on the reference run its declaration holds for. */
function streamFaultDrafts(): StreamScenarioDraft[] {
  return FAULT_IDS.flatMap((id) => {
    const { run } = FAULT_CATALOGUE[id];
    return parameterSets(entryOf(id)).map(({ variant, params }) => {
      const fault = makeFault(id, params);
      const fake = fakeOf(BASE_PRESET, [[id, params]]);
      return streamDraft(faultScenarioId(id, variant), `${describeFault(fault, id, variant, params)}. ${describeRun(run)}`, fake, run, fault.violates);
    });
  });
}

function lintDraft(id: string, description: string, fake: ScenarioFake, declared: readonly string[]): LintScenario {
  const expected = expectedFrom(declared, LINT_RULE_IDS);
  return {
    id,
    kind: 'lint',
    description,
    sections: sectionsOf(expected),
    fake,
    command: fakeCommand(fake),
    setup: REFERENCE_LINT_PLAN.setup.map((args) => [...args]),
    invocations: REFERENCE_LINT_PLAN.invocations.map((args) => [...args]),
    expected,
  };
}

const LINTED = 'Judged by the process linter (all 13 rules) with the reference lint plan of notes: three notes, then one invocation per command.';

/** One lint scenario per behaviour fault and per variant: only the process linter can see them. */
function behaviourFaultDrafts(): LintScenario[] {
  return BEHAVIOUR_FAULT_IDS.flatMap((id) =>
    parameterSets(entryOf(id)).map(({ variant, params }) => {
      const fault = makeFault(id, params);
      return lintDraft(faultScenarioId(id, variant), `${describeFault(fault, id, variant, params)}. ${LINTED}`, fakeOf(BASE_PRESET, [[id, params]]), fault.violates);
    }),
  );
}

const faultScenarioId = (id: string, variant: string | undefined) => `fault.${id}${variant ? `.${variant}` : ''}`;

/**
 * One scenario per preset, the preset as the CLI knows it: a preset of stream faults is judged on its
 * reference run; one with a behaviour fault (no reference run) by the process linter.
 */
function presetDrafts(): ScenarioDraft[] {
  return PRESET_IDS.map((id) => {
    const preset = PRESETS[id];
    const faults = (preset.faults as readonly FaultSpec[]).map(([faultId, params]) => makeFault(faultId, params));
    const made = faults.length === 0 ? 'notes, no fault' : `notes with ${faults.map((f) => f.id).join(', ')}`;
    const declared = faults.flatMap((f) => f.violates);
    const description = `Preset ${id}: ${preset.description} (${made}).`;
    return preset.run
      ? streamDraft(`preset.${id}`, `${description} ${describeRun(preset.run)}`, fakeOf(id, []), preset.run, declared)
      : lintDraft(`preset.${id}`, `${description} ${LINTED}`, fakeOf(id, []), declared);
  });
}

/**
 * Every scenario, before the stream runs were observed. Pure: a function of the catalogues, the
 * presets, the reference runs and the registry. Ordered: presets, stream faults, behaviour faults.
 */
export function draftScenarios(): ScenarioDraft[] {
  const drafts = [...presetDrafts(), ...streamFaultDrafts(), ...behaviourFaultDrafts()];
  const ids = drafts.map((d) => d.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length > 0) throw new Error(`scenario ids must be unique: ${twice.join(', ')}`);
  return drafts;
}

/** The lint plan of every lint scenario (shared with the lint tests). */
export const SCENARIO_LINT_PLAN = REFERENCE_LINT_PLAN;
