/**
 * aoi-testkit — the reference test kit for agent-operable command-line tools.
 *
 * The root entry point holds the spec as data and the checkers. Matchers live in
 * `aoi-testkit/matchers` (plain functions), `aoi-testkit/vitest` and `aoi-testkit/jest` (expect
 * extensions); processes in `aoi-testkit/run`; fakes and generators in their own subpaths.
 */
export * from './spec/aoi/index.js';
export { isSensitiveName, isRedacted, looksSecret, maskSecrets, redactValue, secretForms, MASK } from './spec/aoi/secrets.js';
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
