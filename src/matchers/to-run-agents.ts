import type { LintRunnerOptions } from '../lint/agentcli/runner.js';
import type { MatcherResult, MatcherState } from './context.js';
import { hint } from './format.js';
import { formatScenarioFailures, programOf } from './program.js';

/** The runner linter, loaded when the matcher first runs (registering the matchers stays cheap). */
const loadLinter = (): Promise<typeof import('../lint/index.js')> => import('../lint/index.js');

/**
 * The program runs AIP-45 agents as a runner must (AGENTCLI-22, 23, 26…35): run once per runner scenario against a
 * fake agent that misbehaves in one known way, it relays turns faithfully, reports failures with their cause, ends
 * on its own, refuses what it must, forwards cancels and answers, keeps secrets, and tears the agent down. Async: it
 * starts processes. Options are `lintRunner`'s: `protocols` (the arms it speaks), `scenarios`, `timeoutMs`,
 * `runnerTimeoutMs`, `strict`, `cwd`, `env`.
 *
 * @example await expect(['python3', 'runner.py']).toRunAgents({ protocols: ['mcp'] })
 */
export async function toRunAgents(
  this: MatcherState | void,
  received: unknown,
  options: LintRunnerOptions = {},
): Promise<MatcherResult> {
  const command = programOf('toRunAgents', received);
  const { lintRunner } = await loadLinter();
  const report = await lintRunner(command, options);
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  const name = command.join(' ');
  const args = Object.keys(options).length > 0 ? 'options' : '';
  return {
    pass: report.ok,
    message: () =>
      report.ok
        ? `${hint(this || undefined, 'toRunAgents', args)}\n\nExpected ${name} to miss some runner duty, but all ${report.verdicts.length} (rule × scenario) verdict(s) over ${report.scenarios.length} scenario(s) held.`
        : `${hint(this || undefined, 'toRunAgents', args)}\n\nExpected ${name} to run agents as AIP-45 says, but ${failed.length} (rule × scenario) verdict(s) failed: ${[...new Set(failed.map((v) => v.rule))].sort().join(', ')}.\n\n${formatScenarioFailures(failed, 'runner')}`,
  };
}
