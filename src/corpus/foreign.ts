import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINT_RULE_IDS } from './aoi.js';
import { expectedFrom, sectionsOf } from './expected.js';
import { kitRoot } from './files.js';
import type { ForeignScenario, ForeignService } from './types.js';

/**
 * The foreign tools: programs written the way outside authors write them (fixtures/foreign/<tool>/, each with a
 * tool.json), linted as any user lints a tool. Each becomes a scenario `foreign.<tool>` (the clean tool: zero
 * findings) and one `foreign.<tool>.<defect>` per defect its tool.json declares (exactly those findings).
 */

/** A foreign tool's tool.json (the shared fixture format, fixtures/foreign/README.md). */
export interface ForeignTool {
  readonly tool: string;
  readonly description: string;
  readonly language: string;
  /** The program, relative to the package root. */
  readonly command: readonly string[];
  readonly lint: {
    readonly args: readonly string[];
    readonly setup: readonly (readonly string[])[];
    readonly invocations: readonly (readonly string[])[];
  };
  readonly service: ForeignService | null;
  readonly defectEnv: string;
  readonly defects: Readonly<
    Record<string, { readonly description: string; readonly findings: readonly string[] }>
  >;
}

export const FOREIGN_DIR = 'fixtures/foreign';

/** Every fixtures/foreign/<tool>/tool.json, by directory name; a malformed one throws (the corpus must not silently lose a tool). */
export function foreignTools(root: string = kitRoot()): ForeignTool[] {
  const dir = join(root, FOREIGN_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'tool.json')))
    .map((entry) => entry.name)
    .sort()
    .map((name) =>
      checkedTool(
        name,
        JSON.parse(readFileSync(join(dir, name, 'tool.json'), 'utf8')) as ForeignTool,
      ),
    );
}

function checkedTool(name: string, tool: ForeignTool): ForeignTool {
  const argvList = (value: unknown) =>
    Array.isArray(value) &&
    value.every((argv) => Array.isArray(argv) && argv.every((word) => typeof word === 'string'));
  const problems = [
    tool.tool !== name && `"tool" is "${tool.tool}", not its directory's name`,
    !argvList([tool.command]) && '"command" is not an argv list',
    !argvList([tool.lint?.args ?? null]) && '"lint.args" is not an argv list',
    !argvList(tool.lint?.setup) && '"lint.setup" is not a list of argv lists',
    !argvList(tool.lint?.invocations) && '"lint.invocations" is not a list of argv lists',
    !/^[A-Za-z_][A-Za-z0-9_]*$/.test(tool.defectEnv ?? '') && '"defectEnv" is not a variable name',
    ...Object.entries(tool.defects ?? {})
      .filter(([id, d]) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id) || !Array.isArray(d.findings))
      .map(([id]) => `defect "${id}" is malformed`),
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length > 0)
    throw new Error(`${FOREIGN_DIR}/${name}/tool.json: ${problems.join('; ')}`);
  return tool;
}

const argvLists = (lists: readonly (readonly string[])[]) => lists.map((argv) => [...argv]);

/** The scenarios of one foreign tool: clean, then each defect in tool.json order. */
export function foreignScenarios(tool: ForeignTool): ForeignScenario[] {
  const scenario = (
    defect: string | undefined,
    findings: readonly string[],
    description: string,
  ): ForeignScenario => {
    const expected = expectedFrom(findings, LINT_RULE_IDS);
    return {
      id: `foreign.${tool.tool}${defect ? `.${defect}` : ''}`,
      kind: 'foreign',
      spec: 'aoi',
      description,
      sections: sectionsOf(expected),
      tool: {
        name: tool.tool,
        path: `${FOREIGN_DIR}/${tool.tool}`,
        language: tool.language,
        defect: defect ?? null,
      },
      command: [...tool.command],
      lintArgs: [...tool.lint.args, ...(defect ? ['--env', `${tool.defectEnv}=${defect}`] : [])],
      setup: argvLists(tool.lint.setup),
      invocations: argvLists(tool.lint.invocations),
      service: tool.service,
      expected,
    };
  };
  const linted =
    'Judged by aoi-testkit lint (all 13 AOI rules) with lintArgs, setup and invocations.';
  return [
    scenario(undefined, [], `${tool.description} Clean: no finding. ${linted}`),
    ...Object.entries(tool.defects).map(([id, defect]) =>
      scenario(
        id,
        defect.findings,
        `${tool.description} Defect ${id} ($${tool.defectEnv}=${id}): ${defect.description} ${linted}`,
      ),
    ),
  ];
}

/** Every foreign tool's scenarios, tools in directory-name order. */
export function foreignDrafts(): ForeignScenario[] {
  return foreignTools().flatMap(foreignScenarios);
}
