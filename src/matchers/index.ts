/**
 * The kit's matchers as plain functions, without side effects. Register them yourself with
 * `expect.extend(aoiMatchers)`, or import `aoi-testkit/vitest` / `aoi-testkit/jest` which do it.
 */
import { toBeAoiConformant } from './to-be-aoi-conformant.js';
import { toBeAoiEvent } from './to-be-aoi-event.js';
import { toContainAoiEvent } from './to-contain-aoi-event.js';
import { toEmitOnlyJsonl } from './to-emit-only-jsonl.js';
import { toHaveAoiError } from './to-have-aoi-error.js';
import { toHaveTerminalSummary } from './to-have-terminal-summary.js';
import { toPassAoiLint, toPassAoiRule } from './to-pass-aoi-lint.js';
import { toSucceedWithSummary } from './to-succeed-with-summary.js';
import { toBeValidAgentCliManifest } from './to-be-valid-agent-cli-manifest.js';
import { toCompleteTurn } from './to-complete-turn.js';
import { toFollowTurnTaxonomy } from './to-follow-turn-taxonomy.js';
import { toBeAgentApplication } from './to-be-agent-application.js';
import { toSupportExecDispatch } from './to-support-exec-dispatch.js';
import { toBeValidCmdhelpDocument } from './to-be-valid-cmdhelp-document.js';
import { toBeCmdhelpConformant } from './to-be-cmdhelp-conformant.js';
import { toHandleAoiStreams } from './to-handle-aoi-streams.js';
import { toBeCompatibleWith } from './to-be-compatible-with.js';
import { toRunAgents } from './to-run-agents.js';

export {
  toBeAoiConformant,
  toBeAoiEvent,
  toContainAoiEvent,
  toEmitOnlyJsonl,
  toHaveAoiError,
  toHaveTerminalSummary,
  toPassAoiLint,
  toPassAoiRule,
  toSucceedWithSummary,
  toBeValidAgentCliManifest,
  toCompleteTurn,
  toFollowTurnTaxonomy,
  toBeAgentApplication,
  toSupportExecDispatch,
  toBeValidCmdhelpDocument,
  toBeCmdhelpConformant,
  toHandleAoiStreams,
  toBeCompatibleWith,
  toRunAgents,
};
export type { CmdhelpReceived } from './to-be-cmdhelp-conformant.js';
export type { ExecReceived } from './to-support-exec-dispatch.js';
export type { TurnsReceived } from './to-complete-turn.js';
export type { LintReceived } from './to-pass-aoi-lint.js';
export type { ConsumerReceived } from './to-handle-aoi-streams.js';
export type { ProgramReceived } from './program.js';
export { matchesPartial } from './partial.js';
export type { MatcherResult, MatcherState, RunLike, StreamReceived } from './context.js';
export type { AoiAsymmetricMatchers, AoiMatchers } from './types.js';

/** Every matcher, keyed by name, ready for `expect.extend`. `aoiEvent` is the asymmetric form of toBeAoiEvent. */
export const aoiMatchers = {
  toBeAoiConformant,
  toEmitOnlyJsonl,
  toHaveTerminalSummary,
  toSucceedWithSummary,
  toContainAoiEvent,
  toHaveAoiError,
  toBeAoiEvent,
  toPassAoiLint,
  toPassAoiRule,
  toBeValidAgentCliManifest,
  toCompleteTurn,
  toFollowTurnTaxonomy,
  toBeAgentApplication,
  toSupportExecDispatch,
  toBeValidCmdhelpDocument,
  toBeCmdhelpConformant,
  toHandleAoiStreams,
  toBeCompatibleWith,
  toRunAgents,
  aoiEvent: toBeAoiEvent,
};
