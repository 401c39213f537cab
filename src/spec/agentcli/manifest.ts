/**
 * The AGENT-CLI.md frontmatter (AIP-45, agentcli-interactive/v1) as TypeScript types, and the constants
 * the validator, `resolveSpawn` and the arbitraries share. The schema that validates it is
 * `agent-cli.schema.json` next to this file; the cross-field rules are in `src/checks/agentcli/manifest.ts`.
 */

export const AGENT_CLI_PROTOCOLS = ['acp', 'mcp', 'proprietary'] as const;
export type AgentCliProtocol = (typeof AGENT_CLI_PROTOCOLS)[number];

export const AGENT_CLI_SESSION_MODES = ['ephemeral', 'persistent', 'resumable'] as const;
export const AGENT_CLI_CAPABILITIES = [
  'streaming',
  'tool_calls',
  'sub_agents',
  'file_io',
  'multimodal',
  'resumable',
  'bidirectional',
] as const;
export const AGENT_CLI_OPTION_TYPES = ['boolean', 'integer', 'string', 'enum'] as const;
export const CONTINUATION_STRATEGIES = [
  'none',
  'pinned-session',
  'transcript',
  'native-resume',
] as const;
export const MCP_TRANSPORTS = ['stdio', 'http', 'sse'] as const;

/** §Conformance: mode ids and option ids (the schema also bounds them to 64 characters). */
export const MODE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const OPTION_ID_PATTERN = /^[a-z0-9][a-z0-9_]{0,63}$/;

/** The token `bin_args_template` and option `env` values carry, replaced with the option's value. */
export const VALUE_TOKEN = '{value}';

export type AgentCliCapability = (typeof AGENT_CLI_CAPABILITIES)[number];
export type ContinuationStrategy = (typeof CONTINUATION_STRATEGIES)[number];
export type AgentCliOptionType = (typeof AGENT_CLI_OPTION_TYPES)[number];
export type OptionValue = boolean | number | string;

export interface AgentCliMode {
  readonly id: string;
  readonly description?: string;
  readonly bin_args_append?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

export interface AgentCliOption {
  readonly id: string;
  readonly type: AgentCliOptionType;
  readonly description?: string;
  readonly enum?: readonly string[];
  readonly default?: OptionValue;
  readonly min?: number;
  readonly max?: number;
  readonly bin_args_template?: readonly string[];
  readonly bin_args_append_when_true?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

export interface AgentCliManifest {
  readonly name: string;
  readonly id: string;
  readonly description: string;
  readonly version: string;
  readonly bin: string;
  readonly bin_args?: readonly string[];
  readonly install: readonly Readonly<Record<string, unknown>>[];
  readonly version_check: {
    readonly cmd: string;
    readonly parse: string;
    readonly range: string;
    readonly timeout_ms?: number;
  };
  readonly setup?: readonly Readonly<Record<string, unknown>>[];
  readonly auth?: Readonly<Record<string, unknown>>;
  readonly sandbox: string | Readonly<Record<string, unknown>>;
  readonly runner?: string | Readonly<Record<string, unknown>>;
  readonly protocol: AgentCliProtocol;
  readonly acp?: string;
  readonly mcp?: {
    readonly command?: string;
    readonly args?: readonly string[];
    readonly transport: (typeof MCP_TRANSPORTS)[number];
    readonly url?: string;
  };
  readonly adapter?: string;
  readonly session?: {
    readonly mode?: (typeof AGENT_CLI_SESSION_MODES)[number];
    readonly idle_timeout_ms?: number;
    readonly max_turns?: number;
    readonly context_carryover?: boolean;
  };
  readonly models?: {
    readonly default?: string;
    readonly allowed?: readonly string[];
    readonly env?: Readonly<Record<string, string>>;
  };
  readonly capabilities?: Partial<Readonly<Record<AgentCliCapability, boolean>>>;
  readonly modes?: readonly AgentCliMode[];
  readonly options?: readonly AgentCliOption[];
  readonly continuation?: {
    readonly default: ContinuationStrategy;
    readonly supported: readonly ContinuationStrategy[];
    readonly pinned_session?: {
      readonly idle_timeout_ms?: number;
      readonly key_scope?: readonly string[];
    };
  };
  readonly requires?: Readonly<Record<string, unknown>>;
  readonly examples?: readonly {
    readonly goal: string;
    readonly prompt: string;
    readonly note?: string;
  }[];
  readonly tags?: readonly string[];
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/**
 * A runner's choice for one spawn: AIP-9's `OPERATOR.runtime.config` as far as AIP-45 reads it.
 * `mode` omitted = no mode patch; an option omitted = its default (no patch).
 */
export interface AgentCliConfig {
  readonly mode?: string;
  readonly options?: Readonly<Record<string, OptionValue>>;
  readonly continuation?: string;
}
