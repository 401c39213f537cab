/**
 * The language-neutral corpus (`scenarios/*.json`): built from the fault catalogues, the presets and
 * the rule registry; `outcomeOf` puts a report in the same terms as a scenario's `expected`.
 */
export {
  BASE_PRESET,
  KIT_COMMAND,
  LINT_RULE_IDS,
  SCENARIO_LINT_PLAN,
  SCENARIO_SEED,
  draftScenarios,
  expectedFrom,
  fakeCommand,
  sectionsOf,
  type LintScenario,
  type RuleOutcome,
  type Scenario,
  type ScenarioDraft,
  type ScenarioExpected,
  type ScenarioFake,
  type ScenarioFault,
  type StreamScenario,
  type StreamScenarioDraft,
} from './scenarios.js';
export { buildScenarios, runStreamScenario, scenarioFaults } from './run.js';
export { outcomeOf } from './outcome.js';
export { renderScenarioFile, scenarioFileName } from './files.js';
