import {
  BEHAVIOUR_FAULT_CATALOGUE,
  BEHAVIOUR_FAULT_IDS,
  FAULT_CATALOGUE,
  FAULT_IDS,
  PRESET_IDS,
  PRESETS,
  REFERENCE_RUNS,
  type FaultEntry,
} from '../fakes/aoi/faults/index.js';
import { BACKEND_CASES, backendEnvOf } from '../fakes/aoi/notes/backend-cases.js';

/**
 * What the fake of each AOI scenario id runs (`preset.<name>`, `fault.<id>[.<variant>]`, `backend.<case>`), from
 * the catalogues alone: `aoi-testkit fake <id>` and `withFakeCli('<id>')` resolve a scenario id here, so that
 * neither needs the corpus package (aoi-testkit-corpus) nor loads the rule registries. The corpus's
 * scenario files hold the same (scenario-fakes.test compares every one).
 */

/** A catalogued fault with its parameters (the catalogue defaults, overridden by a variant's). */
export type ScenarioFault = readonly [id: string, params: Readonly<Record<string, unknown>>];

/** The fake to run: a preset (`well-behaved` is the clean reference tool) plus faults on top of it. */
export interface ScenarioFake {
  readonly tool: 'notes';
  readonly preset: string;
  readonly faults: readonly ScenarioFault[];
  readonly seed: number;
}

/** The seed of every scenario's fake (randomised faults' bytes depend on it; verdicts never do). */
export const SCENARIO_SEED = 1;
/** The preset fault scenarios build on: the clean reference tool. */
export const BASE_PRESET = 'well-behaved';

/** What an AOI scenario's fake runs: a stream scenario's judged run and its setup, or a lint scenario's fake. */
export interface AoiScenarioFake {
  readonly id: string;
  readonly kind: 'stream' | 'lint';
  readonly fake: ScenarioFake;
  /** Stream scenarios: runs of the clean tool to make first, then the judged run's argv. */
  readonly setup: readonly (readonly string[])[];
  readonly argv?: readonly string[];
  /** The fake's environment (the pretend backend's case). */
  readonly env: Readonly<Record<string, string>>;
}

/** A fault spec with the parameters `makeFault` would use: catalogue defaults, then the given ones. */
function withDefaults(entry: FaultEntry, params: object | undefined): Record<string, unknown> {
  return {
    ...(entry.defaults as Record<string, unknown>),
    ...(params as Record<string, unknown> | undefined),
  };
}

export const entryOf = (id: string): FaultEntry => {
  const entry =
    (FAULT_CATALOGUE as Record<string, FaultEntry>)[id] ??
    (BEHAVIOUR_FAULT_CATALOGUE as Record<string, FaultEntry>)[id];
  if (!entry) throw new Error(`no catalogued fault "${id}"`);
  return entry;
};

/** The parameter sets of one catalogued fault: its defaults, then each variant, by name. */
export function parameterSets(
  entry: FaultEntry,
): Array<{ variant?: string; params: Record<string, unknown> }> {
  return [
    { params: withDefaults(entry, undefined) },
    ...Object.entries(entry.variants).map(([variant, params]) => ({
      variant,
      params: withDefaults(entry, params),
    })),
  ];
}

export const faultScenarioId = (id: string, variant: string | undefined): string =>
  `fault.${id}${variant ? `.${variant}` : ''}`;

export function fakeOf(preset: string, faults: ScenarioFake['faults']): ScenarioFake {
  return { tool: 'notes', preset, faults, seed: SCENARIO_SEED };
}

const referenceRun = (run: keyof typeof REFERENCE_RUNS) => ({
  setup: REFERENCE_RUNS[run].setup.map((args) => [...args]),
  argv: [...REFERENCE_RUNS[run].argv],
});

function* allFakes(): Generator<AoiScenarioFake> {
  for (const id of PRESET_IDS) {
    const { run } = PRESETS[id] as { run?: keyof typeof REFERENCE_RUNS };
    const fake = fakeOf(id, []);
    yield run
      ? { id: `preset.${id}`, kind: 'stream', fake, env: {}, ...referenceRun(run) }
      : { id: `preset.${id}`, kind: 'lint', fake, env: {}, setup: [] };
  }
  for (const id of FAULT_IDS)
    for (const { variant, params } of parameterSets(entryOf(id)))
      yield {
        id: faultScenarioId(id, variant),
        kind: 'stream',
        fake: fakeOf(BASE_PRESET, [[id, params]]),
        env: {},
        ...referenceRun(FAULT_CATALOGUE[id].run),
      };
  for (const id of BEHAVIOUR_FAULT_IDS)
    for (const { variant, params } of parameterSets(entryOf(id)))
      yield {
        id: faultScenarioId(id, variant),
        kind: 'lint',
        fake: fakeOf(BASE_PRESET, [[id, params]]),
        env: {},
        setup: [],
      };
  for (const c of BACKEND_CASES)
    yield {
      id: `backend.${c.id}`,
      kind: 'stream',
      fake: fakeOf(BASE_PRESET, []),
      env: { NOTES_BACKEND: backendEnvOf(c) },
      setup: [],
      argv: ['sync', '--output', 'jsonl', ...c.args],
    };
}

let byId: Map<string, AoiScenarioFake> | undefined;

/** The fake of an AOI scenario by id, or undefined when no AOI scenario has that id. */
export function aoiScenarioFake(id: string): AoiScenarioFake | undefined {
  byId ??= new Map([...allFakes()].map((f) => [f.id, f]));
  return byId.get(id);
}
