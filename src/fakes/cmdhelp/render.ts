/** helpdesk's help renderers: one tree, three formats (text, md, json); llm is md. */
import type { CmdhelpCommand, CmdhelpDocument, CmdhelpFlag } from '../../spec/cmdhelp/types.js';
import { act, type HelpdeskFault, type MdSection } from './faults/fault.js';
import { BINARY, COMMANDS, GLOBAL_FLAGS, SCHEMAS, SUMMARY, VERSION } from './tree.js';

export interface View {
  /** The scope's path ('' for the root). */
  readonly scope: string;
  /** Commands shown, in tree order, each with `detail` true for full detail. */
  readonly entries: readonly { path: string; detail: boolean }[];
}

const level = (path: string) => (path === '' ? 0 : path.split(' ').length);
const childrenOf = (path: string) =>
  Object.keys(COMMANDS).filter(
    (p) => (path === '' ? true : p.startsWith(`${path} `)) && level(p) === level(path) + 1,
  );
export const isCommand = (path: string) => Object.hasOwn(COMMANDS, path);
export const isLeaf = (path: string) => isCommand(path) && childrenOf(path).length === 0;
/** The view shows one leaf, in full (no tree to list above it). */
export const isLeafScope = (v: View) => v.entries.length === 1 && v.entries[0]!.path === v.scope;

/** What `help <scope> --depth <depth>` shows (§4): a leaf in full; a tree or subtree N levels in full, one more in summary. */
export function view(
  scope: string,
  depth: number | undefined,
  faults: readonly HelpdeskFault[],
): View {
  const d = act(faults, 'expand', depth ?? 0, scope);
  const clean = (): View => {
    if (scope !== '' && isLeaf(scope)) return { scope, entries: [{ path: scope, detail: true }] };
    const entries: { path: string; detail: boolean }[] = [];
    const walk = (path: string) => {
      for (const child of childrenOf(path)) {
        const rel = level(child) - level(scope);
        entries.push({ path: child, detail: rel <= d });
        if (rel <= d) walk(child);
      }
    };
    walk(scope);
    return { scope, entries };
  };
  return act(faults, 'view', clean(), d);
}

/** The command's examples as this run renders them (faults change the canonical set, for md and json alike). */
function examplesOf(
  path: string,
  faults: readonly HelpdeskFault[],
): { cmd: string; note?: string }[] {
  return act(
    faults,
    'examples',
    (COMMANDS[path]?.examples ?? []).map((e) => ({ ...e })),
    path,
  );
}

function withQueues(
  flags: Record<string, CmdhelpFlag> | undefined,
  queues: readonly string[],
): Record<string, CmdhelpFlag> | undefined {
  if (!flags) return undefined;
  return Object.fromEntries(
    Object.entries(flags).map(([name, flag]) => [
      name,
      flag.enum_source ? { ...flag, enum: [...queues] } : flag,
    ]),
  );
}

function detailed(
  path: string,
  queues: readonly string[],
  faults: readonly HelpdeskFault[],
): CmdhelpCommand {
  const command = COMMANDS[path]!;
  const out: CmdhelpCommand = { ...command };
  const flags = withQueues(command.flags, queues);
  if (flags) out.flags = flags;
  if (command.args)
    out.args = command.args.map((a) => (a.enum_source ? { ...a, enum: [...queues] } : a));
  if (command.examples) out.examples = examplesOf(path, faults);
  return out;
}

export function renderJson(
  v: View,
  queues: readonly string[],
  faults: readonly HelpdeskFault[],
): string {
  const doc: CmdhelpDocument = {
    cmdhelp_version: '0.1',
    binary: BINARY,
    version: VERSION,
    summary: SUMMARY,
    homepage: 'https://example.invalid/helpdesk',
    global_flags: GLOBAL_FLAGS,
    commands: Object.fromEntries(
      v.entries.map(({ path, detail }) => [
        path,
        detail ? detailed(path, queues, faults) : { summary: COMMANDS[path]!.summary },
      ]),
    ),
    ...(v.entries.some((e) => e.detail && COMMANDS[e.path]!.stdout?.json_schema_ref)
      ? { schemas: SCHEMAS }
      : {}),
    context: { workspace: 'acme', profile: 'default', auth: 'logged in', queues: [...queues] },
  };
  return `${JSON.stringify(act(faults, 'json', doc), null, 2)}\n`;
}

const cell = (v: unknown) => (v === undefined ? '' : String(v).replace(/\|/g, '\\|'));

function mdCommand(
  path: string,
  queues: readonly string[],
  faults: readonly HelpdeskFault[],
): string[] {
  const c = detailed(path, queues, faults);
  const sections: MdSection[] = [];
  const argsUsage = (c.args ?? [])
    .map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`))
    .join(' ');
  sections.push([
    'Synopsis',
    [`\`${BINARY} ${path}${argsUsage ? ` ${argsUsage}` : ''}${c.flags ? ' [flags]' : ''}\``],
  ]);
  if (c.args?.length)
    sections.push([
      'Arguments',
      [
        '| name | type | required | description |',
        '|---|---|---|---|',
        ...c.args.map(
          (a) =>
            `| ${a.name} | ${a.type} | ${a.required ? 'yes' : 'no'} | ${cell(a.description)} |`,
        ),
      ],
    ]);
  if (c.flags) {
    const rows = Object.entries(c.flags).map(
      ([name, f]) =>
        `| --${name}${f.negate_flag ? `, ${f.negate_flag}` : ''} | ${f.type}${f.enum ? ` (${f.enum.join(', ')})` : ''} | ${cell(f.default)} | ${cell(f.description)} |`,
    );
    sections.push([
      'Flags',
      ['| flag | type | default | description |', '|---|---|---|---|', ...rows],
    ]);
  }
  if (c.stdin?.accepted) sections.push(['Stdin', [`Accepted (${c.stdin.format ?? 'text'}).`]]);
  if (c.examples?.length) {
    const examples = act(faults, 'mdExamples', c.examples, path);
    sections.push([
      'Examples',
      ['```bash', ...examples.flatMap((e) => [...(e.note ? [`# ${e.note}`] : []), e.cmd]), '```'],
    ]);
  }
  if (c.stdout)
    sections.push([
      'Output',
      [
        `Text: \`${c.stdout.text_template ?? ''}\`${c.stdout.json_schema_ref ? `; JSON: ${c.stdout.json_schema_ref}` : ''}.`,
      ],
    ]);
  const dynamic =
    Object.values(c.flags ?? {}).some((f) => f.enum_source) ||
    (c.args ?? []).some((a) => a.enum_source);
  if (dynamic)
    sections.push([
      'Workspace context',
      [`Workspace: acme. Available queues: ${queues.join(', ')}.`],
    ]);
  if (c.see_also?.length)
    sections.push(['See also', c.see_also.map((s) => `- \`${BINARY} ${s}\``)]);
  return [
    `## \`${BINARY} ${path}\``,
    '',
    c.summary,
    '',
    ...act(faults, 'mdSections', sections).flatMap(([title, body]) => [
      `### ${title}`,
      '',
      ...body,
      '',
    ]),
  ];
}

export function renderMd(
  v: View,
  queues: readonly string[],
  faults: readonly HelpdeskFault[],
  generated: string,
): string {
  const lines = [
    '---',
    'cmdhelp_version: "0.1"',
    `binary: ${BINARY}`,
    `version: ${VERSION}`,
    `generated: ${generated}`,
    '---',
    '',
  ];
  if (!isLeafScope(v)) {
    lines.push(
      `# \`${BINARY}${v.scope ? ` ${v.scope}` : ''}\``,
      '',
      v.scope ? COMMANDS[v.scope]!.summary : SUMMARY,
      '',
    );
    for (const e of v.entries)
      lines.push(
        `${'  '.repeat(level(e.path) - level(v.scope) - 1)}- \`${BINARY} ${e.path}\` — ${COMMANDS[e.path]!.summary}`,
      );
    lines.push('');
  }
  for (const e of v.entries)
    if (
      e.detail &&
      (COMMANDS[e.path]!.flags || COMMANDS[e.path]!.args || COMMANDS[e.path]!.examples)
    )
      lines.push(...mdCommand(e.path, queues, faults));
  return `${act(faults, 'md', lines, v).join('\n').trimEnd()}\n`;
}

export function renderText(v: View, queues: readonly string[]): string {
  const lines = [
    `${SUMMARY}`,
    '',
    `Usage: ${BINARY} ${v.scope ? `${v.scope} ` : ''}<command> [flags]`,
    '',
    'Commands:',
  ];
  for (const e of v.entries) {
    lines.push(`  ${e.path.padEnd(16)} ${COMMANDS[e.path]!.summary}`);
    if (e.detail) {
      const c = COMMANDS[e.path]!;
      for (const [name, f] of Object.entries(c.flags ?? {}))
        lines.push(
          `      --${name.padEnd(12)} ${f.description ?? ''}${f.enum_source ? ` (${queues.join(', ')})` : ''}`,
        );
    }
  }
  lines.push(
    '',
    `Run "${BINARY} help <command>" for more; "${BINARY} help --format md|json" for LLMs.`,
  );
  return `${lines.join('\n')}\n`;
}
