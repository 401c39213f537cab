import fc from 'fast-check';
import { stringify } from 'yaml';
import type { AppManifest } from '../../spec/app/manifest.js';

const NAME = fc.stringMatching(/^[a-z][a-z0-9-]{1,15}$/);
const COMMAND = fc.stringMatching(/^[a-y][a-z0-9-]{0,10}$/);

/**
 * A valid APP.md frontmatter: name, description, entry.command, and maybe commands, confirmationRequired
 * (a subset of commands), scheduling (notSupported) and a version. No skills: they need files on disk.
 *
 * @example fc.sample(appManifest(), 1)[0].entry.command // 'node app/cli.js'
 */
export function appManifest(): fc.Arbitrary<AppManifest> {
  return fc
    .record({
      name: NAME,
      description: fc.constantFrom(
        'A to-do list.',
        'Notes an agent can search.',
        'A tiny calendar.',
      ),
      version: fc.option(fc.constantFrom('1.0.0', '0.2.1'), { nil: undefined }),
      command: fc.constantFrom('node app/cli.js', 'python3 -m app', './bin/app', 'npx my-app'),
      commands: fc.uniqueArray(COMMAND, { minLength: 1, maxLength: 5 }),
      described: fc.boolean(),
      confirmCount: fc.nat({ max: 2 }),
      scheduling: fc.option(fc.constant('notSupported' as const), { nil: undefined }),
    })
    .map(
      ({ name, description, version, command, commands, described, confirmCount, scheduling }) => ({
        name,
        description,
        ...(version !== undefined ? { version } : {}),
        entry: { command },
        commands: described
          ? commands.map((c) => ({ name: c, description: `The ${c} command.` }))
          : commands,
        ...(confirmCount > 0 ? { confirmationRequired: commands.slice(0, confirmCount) } : {}),
        ...(scheduling !== undefined ? { scheduling } : {}),
      }),
    );
}

/**
 * APP.md text for a frontmatter: `---`, the YAML, `---`, and a body (which documents scheduling when asked).
 *
 * @example appMarkdown({ name: 'todo', description: 'A to-do list.', entry: { command: 'node app/cli.js' } }).startsWith('---\n') // true
 */
export function appMarkdown(
  manifest: object,
  body = '# App\n\nRun every command from the package root.\n',
): string {
  return `---\n${stringify(manifest)}---\n\n${body}`;
}

/** An APP.md with exactly one defect, labelled by the sub-rule it breaks. */
export interface DefectiveAppManifest {
  readonly subRule: string;
  readonly markdown: string;
}

type Defect = { subRule: string; apply: (m: AppManifest) => string };
const md = (m: object) => appMarkdown(m);

/** Every defect the arbitraries can inject (manifest sub-rules that need no package directory). */
export const APP_MANIFEST_DEFECTS: readonly Defect[] = [
  { subRule: 'APP-01/no-frontmatter', apply: (m) => `# ${m.name}\n\n${stringify(m)}` },
  {
    subRule: 'APP-01/yaml-syntax',
    apply: (m) => md(m).replace(/^name: .*$/m, (l) => `${l}\nextra: [list, add`),
  },
  {
    subRule: 'APP-01/duplicate-key',
    apply: (m) => md(m).replace(/^name: .*$/m, (l) => `${l}\n${l}`),
  },
  {
    subRule: 'APP-01/not-a-mapping',
    apply: (m) => `---\n${stringify([m.name, m.entry.command])}---\n`,
  },
  { subRule: 'APP-02/missing-field', apply: ({ entry: _entry, ...rest }) => md(rest) },
  { subRule: 'APP-02/catalog-field', apply: ({ description: _d, ...rest }) => md(rest) },
  { subRule: 'APP-03/catalog-type', apply: (m) => md({ ...m, name: 42 }) },
  { subRule: 'APP-03/type', apply: (m) => md({ ...m, entry: { command: 42 } }) },
  { subRule: 'APP-03/type', apply: (m) => md({ ...m, confirmationRequired: 'x' }) },
  { subRule: 'APP-04/empty', apply: (m) => md({ ...m, entry: { command: '   ' } }) },
  {
    subRule: 'APP-04/outside-package',
    apply: (m) => md({ ...m, entry: { command: 'node ../shared/app/cli.js' } }),
  },
  {
    subRule: 'APP-05/command-name',
    apply: (m) => md({ ...m, commands: [...(m.commands ?? []), '--not-a-name'] }),
  },
  {
    subRule: 'APP-05/duplicate-command',
    apply: (m) => md({ ...m, commands: [...(m.commands ?? []), (m.commands ?? [])[0]] }),
  },
  {
    subRule: 'APP-06/unknown-command',
    apply: (m) =>
      md({ ...m, confirmationRequired: [...(m.confirmationRequired ?? []), 'zz-undeclared'] }),
  },
  { subRule: 'APP-07/invalid-value', apply: (m) => md({ ...m, scheduling: 'sometimes' }) },
  { subRule: 'APP-07/undocumented', apply: (m) => md({ ...m, scheduling: 'supported' }) },
  { subRule: 'APP-08/duplicate-skill', apply: (m) => md({ ...m, skills: ['notes', 'notes'] }) },
];

/**
 * A valid manifest with one defect, as APP.md text, labelled by its sub-rule.
 *
 * @example fc.sample(appManifestWithDefect({ subRules: ['APP-04/empty'] }), 1)[0].subRule // 'APP-04/empty'
 */
export function appManifestWithDefect(
  options: { subRules?: readonly string[] } = {},
): fc.Arbitrary<DefectiveAppManifest> {
  const defects = options.subRules
    ? APP_MANIFEST_DEFECTS.filter((d) => options.subRules!.includes(d.subRule))
    : APP_MANIFEST_DEFECTS;
  return fc
    .tuple(appManifest(), fc.constantFrom(...defects))
    .map(([m, d]) => ({ subRule: d.subRule, markdown: d.apply(m) }));
}
