export { jsonlChunks, streamFrom, webStreamFrom, type StreamFromOptions } from './stream-from.js';
export type { FakeContext, FakeTool, OutLine } from './engine/types.js';
export { runInMemory, type FakeRun, type InMemoryOptions } from './engine/memory.js';
export { runAsProcess, STATE_DIR_ENV } from './engine/process.js';
export { seededRandom, type Fault, type FaultState } from './faults/fault.js';
export { notes } from './tools/notes/index.js';
export {
  FAULT_CATALOGUE,
  PRESETS,
  REFERENCE_RUNS,
  declaredBy,
  makeFault,
  presetFaults,
} from './faults/index.js';
export type { StreamFault } from './faults/stream-fault.js';
