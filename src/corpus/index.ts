/**
 * The language-neutral corpus (`scenarios/*.json`): built from the fault catalogues, the presets, the per-spec
 * fixture corpora and the rule registries; `outcomeOf` puts a report in the same terms as a scenario's `expected`.
 */
export {
  AGENT_SCENARIO_RULE_IDS,
  APP_SCENARIO_RULE_IDS,
  BASE_PRESET,
  CMDHELP_RULE_IDS,
  CONSUMER_SCENARIO_RULE_IDS,
  consumerSections,
  DEFAULT_BULK_LINES,
  EXEC_SCENARIO_RULE_IDS,
  KIT_COMMAND,
  LINT_RULE_IDS,
  SCENARIO_KINDS,
  SCENARIO_LINT_PLAN,
  SCENARIO_SEED,
  SCENARIO_SPECS,
  SPEC_OF_KIND,
  draftScenarios,
  expectedFrom,
  fakeCommand,
  recordedFault,
  sectionsOf,
} from './scenarios.js';
export type * from './types.js';
export { buildScenarios, runStreamScenario, scenarioFaults } from './run.js';
export { loadScenarios, scenariosDir } from './scenario-files.js';
export { outcomeOf } from './outcome.js';
export {
  runCorpus,
  runCorpusScenario,
  type CorpusRunOptions,
  type ScenarioResult,
} from './runner.js';
export { kitRoot, renderScenarioFile, scenarioFileName } from './files.js';
export {
  COVERAGE_SPECS,
  PROVEN_BY_TEST,
  coverageTotals,
  coverageViolators,
  renderCoverage,
  violatorsBySubRule,
  type CoverageTotals,
  type Violator,
} from './coverage.js';
export { ALL_SUB_RULES, basisLine, staleRulePages, withBasisLines } from './rule-quotes.js';
