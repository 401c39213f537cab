import type { StreamCheckOptions } from '../checks/aoi/context.js';
import type { LintMatcherOptions } from './to-pass-aoi-lint.js';
import type { AgentCliManifestOptions } from '../checks/agentcli/manifest.js';
import type { TurnCheckOptions } from '../checks/agentcli/turns.js';
import type { AppCheckOptions } from '../lint/app/application.js';
import type { CheckExecOptions } from '../lint/exec/index.js';
import type { CmdhelpDocumentOptions } from '../checks/cmdhelp/document.js';
import type { CompatOptions } from '../checks/compat/judge.js';
import type { CmdhelpCheckOptions } from '../lint/cmdhelp/check.js';
import type { LintAppRuntimeOptions, LintConsumerOptions } from '../lint/consumer/index.js';
import type { LintRunnerOptions } from '../lint/agentcli/runner.js';
import type { ErrorCategory } from '../spec/aoi/constants.js';

/** An asymmetric matcher (`expect.any(Number)`, `expect.stringMatching(…)`): welcome wherever a value is expected. */
export interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean;
}

/**
 * What a user may expect of an object with these fields: any subset of them, each of its own type or an
 * asymmetric matcher, plus fields the kit does not know (tools add their own; the schemas allow them).
 */
export type ExpectedFields<Fields> = { [K in keyof Fields]?: Fields[K] | AsymmetricMatcherLike } & {
  [field: string]: unknown;
};

/** `aoi:summary` as AOI-CLI v0.2 §8 types it (src/spec/aoi/summary.schema.json; a type test keeps the names in step). */
export interface AoiSummaryFields {
  type: 'aoi:summary';
  ok: boolean;
  count: number;
  warning_count: number;
  error_count: number;
  partial: boolean;
  truncated: boolean;
  next_cursor: string | null;
  elapsed_ms: number;
  reason: string;
  timestamp: string;
  trace_id: string;
}

/** `aoi:error` as AOI-CLI v0.2 §9 types it (src/spec/aoi/error.schema.json). */
export interface AoiErrorFields {
  type: 'aoi:error';
  /** A standard category of §9.1 (a tool's own is allowed: the spec says SHOULD map). */
  category: ErrorCategory | (string & {});
  code: string;
  message: string;
  retryable: boolean;
  hint: string;
  target: string;
  line_number: number;
  timestamp: string;
  trace_id: string;
}

export type ExpectedSummary = ExpectedFields<AoiSummaryFields>;
export type ExpectedError = ExpectedFields<AoiErrorFields>;

/** The fields the spec types for an event of type `T`; a domain event only has a string `type`. */
type FieldsOfType<T extends string> = T extends 'aoi:summary'
  ? AoiSummaryFields
  : T extends 'aoi:error'
    ? AoiErrorFields
    : { type: string };

/**
 * An expected event. `type` is where TypeScript reads `T` from, so `{ type: 'aoi:summary', truncated: 'no' }`
 * is an error as it is for toSucceedWithSummary.
 */
export type ExpectedEvent<T extends string = string> = {
  type?: T | AsymmetricMatcherLike;
} & ExpectedFields<FieldsOfType<T>>;

/**
 * The matcher signatures, shared by the vitest and jest type augmentations. `R` is what a matcher
 * call returns in the runner (void, or a Promise under `.resolves`).
 */
export interface AoiMatchers<R = unknown> {
  /** Conforms to AOI-CLI v0.2 on every rule a recorded stream can be judged on. */
  toBeAoiConformant(options?: StreamCheckOptions): R;
  /** Only JSONL event objects with a string `type` on stdout (AOI-02). */
  toEmitOnlyJsonl(options?: { strict?: boolean }): R;
  /** Ends in exactly one terminal `aoi:summary` with a boolean `ok` (AOI-03). */
  toHaveTerminalSummary(): R;
  /** Terminal summary with ok:true (and exit 0 when known), optionally matching `expected`. */
  toSucceedWithSummary(expected?: ExpectedSummary): R;
  /** Some event matches `expected` (toMatchObject semantics). */
  toContainAoiEvent<T extends string>(expected: ExpectedEvent<T>): R;
  /** Some `aoi:error` matches `expected` (any aoi:error without arguments). */
  toHaveAoiError(expected?: ExpectedError): R;
  /** The value is an AOI event object, matching `expected` when given. */
  toBeAoiEvent<T extends string>(expected?: ExpectedEvent<T>): R;
  /** The CLI passes every AOI lint check for every command (async: `await expect(cli).toPassAoiLint()`). */
  toPassAoiLint(options?: LintMatcherOptions): Promise<R>;
  /** The CLI passes one lint rule, e.g. `'AOI-06'`, for every command (async). */
  toPassAoiRule(rule: string, options?: LintMatcherOptions): Promise<R>;
  /** A valid AGENT-CLI.md (AIP-45, AGENTCLI-01…12): the file's text or its parsed frontmatter. */
  toBeValidAgentCliManifest(options?: AgentCliManifestOptions): R;
  /** Every turn ends in exactly one turn-end or error with nothing after it (AGENTCLI-22); the last turn's stopReason when given. */
  toCompleteTurn(options?: { stopReason?: string }): R;
  /** Follows the AIP-45 turn rules AGENTCLI-20…25: a recorded transcript, or the events a runner emitted. */
  toFollowTurnTaxonomy(options?: TurnCheckOptions): R;
  /** The directory is a conforming Agent Application, APP-01…15 (async: `await expect(dir).toBeAgentApplication()`). */
  toBeAgentApplication(options?: AppCheckOptions): Promise<R>;
  /** The CLI's `exec` batch dispatch passes EXEC-01…11 (async: `await expect([bin]).toSupportExecDispatch({ plan })`; without a plan, one built from the manifest). */
  toSupportExecDispatch(options?: CheckExecOptions): Promise<R>;
  /** A valid cmdhelp v0.1 JSON document (CMDHELP-02, CMDHELP-07): its text or the parsed value. */
  toBeValidCmdhelpDocument(options?: CmdhelpDocumentOptions): R;
  /** The CLI ([program, ...args] or { command, args }) conforms to cmdhelp v0.1, CMDHELP-01…08 (async). */
  toBeCmdhelpConformant(options?: CmdhelpCheckOptions): Promise<R>;
  /** The program ([program, ...args] or { command, args }) handles AOI streams as a consumer, CONSUMER-01…08 (async; `as` for a wrapper that runs a tool). */
  toHandleAoiStreams(options?: LintConsumerOptions | LintAppRuntimeOptions): Promise<R>;
  /** The contract (or a contract file's text) keeps the promises of `base`, a release before it: no break no major version announces (COMPAT-01…03). */
  toBeCompatibleWith(base: unknown, options?: CompatOptions): R;
  /** The program ([program, ...args] or { command, args }) runs AIP-45 agents as a runner must, AGENTCLI-22, 23, 26…35 (async; `protocols`: the arms it speaks). */
  toRunAgents(options?: LintRunnerOptions): Promise<R>;
}

/** Asymmetric matchers: `expect.aoiEvent({ type: 'hit' })`. */
export interface AoiAsymmetricMatchers {
  aoiEvent<T extends string>(expected?: ExpectedEvent<T>): unknown;
}
