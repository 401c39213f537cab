import { rulesOf } from '../checks/consumer/judge.js';
import { CONSUMER_SCENARIOS } from '../spec/consumer/scenarios.js';
import { CONSUMER_RULES } from '../spec/consumer/rules.js';
import { getRule } from '../spec/rules.js';
import { KIT_COMMAND, expectedFrom } from './expected.js';
import { RUNTIME_RULES } from '../spec/consumer/runtime-rules.js';
import { RUNTIME_SCENARIOS, runtimeRulesOf } from '../spec/consumer/runtime-scenarios.js';
import type { ConsumerScenario, RuntimeScenario } from './types.js';

/** The rules a consumer run judges, in id order. */
export const CONSUMER_SCENARIO_RULE_IDS: readonly string[] = CONSUMER_RULES.map((rule) => rule.id);
/** The rules an APP-runtime run judges, in id order. */
export const RUNTIME_SCENARIO_RULE_IDS: readonly string[] = RUNTIME_RULES.map((rule) => rule.id);

const numeric = (section: string) => section.replace(/^§/, '').split('.').map(Number);
const bySection = (a: string, b: string) => {
  const [x, y] = [numeric(a), numeric(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
};

/** The sections of the rules a consumer scenario judges, each once, in document order. */
export const consumerSections = (judges: readonly string[]): string[] =>
  [...new Set(judges.flatMap((rule) => getRule(rule).sections))].sort(bySection);

/**
 * One scenario per consumer scenario of the catalogue (src/spec/consumer/scenarios.ts): the upstream (its bytes
 * and how it ends), what a correct consumer must do, the sub-rule a consumer that does not breaks, and the rules
 * the run judges. `expected` is the verdict on a correct consumer: every rule passes.
 */
export function consumerDrafts(): ConsumerScenario[] {
  return CONSUMER_SCENARIOS.map((s) => {
    const judges = rulesOf(s);
    return {
      id: s.id,
      kind: 'consumer',
      spec: 'consumer',
      description: s.description,
      sections: consumerSections(judges),
      shape: s.shape,
      command: [...KIT_COMMAND, 'fake', s.id],
      upstream: { stdout: s.stdout, stderr: s.stderr, end: s.end },
      must: s.must,
      breaks: s.breaks,
      mode: s.mode,
      judges,
      expected: expectedFrom([], CONSUMER_SCENARIO_RULE_IDS),
    };
  });
}

/**
 * One scenario per APP-runtime scenario (src/spec/consumer/runtime-scenarios.ts): the package variant, the request,
 * the user's answer, the binary's answers and what a correct runtime does. `expected` is the verdict on a correct
 * runtime: every rule passes. Sections are the contract's headings, not numbers.
 */
export function runtimeDrafts(): RuntimeScenario[] {
  return RUNTIME_SCENARIOS.map((s) => {
    const judges = runtimeRulesOf(s);
    return {
      id: s.id,
      kind: 'consumer',
      spec: 'consumer',
      description: s.description,
      sections: [...new Set(judges.flatMap((rule) => getRule(rule).sections))],
      shape: 'runtime',
      app: s.app,
      request: s.request,
      answer: s.answer,
      responses: s.responses,
      expect: s.expect,
      judges,
      expected: expectedFrom([], RUNTIME_SCENARIO_RULE_IDS),
    };
  });
}
