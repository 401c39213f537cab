/**
 * The verdicts of an AGENT-CLI.md validation, one per rule a manifest alone is judged on (AGENTCLI-01…12;
 * AGENTCLI-13 needs a runner's config): what `aoi-testkit manifest` and its `exec` lines render.
 */
import { ruleIdsOf } from '../../spec/rules.js';
import type { Finding } from '../../stream/finding.js';
import { VerdictCollector, type Report } from '../verdict.js';
import type { AgentCliManifestReport } from './manifest.js';

/** The rules judged from the manifest file alone: those with sub-rules the validator judges. */
const MANIFEST_RULE_IDS = ruleIdsOf('AGENTCLI', 'manifest');

export interface ManifestReportOptions {
  /**
   * Why no directory holds the manifest (e.g. `read from stdin`): AGENTCLI-12 compares `name` with it, so it
   * is then not applicable, with this reason. Undefined when the manifest's path was known.
   */
  readonly noDirectory?: string;
}

/** A verdict per manifest rule from the validator's findings (already under its `strict`), every finding kept. */
export function manifestReport(validation: Pick<AgentCliManifestReport, 'findings'>, options: ManifestReportOptions = {}): Report {
  const collector = new VerdictCollector({ keepPerSubRule: Infinity });
  const judged = (finding: Finding) => !(options.noDirectory !== undefined && finding.rule === 'AGENTCLI-12');
  for (const finding of validation.findings.filter(judged)) collector.addFinding(finding);
  if (options.noDirectory !== undefined) collector.notApplicable('AGENTCLI-12', `${options.noDirectory}: no directory to compare name with`);
  return collector.report(MANIFEST_RULE_IDS);
}
