import type { Rule, SubRule } from '../types.js';

/** AGENTCLI-20…: rules on a conversation with an agent CLI (AIP-45 §Stream event taxonomy, §Lifecycle). */
export const AGENTCLI_TURN_RULES: readonly Rule[] = [];
export const AGENTCLI_TURN_SUB_RULES: readonly SubRule[] = [];
