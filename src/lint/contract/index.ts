/**
 * A tool's contract from release to release: recorded from its discovery (`recordContract`), read back from a file
 * and compared with another (`compareContracts`, COMPAT-01…03). The entry the CLI's `contract` and `compat` verbs
 * call; the library exports the same from `aoi-testkit/lint` (recording) and `aoi-testkit` (reading, comparing).
 */
export { ContractRecordError, recordContract, type RecordContractOptions } from './record.js';
export { processTarget, type LintTarget } from '../aoi/target.js';
export { compareContracts, formatContract, readContract } from '../../checks/compat/index.js';
