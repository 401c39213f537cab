/** The runner linter's entry: what the CLI and the library call to judge an AIP-45 runner (AGENTCLI-22, 23, 26…35). */
export {
  lintRunner,
  recordRunner,
  RunnerSetupError,
  RunnerStartError,
  DEFAULT_RUNNER_SCENARIO_TIMEOUT_MS,
  DEFAULT_RUNNER_TIMEOUT_MS,
  type LintRunnerOptions,
} from './runner.js';
