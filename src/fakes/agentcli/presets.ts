import type { AgentProtocol } from '../../spec/agentcli/transcript.js';
import { AGENT_FAULT_CATALOGUE, type AgentFaultId } from './faults/index.js';

/** The three fake agent programs, one per AIP-45 protocol arm. */
export const AGENT_ARMS = {
  'agent-acp': 'acp',
  'agent-mcp': 'mcp',
  'agent-repl': 'proprietary',
} as const satisfies Record<string, AgentProtocol>;
export type AgentFakeId = keyof typeof AGENT_ARMS;

export interface AgentPreset {
  readonly fake: AgentFakeId;
  readonly description: string;
  readonly faults: readonly AgentFaultId[];
}

/**
 * `aoi-testkit fake <id>` for agents: each fake clean, and `<fake>.<fault>` for every fault that applies to
 * that fake's arm (default parameters). More faults and parameters with `--fault id[=json]`.
 */
export const AGENT_PRESETS: Readonly<Record<string, AgentPreset>> = Object.fromEntries(
  Object.entries(AGENT_ARMS).flatMap(([fake, arm]) => [
    [
      fake,
      {
        fake: fake as AgentFakeId,
        description: `fake ${arm === 'proprietary' ? 'line-REPL' : arm.toUpperCase()} agent CLI, well-behaved`,
        faults: [],
      },
    ],
    ...Object.entries(AGENT_FAULT_CATALOGUE)
      .map(([id, factory]) => [id, factory()] as const)
      .filter(([, fault]) => fault.arms.includes(arm))
      .map(([id, fault]) => [
        `${fake}.${id}`,
        { fake: fake as AgentFakeId, description: fault.description, faults: [id as AgentFaultId] },
      ]),
  ]),
);

export const isAgentPreset = (id: string): boolean => Object.hasOwn(AGENT_PRESETS, id);
