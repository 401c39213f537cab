import { rulesOf } from '../checks/consumer/judge.js';
import { CONSUMER_SCENARIOS } from '../spec/consumer/scenarios.js';
import { CONSUMER_RULES } from '../spec/consumer/rules.js';
import { getRule } from '../spec/rules.js';
import { KIT_COMMAND, expectedFrom } from './expected.js';
import type { ConsumerScenario } from './types.js';

/** The rules a consumer run judges, in id order. */
export const CONSUMER_SCENARIO_RULE_IDS: readonly string[] = CONSUMER_RULES.map((rule) => rule.id);

const numeric = (section: string) => section.replace(/^§/, '').split('.').map(Number);
const bySection = (a: string, b: string) => {
  const [x, y] = [numeric(a), numeric(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
};

/** The sections of the rules a consumer scenario judges, each once, in document order. */
export const consumerSections = (judges: readonly string[]): string[] => [...new Set(judges.flatMap((rule) => getRule(rule).sections))].sort(bySection);

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
      judges,
      expected: expectedFrom([], CONSUMER_SCENARIO_RULE_IDS),
    };
  });
}
