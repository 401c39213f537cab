/**
 * The README's counts are the kit's: each number it states about the fakes, the faults and the corpus is computed
 * here from the catalogues and scenarios/, so a count that drifts fails with the sentence as it should read.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../../src/corpus/scenario-files.js';
import { AGENT_FAULT_CATALOGUE } from '../../../src/fakes/agentcli/faults/index.js';
import { BEHAVIOUR_FAULT_CATALOGUE } from '../../../src/fakes/aoi/faults/catalogue/behaviour-faults.js';
import { PRESETS } from '../../../src/fakes/aoi/faults/catalogue/presets.js';
import { FAULT_CATALOGUE } from '../../../src/fakes/aoi/faults/catalogue/stream-faults.js';
import { HELPDESK_FAULTS } from '../../../src/fakes/cmdhelp/faults/index.js';
import { EXEC_FAULT_CATALOGUE } from '../../../src/fakes/exec/faults/index.js';
import { consumerScenarios } from '../../../src/lint/consumer/index.js';

/** The README as one line of words: its sentences are wrapped at any word. */
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);

const size = (catalogue: object) => Object.keys(catalogue).length;
const scenarios = loadScenarios();
const ofKind = (...kinds: string[]) => scenarios.filter((s) => kinds.includes(s.kind)).length;

describe('the README states the counts the kit has', () => {
  it.each([
    `misbehaving fakes**: ${size(FAULT_CATALOGUE)} composable, seeded stream faults`,
    `${size(BEHAVIOUR_FAULT_CATALOGUE)} behaviour faults only a process linter can see`,
    `and ${size(PRESETS)} named presets`,
    `one index of ${scenarios.length} scenarios for every spec the kit covers`,
    `${ofKind('stream', 'lint', 'foreign')} AOI-CLI (${ofKind('stream')} judged from one stream, ` +
      `${ofKind('lint')} by the process linter, ${ofKind('foreign')} on tools written in other languages), ` +
      `${ofKind('cmdhelp')} cmdhelp, ${ofKind('exec')} exec, ${ofKind('app')} Agent Application packages, ` +
      `${ofKind('agent')} fake agent CLIs`,
    `and ${ofKind('consumer')} consumer scenarios`,
    `with ${size(AGENT_FAULT_CATALOGUE)} faults each saying what a correct runner must do`,
    `the \`helpdesk\` fake with ${HELPDESK_FAULTS.length} faults`,
    `\`notes exec\` with ${size(EXEC_FAULT_CATALOGUE)} faults`,
    `a stdin reader: ${consumerScenarios('stdin').length} scenarios`,
    `a wrapper that runs \`notes\`: ${consumerScenarios('spawn').length} scenarios`,
  ])('%s', (sentence) => {
    expect(readme.includes(sentence), `README.md should say: ${sentence}`).toBe(true);
  });
});
