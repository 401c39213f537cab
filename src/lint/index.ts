/**
 * `aoi-testkit/lint`: the live checkers. `lintProgram(target, options)` is `aoi-testkit lint` as a library call:
 * the specs a program offers (or those asked for) judged into one `ProgramReport`, which any reporter of
 * `aoi-testkit/report` renders. `lintCli(target, options)` is the AOI-CLI v0.2 process linter alone (§18.2): the
 * probes of every rule against a live CLI, one verdict per (rule × command).
 *
 * @example
 * import { lintProgram } from 'aoi-testkit/lint';
 * const report = await lintProgram(['mytool'], { invocations: [['search', 'x', '--limit', '2']] });
 * if (!report.ok) console.log(report.verdicts.filter((v) => v.status === 'fail'));
 */
export {
  lintProgram,
  ProgramError,
  type ProgramOptions,
  type ProgramReport,
  type ProgramTarget,
  type SpecOutcome,
} from './program.js';
export type { SpecResult } from './multi.js';
export {
  loadConfig,
  configAppliesTo,
  findConfigFile,
  defineConfig,
  ConfigError,
  CONFIG_FILES,
  PACKAGE_JSON_KEY,
  type AoiConfig,
  type ConfigCommand,
  type LoadedConfig,
} from '../config/index.js';
export { mergeProgramReports } from './merge.js';
export { mergeLintReports } from './aoi/merge.js';
export { parseShard, formatShard, shardOf, inShard, MAX_SHARDS, type Shard } from '../shard.js';
export { lintCli, LintSetupError, type LintOptions, type LintReport } from './aoi/lint.js';
export type { ReusableProbe } from './aoi/runner.js';
export { processTarget, TargetError, type LintTarget, type ProbeSpec } from './aoi/target.js';
export type { ProbeOutcome } from '../checks/aoi/probe/types.js';
export { inMemoryTarget } from './aoi/memory-target.js';
export { checkCmdhelp, type CmdhelpCheckOptions } from './cmdhelp/check.js';
export { recordCmdhelp, type CmdhelpRecordOptions } from './cmdhelp/record.js';
export {
  judgeCmdhelp,
  type CmdhelpReport,
  type CmdhelpRecording,
} from '../checks/cmdhelp/index.js';
export { checkExec, type CheckExecOptions, type ExecPlan, type ExecReport } from './exec/index.js';
export { checkAgentApplication, type AppCheckOptions } from './app/application.js';
export {
  recordContract,
  ContractRecordError,
  type RecordContractOptions,
} from './contract/record.js';
export type { AppReport } from '../checks/app/application.js';
export {
  lintConsumer,
  consumerScenarios,
  ConsumerSetupError,
  ConsumerStartError,
  DEFAULT_CONSUMER_TIMEOUT_MS,
  CONSUMER_SCENARIOS,
  type LintConsumerOptions,
  type ConsumerReport,
  type ConsumerRecording,
  type ConsumerScenarioResult,
  type ConsumerOutcome,
  type ConsumerScenarioSpec,
  type ConsumerMode,
  runtimeScenarios,
  RUNTIME_SCENARIOS,
  RUNTIME_CONTRACT_ENV,
  type LintAppRuntimeOptions,
  type RuntimeReport,
  type RuntimeRecording,
  type RuntimeScenarioResult,
  type RuntimeOutcome,
  type RuntimeScenarioSpec,
} from './consumer/index.js';
export { judgeConsumer, CONSUMER_RULE_IDS } from '../checks/consumer/judge.js';
export {
  lintRunner,
  recordRunner,
  RunnerSetupError,
  RunnerStartError,
  DEFAULT_RUNNER_SCENARIO_TIMEOUT_MS,
  DEFAULT_RUNNER_TIMEOUT_MS,
  type LintRunnerOptions,
} from './agentcli/index.js';
export {
  judgeRunner,
  describeRunnerOutcome,
  type RunnerRecording,
  type RunnerReport,
  type RunnerScenarioResult,
  type RunnerOutcome,
} from '../checks/agentcli/runner.js';
export {
  RUNNER_SCENARIOS,
  RUNNER_CONTRACT_ENV,
  runnerScenarios,
  runnerRulesOf,
  type RunnerScenarioSpec,
  type RunnerTurn,
  type RunnerMust,
} from '../spec/agentcli/runner-scenarios.js';
