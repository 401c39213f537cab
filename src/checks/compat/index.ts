/** COMPAT-01…03: two contracts of a tool compared (pure). `recordContract` (aoi-testkit/lint) records one. */
export {
  compareContracts,
  COMPAT_RULE_IDS,
  type CompatOptions,
  type CompatReport,
  type ContractChange,
} from './judge.js';
export { formatContract, readContract, type ContractRead } from './contract-file.js';
