/**
 * aoi-testkit — the reference test kit for agent-operable command-line tools.
 *
 * The root entry point holds the spec as data and the checkers. Matchers live in
 * `aoi-testkit/matchers` (plain functions), `aoi-testkit/vitest` and `aoi-testkit/jest` (expect
 * extensions); processes in `aoi-testkit/run`; fakes and generators in their own subpaths.
 */
export * from './spec/aoi/index.js';
export {
  isSensitiveName,
  isRedacted,
  looksSecret,
  maskSecrets,
  redactValue,
  secretForms,
} from './secrets/mask.js';
export { MASK } from './spec/aoi/secret-patterns.js';
export type { Characteristic, Rule, Severity, SubRule } from './spec/types.js';
export * from './stream/index.js';
export {
  StreamChecker,
  checkStream,
  checkStreamAsync,
  createStreamChecker,
  STREAM_RULE_IDS,
  type AsyncStreamInput,
  type StreamCheckOptions,
  type StreamEnd,
  type StreamReport,
  type SyncStreamInput,
} from './checks/aoi/stream.js';
export { makeVerdict, type RuleVerdict, type VerdictStatus } from './checks/verdict.js';

// cmdhelp v0.1, exec batch dispatch and Agent Applications: the spec as data and the pure checks. The live
// checkers (they run the tool) are in aoi-testkit/lint: checkCmdhelp, checkExec, checkAgentApplication.
export { CMDHELP_RULES, CMDHELP_SUB_RULES } from './spec/cmdhelp/rules.js';
export { EXEC_RULES, EXEC_SUB_RULES } from './spec/exec/rules.js';
export { APP_RULES, APP_SUB_RULES } from './spec/app/rules.js';
export {
  validateCmdhelpDocument,
  cmdhelpSchema,
  type CmdhelpDocumentOptions,
  type CmdhelpDocumentReport,
} from './checks/cmdhelp/document.js';
export { parseCapabilityLine, type CapabilityLine } from './checks/cmdhelp/capability.js';
export { checkCmdhelpMarkdown } from './checks/cmdhelp/markdown.js';
export { resolveExample, tokenizeExample } from './checks/cmdhelp/examples.js';
export {
  checkExecOutput,
  parseExecInput,
  type ExecOutputOptions,
  type ExecOutputReport,
} from './checks/exec/output.js';
export {
  validateAppManifest,
  validateAppPackage,
  type AppManifestOptions,
  type AppManifestReport,
} from './checks/app/manifest.js';

// Compatibility between releases (COMPAT-01…03): two recorded contracts compared. `recordContract`, which runs the
// tool's discovery, is in aoi-testkit/lint.
export {
  compareContracts,
  formatContract,
  readContract,
  type CompatOptions,
  type CompatReport,
  type ContractChange,
  type ContractRead,
} from './checks/compat/index.js';
export {
  COMPAT_RULES,
  COMPAT_SUB_RULES,
  COMPATIBLE_CHANGES,
  type CompatibleChange,
} from './spec/compat/rules.js';
export type {
  AoiContract,
  CmdhelpContract,
  Contract,
  ContractSurface,
  ExecContract,
} from './spec/compat/contract.js';

// Recorded discovery documents, judged offline by the rules the live lint applies to them.
export {
  checkDocument,
  detectDocumentKind,
  DocumentKindError,
  DOCUMENT_KINDS,
  type DocumentKind,
  type DocumentOptions,
  type DocumentReport,
} from './checks/documents.js';
