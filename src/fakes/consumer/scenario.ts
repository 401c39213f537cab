import type { Fault } from '../aoi/faults/fault.js';
import {
  makeFault,
  PRESETS,
  presetFaults,
  REFERENCE_RUNS,
  type PresetId,
} from '../aoi/faults/index.js';
import { aoiScenarioFake } from '../../corpus/aoi-fakes.js';

/**
 * A run to replay byte for byte: the bytes of stdout (and stderr) and how the process ended. A captured
 * `Run`, a `FakeRun` and what `aoiRun()` of `aoi-testkit/arbitraries` generates all have this shape.
 */
export interface ReplayRun {
  stdout: Uint8Array | string;
  stderr?: Uint8Array | string;
  exitCode: number | null;
  signal: string | null;
}

/**
 * What a fake runs: a preset name (`crashing-without-summary`, see `PRESETS`), a corpus scenario id
 * (`fault.invalid-utf8`, `preset.stalling`, see `scenarios/`), or a generated run.
 */
export type FakeScenario = string | ReplayRun;

/** A catalogued fault by id, with optional parameters: `'stall'`, `['crash-before-summary', { exitCode: 70 }]`. */
export type FaultSpecInput = string | readonly [id: string, params?: object];

/** A scenario of the reference tool `notes`, resolved: the preset, extra faults, seed, default argv and setup. */
export interface ToolPlan {
  readonly kind: 'tool';
  /** The preset or scenario id as given. */
  readonly id: string;
  /** The preset the faults start from. */
  readonly preset: PresetId;
  /** Catalogued faults on top of the preset's (a corpus scenario's own, then the caller's). */
  readonly faults: readonly (readonly [string, object])[];
  readonly seed: number;
  /** The argv of the scenario's reference run (a preset's `run`, a stream scenario's `argv`), if it has one. */
  readonly argv: readonly string[] | undefined;
  /** Runs of the clean tool to make first, in the same state directory. */
  readonly setup: readonly (readonly string[])[];
}

export interface RunPlan {
  readonly kind: 'run';
  readonly run: ReplayRun;
}

export type FakePlan = ToolPlan | RunPlan;

const SCENARIO_ID = /^(preset|fault)\.[a-z0-9]+([-.][a-z0-9]+)*$/;

export function isReplayRun(value: unknown): value is ReplayRun {
  if (value === null || typeof value !== 'object') return false;
  const run = value as Record<string, unknown>;
  return (typeof run.stdout === 'string' || run.stdout instanceof Uint8Array) && 'exitCode' in run;
}

/** A fault spec as `[id, params]`, checked against the catalogues (unknown ids throw, listing the known ones). */
export function normaliseFaultSpec(spec: FaultSpecInput): readonly [string, object] {
  const [id, params = {}] = typeof spec === 'string' ? [spec] : spec;
  makeFault(id, params); // throws a RangeError naming the known faults, or the bad parameter
  return [id, params];
}

/**
 * Resolve a scenario: a preset, a corpus scenario id, or a generated run. Unknown names throw a
 * RangeError that lists the presets; `undefined` is returned instead when `lenient` (spawnFake turns it
 * into ENOENT, as a missing command is).
 */
export function resolvePlan(
  scenario: FakeScenario,
  extra: { faults?: readonly FaultSpecInput[]; seed?: number } = {},
  lenient = false,
): FakePlan | undefined {
  if (typeof scenario !== 'string') {
    if (!isReplayRun(scenario))
      throw new TypeError(
        'a fake scenario is a preset name, a corpus scenario id, or a run { stdout, stderr?, exitCode, signal }',
      );
    return { kind: 'run', run: scenario };
  }
  const faults = (extra.faults ?? []).map(normaliseFaultSpec);
  if (Object.hasOwn(PRESETS, scenario)) {
    const preset = PRESETS[scenario as PresetId];
    const reference = 'run' in preset && preset.run ? REFERENCE_RUNS[preset.run] : undefined;
    return {
      kind: 'tool',
      id: scenario,
      preset: scenario as PresetId,
      faults,
      seed: extra.seed ?? 1,
      argv: reference?.argv,
      setup: reference?.setup ?? [],
    };
  }
  // A corpus scenario id, from the catalogues (no corpus package needed).
  const known = SCENARIO_ID.test(scenario) ? aoiScenarioFake(scenario) : undefined;
  if (known === undefined) {
    if (lenient) return undefined;
    throw new RangeError(
      `unknown fake "${scenario}": neither a preset (${Object.keys(PRESETS).join(', ')}) nor a corpus scenario id (\`aoi-testkit scenarios\` lists them)`,
    );
  }
  if (!Object.hasOwn(PRESETS, known.fake.preset))
    throw new RangeError(`scenario ${known.id} names an unknown preset "${known.fake.preset}"`);
  return {
    kind: 'tool',
    id: scenario,
    preset: known.fake.preset as PresetId,
    faults: [
      ...known.fake.faults.map(([id, params]) => normaliseFaultSpec([id, params])),
      ...faults,
    ],
    seed: extra.seed ?? known.fake.seed,
    argv: known.kind === 'stream' ? known.argv : undefined,
    setup: known.setup ?? [],
  };
}

/** Fresh faults for a tool plan: the preset's, then the plan's own, then the caller's custom ones. */
export function planFaults(plan: ToolPlan, custom: readonly Fault[] = []): Fault[] {
  return [
    ...presetFaults(plan.preset),
    ...plan.faults.map(([id, params]) => makeFault(id, params)),
    ...custom,
  ];
}
