import type { Severity } from '../../../../spec/types.js';
import { checkFaultNumbers } from '../../../fault-contract.js';
import type { StreamFault } from '../stream-fault.js';
import { BEHAVIOUR_FAULT_CATALOGUE, type BehaviourFaultId } from './behaviour-faults.js';
import { CONTRACT_FAULT_CATALOGUE, type ContractFaultId } from './contract-faults.js';
import type { FaultEntry } from './entry.js';
import { PRESET_IDS, PRESETS, type FaultSpec, type PresetId } from './presets.js';
import { FAULT_CATALOGUE, type StreamFaultId } from './stream-faults.js';

/** Any catalogued fault's id: stream, behaviour or contract. */
export type FaultId = StreamFaultId | BehaviourFaultId | ContractFaultId;

/** The catalogues as one: an id names one fault, whichever catalogue holds it (the test keeps them disjoint). */
const ALL_FAULTS: Readonly<Record<FaultId, FaultEntry<object>>> = {
  ...FAULT_CATALOGUE,
  ...BEHAVIOUR_FAULT_CATALOGUE,
  ...CONTRACT_FAULT_CATALOGUE,
} as Record<FaultId, FaultEntry<object>>;
const ALL_FAULT_IDS = Object.keys(ALL_FAULTS) as FaultId[];
/** The faults the process linter judges (a contract fault is judged by comparing contracts). */
const LINTED_FAULT_IDS = ALL_FAULT_IDS.filter((id) => !Object.hasOwn(CONTRACT_FAULT_CATALOGUE, id));

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(ALL_FAULTS, id);
}

/**
 * A fresh fault from either catalogue: its default parameters, overridden by `params`. Unknown ids throw
 * (the message lists the known ones).
 */
export function makeFault(id: string, params: object = {}): StreamFault {
  if (!isFaultId(id))
    throw new RangeError(`unknown fault "${id}"; known faults: ${ALL_FAULT_IDS.join(', ')}`);
  checkFaultNumbers(id, params);
  const { make, defaults } = ALL_FAULTS[id];
  return make({ ...defaults, ...params });
}

/** A fault with one of its catalogued variant parameter sets. */
export function makeFaultVariant(id: FaultId, variant: string): StreamFault {
  if (!isFaultId(id))
    throw new RangeError(`unknown fault "${id}"; known faults: ${ALL_FAULT_IDS.join(', ')}`);
  const variants = ALL_FAULTS[id].variants;
  if (!Object.hasOwn(variants, variant))
    throw new RangeError(
      `fault "${id}" has no variant "${variant}"; variants: ${Object.keys(variants).join(', ') || 'none'}`,
    );
  return makeFault(id, variants[variant]);
}

/**
 * Every catalogued fault the process linter judges, then each of its named variants, as `id` or `id.variant` (the
 * corpus's naming), with a maker.
 */
export const ALL_FAULT_CASES: ReadonlyArray<readonly [name: string, make: () => StreamFault]> =
  LINTED_FAULT_IDS.flatMap((id) => [
    [id, () => makeFault(id)] as const,
    ...Object.keys(ALL_FAULTS[id].variants).map(
      (variant) => [`${id}.${variant}`, () => makeFaultVariant(id, variant)] as const,
    ),
  ]);

/** What a set of composed faults declares: the union of their sub-rules and the worst severity (none for no fault). */
export function declaredBy(faults: readonly StreamFault[]): {
  violates: string[];
  severity: Severity | null;
} {
  const violates = [...new Set(faults.flatMap((fault) => fault.violates))].sort();
  // A fault that declares nothing (slow) has nothing to be severe about.
  const severity =
    violates.length === 0
      ? null
      : faults.some((fault) => fault.severity === 'error')
        ? 'error'
        : 'warning';
  return { violates, severity };
}

/**
 * What the process linter must report when it lints the reference tool with these faults
 * (REFERENCE_LINT_PLAN): each fault's `violates` plus what only the lint sees (`underLint.also`), or
 * `setupFails` when a fault makes every run fail, setup included.
 */
export function declaredUnderLint(faults: readonly StreamFault[]): {
  violates: string[];
  setupFails: boolean;
} {
  return {
    violates: [
      ...new Set(faults.flatMap((fault) => [...fault.violates, ...(fault.underLint?.also ?? [])])),
    ].sort(),
    setupFails: faults.some((fault) => fault.underLint?.setupFails === true),
  };
}

/** Fresh faults for a preset, in order. */
export function presetFaults(id: string): StreamFault[] {
  if (!Object.hasOwn(PRESETS, id))
    throw new RangeError(`unknown preset "${id}"; known presets: ${PRESET_IDS.join(', ')}`);
  return (PRESETS[id as PresetId].faults as readonly FaultSpec[]).map(([faultId, params]) =>
    makeFault(faultId, params),
  );
}
