import { AGENTCLI_MANIFEST_RULES, AGENTCLI_MANIFEST_SUB_RULES } from './manifest-rules.js';
import { AGENTCLI_TURN_RULES, AGENTCLI_TURN_SUB_RULES } from './turn-rules.js';

/** Every AGENTCLI-nn rule: the manifest's (01…19) and the conversation's (20…). */
export const AGENTCLI_RULES = [...AGENTCLI_MANIFEST_RULES, ...AGENTCLI_TURN_RULES];
export const AGENTCLI_SUB_RULES = [...AGENTCLI_MANIFEST_SUB_RULES, ...AGENTCLI_TURN_SUB_RULES];
