import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { parseLintArgs } from '../../../src/cli/lint.js';
import { outcomeOf } from '../../../src/corpus/outcome.js';
import {
  expectedFrom,
  foreignTools,
  LINT_RULE_IDS,
  type ForeignTool,
} from '../../../src/corpus/scenarios.js';
import { lintCli, type LintReport } from '../../../src/lint/aoi/lint.js';
import { processTarget } from '../../../src/lint/aoi/target.js';

/**
 * Lints a foreign tool (fixtures/foreign/<tool>/tool.json) as its tool.json says a user lints it: `lint.args`
 * read by the CLI's own parser (so `--env`, `--machine-flag`, `--schema-command` mean what they mean on the
 * command line), the defect switched on with `--env <defectEnv>=<defect>`, every probe a real process.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;

export const foreignTool = (name: string): ForeignTool => {
  const tool = foreignTools().find((t) => t.tool === name);
  if (!tool) throw new Error(`no fixtures/foreign/${name}/tool.json`);
  return tool;
};

export async function lintForeign(tool: ForeignTool, defect?: string): Promise<LintReport> {
  const [program, ...programArgs] = tool.command.map((word) =>
    existsSync(resolve(ROOT, word)) ? resolve(ROOT, word) : word,
  );
  const { env, machineFlag, schemaCommand, watchOutside } = parseLintArgs([
    ...tool.lint.args,
    ...(defect ? ['--env', `${tool.defectEnv}=${defect}`] : []),
    '--',
    program!,
    ...programArgs,
  ]).request.options;
  return lintCli(processTarget(program!, programArgs), {
    setup: tool.lint.setup,
    invocations: tool.lint.invocations,
    env: env ?? {},
    ...(machineFlag ? { machineFlag } : {}),
    ...(schemaCommand ? { schemaCommand } : {}),
    ...(watchOutside ? { watchOutside: true } : {}),
    canarySeed: `foreign-${tool.tool}`,
  });
}

/**
 * The report has exactly the findings tool.json declares (none for the clean tool), each rule as they make it,
 * and fails only when one of them is an error (a defect made of warnings alone does not fail the run).
 */
export function expectDeclared(report: LintReport, findings: readonly string[]): void {
  const failures = report.verdicts
    .filter((v) => v.findings.length > 0)
    .flatMap((v) => v.findings.map((f) => `${v.command}: ${f.id} ${f.message}`));
  const expected = expectedFrom(findings, LINT_RULE_IDS);
  expect(outcomeOf(report, LINT_RULE_IDS), failures.join('\n')).toEqual(expected);
  expect(report.ok).toBe(expected.ok);
}
