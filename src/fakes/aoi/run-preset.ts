import { UsageError } from '../../errors.js';
import { runAsProcess } from './engine/process.js';
import * as faults from './faults/index.js';
import { notes } from './notes/index.js';

type StreamFault = ReturnType<typeof faults.makeFault>;

/** `--fault ID[=JSON]` of the notes fake: the fault, or a UsageError naming the faults there are. */
export function faultFromFlag(value: string): StreamFault {
  const [id, json] = value.split(/=(.*)/s, 2) as [string, string | undefined];
  if (!faults.isFaultId(id)) {
    const known = [
      ...Object.keys(faults.FAULT_CATALOGUE),
      ...Object.keys(faults.BEHAVIOUR_FAULT_CATALOGUE),
      ...Object.keys(faults.CONTRACT_FAULT_CATALOGUE),
    ];
    throw new UsageError(`--fault: unknown fault "${id}"; known faults: ${known.join(', ')}`);
  }
  let params: unknown = {};
  try {
    if (json !== undefined) params = JSON.parse(json);
  } catch {
    params = undefined;
  }
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw new UsageError(
      `--fault ${id}: the parameters must be a JSON object, as in --fault '${id}={"name":value}'`,
    );
  }
  try {
    return faults.makeFault(id, params);
  } catch (error) {
    throw new UsageError(`--fault ${id}: ${(error as Error).message}`);
  }
}

/** The notes fake's presets, as `aoi-testkit fake --list` lists them beside the other families'. */
export const NOTES_PRESETS = faults.PRESETS;

export interface NotesPresetRun {
  /** A preset of `notes`, or the scenario id `scenario` is for (named in the error when neither resolves). */
  readonly preset: string;
  /** A corpus scenario's fake (corpus/scenario-files.ts resolves it): its preset, faults, seed and environment. */
  readonly scenario:
    | {
        readonly preset: string;
        readonly faults: readonly (readonly [id: string, params: Record<string, unknown>])[];
        readonly seed: number;
        readonly env: Readonly<Record<string, string>>;
      }
    | undefined;
  /** `--fault`s, on top of the preset's. */
  readonly faults: readonly StreamFault[];
  readonly seed: number | undefined;
  /** `--env`s: the tool's environment (a scenario's own fill in only what these leave unset). */
  readonly env: Readonly<Record<string, string>>;
  /** The tool's own arguments. */
  readonly args: readonly string[];
}

/**
 * The reference tool `notes` with a preset's faults and any others on top, as this process (state in
 * $AOI_TESTKIT_STATE_DIR). The process exits from inside the tool.
 */
export async function runNotesPreset(run: NotesPresetRun): Promise<number> {
  const { preset, scenario } = run;
  const extra = [...run.faults];
  const env = { ...run.env };
  let seed = run.seed;
  if (scenario) {
    extra.unshift(...scenario.faults.map(([id, params]) => faults.makeFault(id, params)));
    seed ??= scenario.seed;
    for (const [name, value] of Object.entries(scenario.env)) env[name] ??= value;
  }
  const base = scenario?.preset ?? preset;
  if (!Object.hasOwn(faults.PRESETS, base))
    throw new UsageError(
      `unknown fake "${preset}": neither a preset (aoi-testkit fake --list) nor a scenario (aoi-testkit scenarios)`,
    );
  Object.assign(process.env, env);
  // The fake owns stdout from here: what a closed pipe does is its behaviour's to decide, not the
  // kit's own emitter's (which would exit 141 at the first EPIPE).
  process.stdout.removeAllListeners('error');
  // A child of the tool (exec's subprocess-per-line) is the clean tool, started the way this one was.
  const self = [process.execPath, process.argv[1] ?? '', 'fake', 'well-behaved', '--'];
  await runAsProcess(notes, {
    argv: run.args,
    faults: [...faults.presetFaults(base), ...extra],
    seed: seed ?? 1,
    self,
  });
  return 0;
}
