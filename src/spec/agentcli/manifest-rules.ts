import type { Rule, SubRule } from '../types.js';

/** AGENTCLI-01…19: rules on the AGENT-CLI.md manifest (AIP-45 §Conformance and §Frontmatter). */
export const AGENTCLI_MANIFEST_RULES: readonly Rule[] = [];
export const AGENTCLI_MANIFEST_SUB_RULES: readonly SubRule[] = [];
