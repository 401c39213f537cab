/**
 * `aoi-testkit help [path…] [--format text|md|json|llm] [--depth N]` and `help --capabilities` (cmdhelp v0.1).
 * COMMANDS is the kit CLI's command tree, the cmdhelp view of the verbs table (surface.ts), rendered to md and
 * json (and to text for one command). The root in text is the usage text of usage.ts (HELP), which
 * `aoi-testkit --help` prints too; test/integration/cli-cmdhelp.test.ts keeps the two in step and runs the
 * table's examples.
 */
import type { CmdhelpCommand, CmdhelpDocument, CmdhelpFlag } from '../spec/cmdhelp/types.js';
import { TOOL, TOOL_VERSION } from '../report/meta.js';
import {
  cmdhelpCommand,
  GLOBAL_FLAGS,
  HELP_FORMATS,
  SUMMARY,
  VERBS,
  type VerbName,
} from './surface.js';
import { HELP, UsageError } from './usage.js';

const CMDHELP_CAPABILITY = `cmdhelp/0.1: ${HELP_FORMATS.join(', ')}`;

/** The kit CLI's commands, keyed by path (all leaves): the table's verbs as cmdhelp commands. */
export const COMMANDS: Record<string, CmdhelpCommand> = Object.fromEntries(
  Object.keys(VERBS).map((name) => [name, cmdhelpCommand(name as VerbName)]),
);

export const isCommand = (path: string): boolean => Object.hasOwn(COMMANDS, path);
const hasDetail = (c: CmdhelpCommand) =>
  c.flags !== undefined || c.args !== undefined || c.examples !== undefined;

interface View {
  readonly scope: string;
  readonly entries: readonly { path: string; detail: boolean }[];
}

/** `help <scope> --depth N` (§4): a command in full; the root N levels in full (the tree is one level deep). */
function view(scope: string, depth: number): View {
  if (scope !== '') return { scope, entries: [{ path: scope, detail: true }] };
  return { scope, entries: Object.keys(COMMANDS).map((path) => ({ path, detail: depth >= 1 })) };
}

/** The cmdhelp JSON document of a scope (also what `exec` answers for a `help` line). */
export function helpDocument(scope = '', depth = 0): CmdhelpDocument {
  const v = view(scope, depth);
  return {
    cmdhelp_version: '0.1',
    binary: TOOL,
    version: TOOL_VERSION,
    summary: SUMMARY,
    homepage: 'https://www.npmjs.com/package/aoi-testkit',
    global_flags: GLOBAL_FLAGS,
    commands: Object.fromEntries(
      v.entries.map(({ path, detail }) => [
        path,
        detail ? COMMANDS[path]! : { summary: COMMANDS[path]!.summary },
      ]),
    ),
  };
}

const cell = (v: unknown) => (v === undefined ? '' : String(v).replace(/\|/g, '\\|'));
const synopsis = (path: string, c: CmdhelpCommand) => {
  const args = (c.args ?? []).map(
    (a) => `${a.required ? `<${a.name}>` : `[${a.name}]`}${a.repeatable ? '...' : ''}`,
  );
  if (path === 'lint') args.unshift('--');
  return `${TOOL} ${path}${c.flags ? ' [flags]' : ''}${args.length ? ` ${args.join(' ')}` : ''}`;
};
const flagType = (f: CmdhelpFlag) =>
  `${f.type}${f.enum ? ` (${f.enum.join(', ')})` : ''}${f.repeatable ? ', repeatable' : ''}`;
const exitLine = ([code, e]: [
  string,
  CmdhelpCommand['exit_codes'] extends Record<string, infer E> | undefined ? E : never,
]) =>
  typeof e === 'string'
    ? `${code}: ${e}`
    : `${code}: ${e.when}${e.recovery ? ` (${e.recovery})` : ''}`;

function mdCommand(path: string): string[] {
  const c = COMMANDS[path]!;
  const sections: [string, string[]][] = [['Synopsis', [`\`${synopsis(path, c)}\``]]];
  if (c.args?.length)
    sections.push([
      'Arguments',
      [
        '| name | type | required | description |',
        '|---|---|---|---|',
        ...c.args.map(
          (a) =>
            `| ${a.name} | ${flagType(a as CmdhelpFlag)} | ${a.required ? 'yes' : 'no'} | ${cell(a.description)} |`,
        ),
      ],
    ]);
  if (c.flags) {
    const rows = Object.entries(c.flags).map(
      ([name, f]) =>
        `| --${name}${f.negate_flag ? `, ${f.negate_flag}` : ''} | ${cell(flagType(f))} | ${cell(f.default)} | ${cell(f.description)} |`,
    );
    sections.push([
      'Flags',
      ['| flag | type | default | description |', '|---|---|---|---|', ...rows],
    ]);
  }
  if (c.stdin?.accepted) sections.push(['Stdin', [`Accepted (${c.stdin.format ?? 'text'}).`]]);
  if (c.examples?.length)
    sections.push([
      'Examples',
      ['```bash', ...c.examples.flatMap((e) => [...(e.note ? [`# ${e.note}`] : []), e.cmd]), '```'],
    ]);
  const out = [
    ...(c.stdout
      ? [
          `Text: \`${c.stdout.text_template ?? ''}\`${c.stdout.json_schema_ref ? `; JSON schema: \`${c.stdout.json_schema_ref}\`` : ''}.`,
        ]
      : []),
    ...Object.entries(c.exit_codes ?? {}).map((e) => `- exit ${exitLine(e)}`),
  ];
  if (out.length) sections.push(['Output', out]);
  if (c.see_also?.length) sections.push(['See also', c.see_also.map((s) => `- \`${TOOL} ${s}\``)]);
  return [
    `## \`${TOOL} ${path}\``,
    '',
    c.summary,
    '',
    ...sections.flatMap(([title, body]) => [`### ${title}`, '', ...body, '']),
  ];
}

function renderMd(v: View, generated: string): string {
  const lines = [
    '---',
    'cmdhelp_version: "0.1"',
    `binary: ${TOOL}`,
    `version: ${TOOL_VERSION}`,
    `generated: ${generated}`,
    '---',
    '',
  ];
  if (v.scope === '') {
    lines.push(`# \`${TOOL}\``, '', SUMMARY, '');
    for (const e of v.entries) lines.push(`- \`${TOOL} ${e.path}\` — ${COMMANDS[e.path]!.summary}`);
    lines.push(
      '',
      `Global flags: ${Object.entries(GLOBAL_FLAGS)
        .map(([n, f]) => `\`--${n}\` (${f.description ?? ''})`)
        .join('; ')}.`,
      '',
    );
  }
  for (const e of v.entries)
    if (e.detail && hasDetail(COMMANDS[e.path]!)) lines.push(...mdCommand(e.path));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Text: the root is the usage text (HELP); one command is its synopsis, arguments, flags, examples, exit codes. */
function renderText(v: View): string {
  if (v.scope === '') return HELP;
  const c = COMMANDS[v.scope]!;
  const lines = [`${TOOL} ${v.scope} — ${c.summary}`, '', `Usage: ${synopsis(v.scope, c)}`];
  if (c.args?.length)
    lines.push(
      '',
      'Arguments:',
      ...c.args.map(
        (a) => `  ${a.name.padEnd(24)} ${a.description ?? ''}${a.required ? ' (required)' : ''}`,
      ),
    );
  if (c.flags)
    lines.push(
      '',
      'Flags:',
      ...Object.entries(c.flags).map(
        ([n, f]) =>
          `  ${`--${n}${f.type === 'bool' ? '' : ` ${f.enum ? f.enum.join('|') : f.type.toUpperCase()}`}`.padEnd(24)} ${f.description ?? ''}`,
      ),
    );
  if (c.examples?.length)
    lines.push(
      '',
      'Examples:',
      ...c.examples.map((e) => `  ${e.cmd}${e.note ? `    # ${e.note}` : ''}`),
    );
  if (c.exit_codes)
    lines.push('', 'Exit status:', ...Object.entries(c.exit_codes).map((e) => `  ${exitLine(e)}`));
  lines.push('', `Run "${TOOL} help ${v.scope} --format md|json" for LLMs.`);
  return `${lines.join('\n')}\n`;
}

/**
 * `help [command…] [--format F] [--depth N] [--capabilities]`, also reached as `<command> --help --format F`
 * and `--cmdhelp-capabilities`. Writes stdout; usage errors are thrown (exit 64, a message on stderr).
 */
export function runHelp(args: readonly string[]): number {
  let format: string | undefined;
  let depth: number | undefined;
  let capabilities = false;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const [name, inline] = eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new UsageError(`help: ${name} needs a value`);
      return v;
    };
    if (name === '--format' || name === '--output') format = value();
    else if (name === '--depth') {
      const raw = value();
      if (!/^-?\d+$/.test(raw))
        throw new UsageError(`help: --depth needs a whole number, got ${JSON.stringify(raw)}`);
      depth = Number(raw);
      if (depth < 0 || depth > 100)
        throw new UsageError(`help: --depth must be from 0 to 100, got ${depth}`);
    } else if (name === '--capabilities') {
      // A bool flag is a presence switch (cmdhelp §5.3): `--capabilities=false` must not print the line.
      if (inline !== undefined)
        throw new UsageError(`help: --capabilities takes no value, got ${JSON.stringify(inline)}`);
      capabilities = true;
    } else if (name === '--help' || name === '-h') continue;
    else if (name === '--schema-version')
      value(); // the kit's events' version: help prints none
    else if (a.startsWith('-') && a !== '-')
      throw new UsageError(
        `help: unknown flag ${name} (flags: ${Object.keys(VERBS.help.flags)
          .map((flag) => `--${flag}`)
          .join(', ')})`,
      );
    else words.push(a);
  }
  if (capabilities) {
    process.stdout.write(`${CMDHELP_CAPABILITY}\n`);
    return 0;
  }
  const scope = words.join(' ');
  if (scope !== '' && !isCommand(scope))
    throw new UsageError(
      `help: unknown command "${scope}" (commands: ${Object.keys(COMMANDS).join(', ')})`,
    );
  const chosen = format ?? 'text';
  if (!(HELP_FORMATS as readonly string[]).includes(chosen))
    throw new UsageError(
      `help: unknown --format "${chosen}" (supported: ${HELP_FORMATS.join(', ')})`,
    );
  const v = view(scope, depth ?? 0);
  const generated = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const out =
    chosen === 'json'
      ? `${JSON.stringify(helpDocument(scope, depth ?? 0), null, 2)}\n`
      : chosen === 'text'
        ? renderText(v)
        : renderMd(v, generated);
  process.stdout.write(out);
  return 0;
}
