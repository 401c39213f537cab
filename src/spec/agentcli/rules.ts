import { AGENTCLI_MANIFEST_RULES, AGENTCLI_MANIFEST_SUB_RULES } from './manifest-rules.js';
import { AGENTCLI_RUNNER_RULES, AGENTCLI_RUNNER_SUB_RULES } from './runner-rules.js';
import { AGENTCLI_TURN_RULES, AGENTCLI_TURN_SUB_RULES } from './turn-rules.js';

/** Every AGENTCLI-nn rule: the manifest's (01…19), the conversation's (20…30) and the runner verb's (31…35). */
export const AGENTCLI_RULES = [
  ...AGENTCLI_MANIFEST_RULES,
  ...AGENTCLI_TURN_RULES,
  ...AGENTCLI_RUNNER_RULES,
];
export const AGENTCLI_SUB_RULES = [
  ...AGENTCLI_MANIFEST_SUB_RULES,
  ...AGENTCLI_TURN_SUB_RULES,
  ...AGENTCLI_RUNNER_SUB_RULES,
];
