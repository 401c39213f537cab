import {
  validateAgentCliManifest,
  type AgentCliManifestOptions,
} from '../checks/agentcli/manifest.js';
import type { MatcherResult, MatcherState } from './context.js';
import { formatFindings, hint } from './format.js';

/**
 * The value is a valid AGENT-CLI.md (AIP-45, rules AGENTCLI-01…12): the file's text, or its frontmatter
 * already parsed to an object. Pass `{ path }` to check that `name` is the manifest's directory
 * (AGENTCLI-12), `{ strict: true }` to fail on warnings too.
 *
 * @example expect(readFileSync('agents/hermes/AGENT-CLI.md', 'utf8')).toBeValidAgentCliManifest({ path: 'agents/hermes/AGENT-CLI.md' })
 */
export function toBeValidAgentCliManifest(
  this: MatcherState | void,
  received: unknown,
  options: AgentCliManifestOptions = {},
): MatcherResult {
  const matcher = 'toBeValidAgentCliManifest';
  const report = validateAgentCliManifest(received as string | object, options);
  const pass = report.ok;
  const what = options.path ? ` (${options.path})` : '';
  const warnings = report.findings.filter((f) => f.severity === 'warning');
  return {
    pass,
    message: () =>
      pass
        ? `${hint(this || undefined, matcher)}\n\nExpected an invalid AGENT-CLI.md manifest${what}, but it is valid (AGENTCLI-01…12).${
            warnings.length > 0 ? `\n\nIts warnings:\n\n${formatFindings(warnings)}` : ''
          }`
        : `${hint(this || undefined, matcher)}\n\nExpected a valid AGENT-CLI.md manifest${what}.\n\n${formatFindings(
            report.findings.filter((f) => f.severity === 'error' || options.strict),
          )}`,
  };
}
