/**
 * The AOI faults of the reference tool `notes`, one per file in this folder, and their catalogue in
 * catalogue/: the stream faults, the behaviour faults, the reference runs their declarations hold for,
 * the presets (named fakes, as data) and the lookup that makes a fault or a preset's faults by id.
 */
export { REFERENCE_RUNS, type ReferenceRunId } from './catalogue/reference-runs.js';
export type { CatalogueEntry, FaultEntry } from './catalogue/entry.js';
export { FAULT_CATALOGUE, FAULT_IDS, type StreamFaultId } from './catalogue/stream-faults.js';
export {
  BEHAVIOUR_FAULT_CATALOGUE,
  BEHAVIOUR_FAULT_IDS,
  type BehaviourFaultId,
} from './catalogue/behaviour-faults.js';
export {
  CONTRACT_FAULT_CATALOGUE,
  CONTRACT_FAULT_IDS,
  type ContractFaultId,
} from './catalogue/contract-faults.js';
export {
  PRESET_IDS,
  PRESETS,
  type FaultSpec,
  type Preset,
  type PresetId,
} from './catalogue/presets.js';
export {
  ALL_FAULT_CASES,
  declaredBy,
  declaredUnderLint,
  isFaultId,
  makeFault,
  makeFaultVariant,
  presetFaults,
  type FaultId,
} from './catalogue/lookup.js';
// For authors of their own faults: the catalogued shape and the helpers worth reusing.
export {
  matches,
  perRun,
  type ByteLine,
  type FaultFactory,
  type StreamFault,
  type Target,
} from './stream-fault.js';
