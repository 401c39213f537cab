/**
 * A cmdhelp document (cmdhelp v0.1) rendered for a reader: markdown (`help --format md|llm`, front matter, the
 * root's command list, then each command given in full) and one command as text (`help <command>`). The document
 * is the caller's: the kit's CLI builds its own from its flag table.
 */
import type { CmdhelpCommand, CmdhelpDocument, CmdhelpFlag } from '../spec/cmdhelp/types.js';

export interface CmdhelpRenderOptions {
  /** Commands whose arguments come after `--` (the kit's `lint -- <program>`): their synopsis says so. */
  readonly afterDashDash?: readonly string[];
}

const hasDetail = (c: CmdhelpCommand) =>
  c.flags !== undefined || c.args !== undefined || c.examples !== undefined;
const cell = (v: unknown) => (v === undefined ? '' : String(v).replace(/\|/g, '\\|'));
const synopsis = (tool: string, path: string, c: CmdhelpCommand, options: CmdhelpRenderOptions) => {
  const args = (c.args ?? []).map(
    (a) => `${a.required ? `<${a.name}>` : `[${a.name}]`}${a.repeatable ? '...' : ''}`,
  );
  if (options.afterDashDash?.includes(path)) args.unshift('--');
  return `${tool} ${path}${c.flags ? ' [flags]' : ''}${args.length ? ` ${args.join(' ')}` : ''}`;
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

function mdCommand(
  tool: string,
  path: string,
  c: CmdhelpCommand,
  options: CmdhelpRenderOptions,
): string[] {
  const sections: [string, string[]][] = [
    ['Synopsis', [`\`${synopsis(tool, path, c, options)}\``]],
  ];
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
  if (c.see_also?.length) sections.push(['See also', c.see_also.map((s) => `- \`${tool} ${s}\``)]);
  return [
    `## \`${tool} ${path}\``,
    '',
    c.summary,
    '',
    ...sections.flatMap(([title, body]) => [`### ${title}`, '', ...body, '']),
  ];
}

/**
 * The document as markdown: front matter, then for the root (`scope` '') the tool's summary, every command with
 * its summary and the global flags; then each command the document gives in full (a summary alone is not).
 */
export function cmdhelpMarkdown(
  doc: CmdhelpDocument,
  scope: string,
  generated: string,
  options: CmdhelpRenderOptions = {},
): string {
  const tool = doc.binary;
  const lines = [
    '---',
    'cmdhelp_version: "0.1"',
    `binary: ${tool}`,
    `version: ${doc.version}`,
    `generated: ${generated}`,
    '---',
    '',
  ];
  const commands = Object.entries(doc.commands);
  if (scope === '') {
    lines.push(`# \`${tool}\``, '', doc.summary ?? '', '');
    for (const [path, c] of commands) lines.push(`- \`${tool} ${path}\` — ${c.summary}`);
    lines.push(
      '',
      `Global flags: ${Object.entries(doc.global_flags ?? {})
        .map(([n, f]) => `\`--${n}\` (${f.description ?? ''})`)
        .join('; ')}.`,
      '',
    );
  }
  for (const [path, c] of commands)
    if (hasDetail(c)) lines.push(...mdCommand(tool, path, c, options));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** One command of the document as text: its synopsis, arguments, flags, examples and exit codes. */
export function cmdhelpText(
  doc: CmdhelpDocument,
  path: string,
  options: CmdhelpRenderOptions = {},
): string {
  const tool = doc.binary;
  const c = doc.commands[path]!;
  const lines = [
    `${tool} ${path} — ${c.summary}`,
    '',
    `Usage: ${synopsis(tool, path, c, options)}`,
  ];
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
  lines.push('', `Run "${tool} help ${path} --format md|json" for LLMs.`);
  return `${lines.join('\n')}\n`;
}
