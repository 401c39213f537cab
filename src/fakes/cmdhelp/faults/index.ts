/**
 * helpdesk's faults, one per file: each says how it acts (the hooks of fault.ts) and declares the sub-rules it
 * violates. Select them with `--fault ID` (repeatable) or `AOI_TESTKIT_CMDHELP_FAULTS=id,id`.
 */
import { boolTakesValue } from './bool-takes-value.js';
import { boolWithValue } from './bool-with-value.js';
import { capabilityPhonesHome } from './capability-phones-home.js';
import { capabilityLogs } from './capability-logs.js';
import { capabilityMissingText } from './capability-missing-text.js';
import { capabilityNoLlm } from './capability-no-llm.js';
import { capabilityPatch } from './capability-patch.js';
import { capabilityTwoLines } from './capability-two-lines.js';
import { depthIgnored } from './depth-ignored.js';
import { depthRejected } from './depth-rejected.js';
import { depthUnbounded } from './depth-unbounded.js';
import { driftedExamples } from './drifted-examples.js';
import { fallbackCapabilityPatch } from './fallback-capability-patch.js';
import { groupDepthIgnored } from './group-depth-ignored.js';
import { helpFlagDiffers } from './help-flag-differs.js';
import { jsonVersionPatch } from './json-version-patch.js';
import { leafSummary } from './leaf-summary.js';
import { llmIsJson } from './llm-is-json.js';
import { llmRejected } from './llm-rejected.js';
import { mdDefault } from './md-default.js';
import { mdExtraCommand } from './md-extra-command.js';
import { mdJsonDisagree } from './md-json-disagree.js';
import { mdRejected } from './md-rejected.js';
import { negativeDepthAccepted } from './negative-depth-accepted.js';
import { rootDetail } from './root-detail.js';
import { scopeLeak } from './scope-leak.js';
import { staleQueues } from './stale-queues.js';
import { unknownFormatAccepted } from './unknown-format-accepted.js';
import { wrongSectionOrder } from './wrong-section-order.js';
import type { HelpdeskFault } from './fault.js';

export type { HelpdeskFault } from './fault.js';

/** The catalogue, in the order faults act (and the corpus lists them). */
export const HELPDESK_FAULTS: readonly HelpdeskFault[] = [
  driftedExamples(),
  wrongSectionOrder(),
  boolWithValue(),
  capabilityPatch(),
  capabilityMissingText(),
  depthIgnored(),
  depthRejected(),
  depthUnbounded(),
  mdJsonDisagree(),
  capabilityLogs(),
  fallbackCapabilityPatch(),
  unknownFormatAccepted(),
  jsonVersionPatch(),
  capabilityTwoLines(),
  capabilityNoLlm(),
  llmRejected(),
  mdRejected(),
  mdDefault(),
  llmIsJson(),
  negativeDepthAccepted(),
  rootDetail(),
  scopeLeak(),
  leafSummary(),
  mdExtraCommand(),
  helpFlagDiffers(),
  groupDepthIgnored(),
  boolTakesValue(),
  staleQueues(),
  capabilityPhonesHome(),
];

export const CMDHELP_FAULTS_ENV = 'AOI_TESTKIT_CMDHELP_FAULTS';

/**
 * The faults named by argv (`--fault ID`, `--fault=ID`) and the environment, in catalogue order; argv without
 * them. Unknown ids throw.
 */
export function selectFaults(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { faults: readonly HelpdeskFault[]; argv: string[] } {
  const ids = new Set(
    (env[CMDHELP_FAULTS_ENV] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--fault') ids.add(argv[++i] ?? '');
    else if (a.startsWith('--fault=')) ids.add(a.slice(8));
    else rest.push(a);
  }
  for (const id of ids)
    if (!HELPDESK_FAULTS.some((f) => f.id === id))
      throw new Error(
        `unknown helpdesk fault "${id}" (known: ${HELPDESK_FAULTS.map((f) => f.id).join(', ')})`,
      );
  return { faults: HELPDESK_FAULTS.filter((f) => ids.has(f.id)), argv: rest };
}
