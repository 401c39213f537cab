/**
 * aoi-testkit/agents — everything for interactive agent CLIs (AIP-45, AGENT-CLI.md) in one subpath:
 * the manifest validator and the reference spawn resolution, the turn checker and its normaliser, the
 * lifecycle probe and transcript recorder for runners, and the fake agent CLIs to spawn.
 * Matchers (`toBeValidAgentCliManifest`, `toCompleteTurn`, `toFollowTurnTaxonomy`) come with
 * `aoi-testkit/vitest` and `aoi-testkit/jest`; arbitraries with `aoi-testkit/arbitraries`.
 */
export * from './spec/agentcli/manifest.js';
export * from './spec/agentcli/transcript.js';
export { AGENTCLI_RULES, AGENTCLI_SUB_RULES } from './spec/agentcli/rules.js';
export {
  agentCliManifestSchema,
  parseAgentCliManifest,
  validateAgentCliManifest,
  type AgentCliManifestOptions,
  type AgentCliManifestReport,
  type ParsedAgentCliManifest,
} from './checks/agentcli/manifest.js';
export {
  resolveSpawn,
  type RejectedSpawn,
  type ResolvedSpawn,
  type SpawnResolution,
} from './checks/agentcli/resolve-spawn.js';
export { normalizeTurnEvents, type TurnEvent } from './checks/agentcli/normalize.js';
export { checkTurns, type TurnCheckOptions, type TurnReport } from './checks/agentcli/turns.js';
export { checkAgentLifecycle, type LifecycleReport } from './checks/agentcli/lifecycle.js';
export {
  checkPreflight,
  versionCheckOutcome,
  type PreflightInput,
  type PreflightReport,
  type VersionOutcome,
} from './checks/agentcli/preflight.js';
export {
  checkRunnerSecrets,
  type RunnerSecretsInput,
  type RunnerSecretsReport,
} from './checks/agentcli/runner-secrets.js';
export {
  checkSessionPolicy,
  idleTimeoutOf,
  DEFAULT_IDLE_TIMEOUT_MS,
  IDLE_MARGIN_MS,
  type HostTurn,
  type SessionPolicyInput,
  type SessionPolicyReport,
} from './checks/agentcli/session-policy.js';
export { agentLifecycleProbe, type AgentLifecycleProbe } from './lint/agentcli/lifecycle-probe.js';
export { recordAgentTranscript, type AgentTranscriptRecorder } from './run/agent-transcript.js';
export {
  AGENT_ARMS,
  AGENT_FAULT_CATALOGUE,
  AGENT_PRESETS,
  fakeAgentCommand,
  fakeAgentProgram,
  isAgentPreset,
  type AgentFakeId,
  type AgentFaultId,
  type AgentPreset,
  type FakeAgentCommand,
  type FakeAgentOptions,
} from './fakes/agentcli/index.js';
export type { Finding } from './stream/finding.js';
export type { RuleVerdict } from './checks/verdict.js';
