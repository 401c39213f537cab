export {
  isArbitrary,
  jsonlChunks,
  streamFrom,
  webStreamFrom,
  type ArbitraryLike,
  type StreamFromOptions,
  type StreamSource,
} from './stream-from.js';
export * from './consumer/index.js';
export type { FakeContext, FakeTool, OutLine } from './aoi/engine/types.js';
export { runInMemory, type FakeRun, type InMemoryOptions } from './aoi/engine/memory.js';
export { runAsProcess, STALL_HELPER_PID_FILE, STATE_DIR_ENV } from './aoi/engine/process.js';
export { seededRandom, type Fault, type FaultState } from './aoi/faults/fault.js';
export {
  WELL_BEHAVED,
  type Behaviour,
  type Commands,
  type Latency,
} from './aoi/engine/behaviour.js';
export { notes } from './aoi/notes/index.js';
export { REFERENCE_LINT_PLAN } from './aoi/notes/lint-plan.js';
export {
  BEHAVIOUR_FAULT_CATALOGUE,
  CONTRACT_FAULT_CATALOGUE,
  FAULT_CATALOGUE,
  PRESETS,
  REFERENCE_RUNS,
  declaredBy,
  isFaultId,
  makeFault,
  makeFaultVariant,
  presetFaults,
  type FaultId,
} from './aoi/faults/index.js';
export type { StreamFault } from './aoi/faults/stream-fault.js';
export * from './agentcli/index.js';
export {
  runHelpdesk,
  HELPDESK_FAULTS,
  CMDHELP_FAULTS_ENV,
  type HelpdeskFault,
} from './cmdhelp/index.js';
export { EXEC_FAULTS, EXEC_FAULTS_ENV, type ExecFault } from './exec/faults/index.js';
export { NOTES_EXEC_PLAN } from './aoi/notes/exec-plan.js';
export { BACKEND_CASES, backendEnvOf, type BackendCase } from './aoi/notes/backend-cases.js';
