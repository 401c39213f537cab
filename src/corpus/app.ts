import { getSubRule, ruleIdsOf } from '../spec/rules.js';
import { expectedFrom, sectionsOf } from './expected.js';
import { readKitJson } from './files.js';
import type { AppScenario } from './types.js';

/** The rules an Agent Application checker judges, in id order. */
export const APP_SCENARIO_RULE_IDS: readonly string[] = ruleIdsOf('APP');

/** Where the Agent Application packages and their verdicts live (fixtures/apps/README.md). */
export const APPS_DIR = 'fixtures/apps';

interface AppsExpected {
  options: AppScenario['options'];
  packages: { path: string; valid: boolean; findings: { id: string; line?: number }[] }[];
}

/**
 * One scenario per package of fixtures/apps, from its expected.json: the package's path, the probes to
 * exercise it with, and its verdict (the findings' sub-rules, severities from the registry). No fake: the
 * package is the program.
 */
export function appDrafts(): AppScenario[] {
  const corpus = readKitJson<AppsExpected>(`${APPS_DIR}/expected.json`);
  return corpus.packages.map((pkg) => {
    const expected = expectedFrom(
      pkg.findings.map((f) => f.id),
      APP_SCENARIO_RULE_IDS,
    );
    if (expected.ok !== pkg.valid)
      throw new Error(
        `${APPS_DIR}/expected.json: ${pkg.path} says valid ${pkg.valid}, its findings' severities say ${expected.ok}`,
      );
    const broken = expected.findings
      .map(
        (id) =>
          `${id} (${getSubRule(id).title}${getSubRule(id).severity === 'warning' ? ', a warning' : ''})`,
      )
      .join(', ');
    return {
      id: `app.${pkg.path.replaceAll('/', '.')}`,
      kind: 'app',
      spec: 'app',
      description: `The Agent Application package ${pkg.path}: ${broken === '' ? 'breaks no rule' : `breaks exactly ${broken}`}. Judged from its APP.md and by running its entry.command with the probes of options.`,
      sections: sectionsOf(expected),
      path: `${APPS_DIR}/${pkg.path}`,
      options: JSON.parse(JSON.stringify(corpus.options)) as AppScenario['options'],
      expected,
    };
  });
}
