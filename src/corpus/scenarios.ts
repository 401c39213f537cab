import { agentDrafts } from './agent.js';
import { aoiDrafts } from './aoi.js';
import { appDrafts } from './app.js';
import { cmdhelpDrafts } from './cmdhelp.js';
import { consumerDrafts, runtimeDrafts } from './consumer.js';
import { execDrafts } from './exec.js';
import { foreignDrafts } from './foreign.js';
import type { ScenarioDraft } from './types.js';

/**
 * The language-neutral corpus: every scenario of every spec the kit covers, each naming a fake (or, for an
 * Agent Application, a package), how to run it and the verdict the spec demands of it. Everything is derived
 * from the fault catalogues, the presets, the reference runs, the per-spec fixture corpora and the rule
 * registries: nothing is written down twice. `scripts/generate-scenarios.mjs` writes the result to `scenarios/`.
 */
export {
  BASE_PRESET,
  LINT_RULE_IDS,
  SCENARIO_LINT_PLAN,
  SCENARIO_SEED,
  fakeCommand,
} from './aoi.js';
export { AGENT_SCENARIO_RULE_IDS, recordedFault } from './agent.js';
export { APP_SCENARIO_RULE_IDS } from './app.js';
export { CMDHELP_RULE_IDS } from './cmdhelp.js';
export { CONSUMER_SCENARIO_RULE_IDS, consumerSections } from './consumer.js';
export { DEFAULT_BULK_LINES, EXEC_SCENARIO_RULE_IDS } from './exec.js';
export { foreignScenarios, foreignTools, FOREIGN_DIR, type ForeignTool } from './foreign.js';
export { KIT_COMMAND, expectedFrom, sectionsOf } from './expected.js';
export type * from './types.js';

export { SCENARIO_KINDS, SCENARIO_SPECS, SPEC_OF_KIND } from './kinds.js';

/**
 * Every scenario, before the stream runs were observed. A function of the catalogues, the presets, the
 * reference runs, fixtures/apps, fixtures/foreign and fixtures/transcripts/agents, and the registries. Ordered by
 * spec: AOI (presets, stream faults, behaviour faults, backend, foreign tools), cmdhelp, exec, app, agent, consumer.
 */
export function draftScenarios(): ScenarioDraft[] {
  const drafts = [
    ...aoiDrafts(),
    ...foreignDrafts(),
    ...cmdhelpDrafts(),
    ...execDrafts(),
    ...appDrafts(),
    ...agentDrafts(),
    ...consumerDrafts(),
    ...runtimeDrafts(),
  ];
  const ids = drafts.map((d) => d.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length > 0) throw new Error(`scenario ids must be unique: ${twice.join(', ')}`);
  return drafts;
}
