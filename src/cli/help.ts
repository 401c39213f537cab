/**
 * `aoi-testkit help [path…] [--format text|md|json|llm] [--depth N]` and `help --capabilities` (cmdhelp v0.1).
 * COMMANDS is the kit CLI's command tree as data: the one source of truth that `help` renders to md and json
 * (and to text for one command), and that `exec manifest` (exec.ts) reads its flags from. The root in text is
 * the usage text of usage.ts (HELP), which `aoi-testkit --help` prints too; test/integration/cli-cmdhelp.test.ts
 * keeps the two in step and runs the examples below.
 */
import { SCENARIO_KINDS, SCENARIO_SPECS } from '../corpus/kinds.js';
import type { CmdhelpCommand, CmdhelpDocument, CmdhelpFlag } from '../spec/cmdhelp/types.js';
import { TOOL, TOOL_VERSION } from './emitter.js';
import { HELP, UsageError } from './usage.js';

export const CMDHELP_CAPABILITY = 'cmdhelp/0.1: text, md, json, llm';
const FORMATS = ['text', 'md', 'json', 'llm'] as const;
const SUMMARY = 'aoi-testkit — the reference test kit for agent-operable CLIs (AOI-CLI v0.2)';

const output = (values: string[], dflt: string): CmdhelpFlag => ({ type: 'enum', enum: values, default: dflt, description: `Output format (also --format): ${values.join(' or ')}` });
const STRICT: CmdhelpFlag = { type: 'bool', description: 'Treat warnings as failures' };
const COLOR: CmdhelpFlag = { type: 'bool', negate_flag: '--no-color', description: 'Colour in text output (default: when stdout is a terminal; --no-color or NO_COLOR turn it off)' };
const USAGE_EXIT = { when: 'usage error', recovery: 'Run aoi-testkit help <command> and fix the flags' };
const INPUT_EXIT = { when: 'the input file is missing or unreadable', recovery: 'Check the path' };

export const GLOBAL_FLAGS: Record<string, CmdhelpFlag> = {
  'schema-version': { type: 'enum', enum: ['1'], description: 'Major version of the kit’s own events (only 1 exists); not taken by fake' },
};

/** The kit CLI's commands, keyed by path (all leaves). Every example is a real invocation (the test runs the self-contained ones). */
export const COMMANDS: Record<string, CmdhelpCommand> = {
  check: {
    summary: 'Check a recorded machine-mode stream against the AOI stream rules.',
    args: [{ name: 'file', type: 'path', required: false, description: 'The recorded stream (JSONL); - or none: stdin' }],
    flags: {
      output: output(['text', 'jsonl'], 'text'),
      unbounded: { type: 'bool', description: 'The stream is from an unbounded command (watch, tail)' },
      strict: STRICT,
      'exit-code': { type: 'int', description: 'The exit status of the process that wrote the stream' },
      signal: { type: 'string', description: 'The signal that ended it (e.g. SIGKILL)' },
      'expect-schema-version': { type: 'string', description: 'The schema version the producer was asked for (AOI-13)' },
      color: COLOR,
    },
    stdin: { accepted: true, format: 'application/jsonl' },
    stdout: { text_template: 'aoi-testkit check {file}: {lines} line(s), {events} event(s)', json_schema_ref: 'aoi-testkit schema --output json' },
    exit_codes: { '0': 'conformant', '1': { when: 'a rule failed', recovery: 'Read the failing aoi:check and docs/rules/<RULE-ID>.md' }, '64': USAGE_EXIT, '66': INPUT_EXIT },
    examples: [
      { cmd: 'aoi-testkit check run.jsonl --exit-code 0', note: 'judge a recorded stream and the exit status that ended it' },
      { cmd: 'aoi-testkit check - --output jsonl --strict', note: 'the stream on stdin, the answer as AOI JSONL, warnings fail' },
    ],
    see_also: ['lint', 'exec'],
    stability: 'stable',
  },
  lint: {
    summary: 'Judge a live CLI: the 13 AOI rules, cmdhelp, exec, or an Agent Application (default: what it supports).',
    args: [
      { name: 'program', type: 'path', description: 'The program to probe, after -- (not needed with --app-dir alone)' },
      { name: 'args', type: 'string', repeatable: true, description: 'Its arguments' },
    ],
    flags: {
      spec: { type: 'string', repeatable: true, description: 'aoi, cmdhelp, exec, app or all, comma-separated or repeated (default: detect and say what was found)' },
      'exec-plan': { type: 'path', description: 'JSON lines exec is driven with: {ok, failing, inspect, bulk, mutating?, bareFlag?, valuedFlag?} (default: a plan built from the manifest’s safe commands)' },
      'exec-manifest': { type: 'string', description: 'The words that print the dispatch manifest (default: manifest --output json, else exec manifest --output json if help exec documents it)' },
      'exec-envelope': { type: 'enum', enum: ['either', 'meta', 'top-level'], default: 'either', description: 'Where exec envelopes must carry _cmd and _line' },
      'app-dir': { type: 'path', description: 'The Agent Application package (default: an APP.md in the cwd or the program’s package)' },
      'app-setup': { type: 'string', repeatable: true, description: 'An app invocation run first (default: the first add/create invocation the APP.md body documents)' },
      'app-read': { type: 'string', description: 'The app’s read invocation (default: its first command outside confirmationRequired)' },
      invoke: { type: 'string', repeatable: true, description: 'A command to probe (default: those capabilities lists)' },
      setup: { type: 'string', repeatable: true, description: 'Run once to seed the state each probe starts a copy of' },
      env: { type: 'string', repeatable: true, format: 'NAME=VALUE', description: 'Set for every run (values never printed)' },
      only: { type: 'string', repeatable: true, description: 'Judge only this rule (AOI-nn, CMDHELP-nn, EXEC-nn, APP-nn)' },
      'timeout-ms': { type: 'int', default: 10000, description: 'Per-run timeout' },
      strict: STRICT,
      output: output(['text', 'jsonl'], 'text'),
      color: COLOR,
    },
    exit_codes: { '0': 'conformant', '1': { when: 'a rule failed' }, '64': USAGE_EXIT, '65': { when: 'lint setup failed, or the --exec-plan is invalid', recovery: 'Check the --setup commands and the plan' }, '66': { when: 'the program or a file cannot be found' } },
    examples: [
      { cmd: 'aoi-testkit lint --output jsonl -- aoi-testkit fake well-behaved', note: 'lint the reference tool' },
      { cmd: 'aoi-testkit lint --spec cmdhelp -- helpdesk', note: 'only the cmdhelp rules' },
      { cmd: 'aoi-testkit lint --spec exec --exec-envelope meta -- aoi-testkit', note: 'the kit’s own exec, _cmd and _line in meta only' },
      { cmd: 'aoi-testkit lint --only AOI-06 --invoke "list" -- notes', note: 'one rule, one command' },
      { cmd: 'aoi-testkit lint --app-dir fixtures/apps/todo --app-setup "add \'Probe item\'"', note: 'an Agent Application, seeded with one item' },
    ],
    see_also: ['check', 'fake'],
    stability: 'stable',
  },
  fake: {
    summary: 'Run a reference tool (notes; helpdesk, for cmdhelp) or a fake agent CLI with faults, as a real process.',
    args: [
      { name: 'preset', type: 'string', required: false, description: 'A preset (fake --list names them) or a scenario id of any kind but app (aoi-testkit scenarios)' },
      { name: 'args', type: 'string', repeatable: true, description: 'The fake’s own arguments (after an optional --)' },
    ],
    flags: {
      seed: { type: 'int', description: 'Make random faults repeat' },
      fault: { type: 'string', repeatable: true, format: 'ID[=JSON]', description: 'Add a fault (before the preset)' },
      env: { type: 'string', repeatable: true, format: 'NAME=VALUE', description: 'Set a variable of notes’ environment, e.g. NOTES_BACKEND (before the preset)' },
      list: { type: 'bool', description: 'List the presets' },
    },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [
      { cmd: 'aoi-testkit fake --list', note: 'the presets' },
      { cmd: 'aoi-testkit fake well-behaved -- list --output jsonl', note: 'the well-behaved notes, listing its notes' },
      { cmd: 'aoi-testkit fake helpdesk.depth-unbounded -- help --format json --depth 1', note: 'helpdesk, expanding the whole tree at depth 1' },
      { cmd: 'aoi-testkit fake backend.rate-limited -- sync --output jsonl', note: 'a corpus scenario: notes sync against a backend answering 429' },
    ],
    see_also: ['lint', 'scenarios'],
    stability: 'stable',
  },
  scenarios: {
    summary: 'List the shipped scenario corpus: every live fake of every spec, with its expected verdict.',
    flags: {
      kind: { type: 'enum', enum: [...SCENARIO_KINDS], description: 'Only this kind' },
      spec: { type: 'enum', enum: [...SCENARIO_SPECS], description: 'Only the scenarios of this spec (aoi: stream and lint)' },
      output: output(['text', 'jsonl'], 'text'),
    },
    stdout: { text_template: '{id}  {kind}  {spec}  {verdict}' },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [
      { cmd: 'aoi-testkit scenarios --kind lint --output jsonl', note: 'the lint scenarios as AOI JSONL' },
      { cmd: 'aoi-testkit scenarios --spec exec', note: 'the exec scenarios, one line each' },
    ],
    see_also: ['fake'],
    stability: 'stable',
  },
  manifest: {
    summary: 'Validate an AGENT-CLI.md (AIP-45, rules AGENTCLI-01…12).',
    args: [{ name: 'file', type: 'path', required: false, description: 'The AGENT-CLI.md; - or none: stdin' }],
    flags: { strict: STRICT, output: output(['text', 'jsonl'], 'text') },
    stdin: { accepted: true, format: 'text/markdown' },
    exit_codes: { '0': 'valid', '1': { when: 'not a valid AGENT-CLI.md' }, '64': USAGE_EXIT, '65': { when: 'input too large' }, '66': INPUT_EXIT },
    examples: [{ cmd: 'aoi-testkit manifest AGENT-CLI.md --strict', note: 'validate a manifest' }],
    see_also: ['exec'],
    stability: 'stable',
  },
  schema: {
    summary: 'Print the JSON Schema of the kit’s own events.',
    flags: { output: output(['json'], 'json') },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [{ cmd: 'aoi-testkit schema --output json' }],
    stability: 'stable',
  },
  capabilities: {
    summary: 'Print the kit’s AOI capabilities manifest (AOI §17).',
    flags: { output: output(['json'], 'json') },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [{ cmd: 'aoi-testkit capabilities --output json' }],
    stability: 'stable',
  },
  help: {
    summary: 'Print this help (cmdhelp v0.1): text, md, json or llm.',
    args: [{ name: 'command', type: 'string', repeatable: true, description: 'The command to show in full' }],
    flags: {
      format: { type: 'enum', enum: [...FORMATS], default: 'text', description: 'text for people; md (or llm) and json for LLMs' },
      depth: { type: 'int', default: 0, description: 'Levels of the tree shown in full (0: summaries)' },
      capabilities: { type: 'bool', description: 'Print the capability line cmdhelp/0.1: …' },
    },
    exit_codes: { '0': 'ok', '64': USAGE_EXIT },
    examples: [
      { cmd: 'aoi-testkit help check --format md', note: 'one command in markdown' },
      { cmd: 'aoi-testkit help --format json --depth 1', note: 'the whole tree as a cmdhelp document' },
      { cmd: 'aoi-testkit help --capabilities' },
    ],
    stability: 'stable',
  },
  exec: {
    summary: 'Run a JSONL batch of the kit’s read-only commands in one process (batch dispatch).',
    args: [{ name: 'subcommand', type: 'enum', enum: ['manifest'], required: false, description: 'manifest: print the dispatch manifest (danger levels) instead' }],
    flags: {
      'input-file': { type: 'path', description: 'Read the batch from this file, not stdin' },
      'ignore-errors': { type: 'bool', description: 'Run every line even after one failed' },
      'dry-run': { type: 'bool', description: 'Forwarded to mutating commands (the kit has none)' },
      output: { type: 'enum', enum: ['jsonl', 'json'], default: 'jsonl', description: 'One JSON envelope per line (exec manifest: one JSON document)' },
    },
    stdin: { accepted: true, format: 'application/jsonl' },
    stdout: { text_template: '{"ok":…,"data":…,"error":…,"warnings":[],"meta":{"_cmd":…,"_line":…,"duration_ms":…}}' },
    exit_codes: {
      '0': 'every line succeeded',
      '1': { when: 'a line failed', recovery: 'Find it by meta._line' },
      '2': { when: 'the batch is malformed (DISPATCH_PARSE_ERROR); nothing ran', recovery: 'Fix the JSONL line named on stderr' },
      '64': USAGE_EXIT,
    },
    examples: [
      { cmd: 'aoi-testkit exec --input-file batch.jsonl --ignore-errors', note: 'one process, one envelope per line' },
      { cmd: 'aoi-testkit exec manifest --output json', note: 'the _cmd names and their danger levels' },
    ],
    see_also: ['check', 'manifest'],
    stability: 'experimental',
  },
};

export const isCommand = (path: string): boolean => Object.hasOwn(COMMANDS, path);
const hasDetail = (c: CmdhelpCommand) => c.flags !== undefined || c.args !== undefined || c.examples !== undefined;

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
    commands: Object.fromEntries(v.entries.map(({ path, detail }) => [path, detail ? COMMANDS[path]! : { summary: COMMANDS[path]!.summary }])),
  };
}

const cell = (v: unknown) => (v === undefined ? '' : String(v).replace(/\|/g, '\\|'));
const synopsis = (path: string, c: CmdhelpCommand) => {
  const args = (c.args ?? []).map((a) => `${a.required ? `<${a.name}>` : `[${a.name}]`}${a.repeatable ? '...' : ''}`);
  if (path === 'lint') args.unshift('--');
  return `${TOOL} ${path}${c.flags ? ' [flags]' : ''}${args.length ? ` ${args.join(' ')}` : ''}`;
};
const flagType = (f: CmdhelpFlag) => `${f.type}${f.enum ? ` (${f.enum.join(', ')})` : ''}${f.repeatable ? ', repeatable' : ''}`;
const exitLine = ([code, e]: [string, CmdhelpCommand['exit_codes'] extends Record<string, infer E> | undefined ? E : never]) =>
  typeof e === 'string' ? `${code}: ${e}` : `${code}: ${e.when}${e.recovery ? ` (${e.recovery})` : ''}`;

function mdCommand(path: string): string[] {
  const c = COMMANDS[path]!;
  const sections: [string, string[]][] = [['Synopsis', [`\`${synopsis(path, c)}\``]]];
  if (c.args?.length) sections.push(['Arguments', ['| name | type | required | description |', '|---|---|---|---|', ...c.args.map((a) => `| ${a.name} | ${flagType(a as CmdhelpFlag)} | ${a.required ? 'yes' : 'no'} | ${cell(a.description)} |`)]]);
  if (c.flags) {
    const rows = Object.entries(c.flags).map(([name, f]) => `| --${name}${f.negate_flag ? `, ${f.negate_flag}` : ''} | ${cell(flagType(f))} | ${cell(f.default)} | ${cell(f.description)} |`);
    sections.push(['Flags', ['| flag | type | default | description |', '|---|---|---|---|', ...rows]]);
  }
  if (c.stdin?.accepted) sections.push(['Stdin', [`Accepted (${c.stdin.format ?? 'text'}).`]]);
  if (c.examples?.length) sections.push(['Examples', ['```bash', ...c.examples.flatMap((e) => [...(e.note ? [`# ${e.note}`] : []), e.cmd]), '```']]);
  const out = [...(c.stdout ? [`Text: \`${c.stdout.text_template ?? ''}\`${c.stdout.json_schema_ref ? `; JSON schema: \`${c.stdout.json_schema_ref}\`` : ''}.`] : []), ...Object.entries(c.exit_codes ?? {}).map((e) => `- exit ${exitLine(e)}`)];
  if (out.length) sections.push(['Output', out]);
  if (c.see_also?.length) sections.push(['See also', c.see_also.map((s) => `- \`${TOOL} ${s}\``)]);
  return [`## \`${TOOL} ${path}\``, '', c.summary, '', ...sections.flatMap(([title, body]) => [`### ${title}`, '', ...body, ''])];
}

function renderMd(v: View, generated: string): string {
  const lines = ['---', 'cmdhelp_version: "0.1"', `binary: ${TOOL}`, `version: ${TOOL_VERSION}`, `generated: ${generated}`, '---', ''];
  if (v.scope === '') {
    lines.push(`# \`${TOOL}\``, '', SUMMARY, '');
    for (const e of v.entries) lines.push(`- \`${TOOL} ${e.path}\` — ${COMMANDS[e.path]!.summary}`);
    lines.push('', `Global flags: ${Object.entries(GLOBAL_FLAGS).map(([n, f]) => `\`--${n}\` (${f.description ?? ''})`).join('; ')}.`, '');
  }
  for (const e of v.entries) if (e.detail && hasDetail(COMMANDS[e.path]!)) lines.push(...mdCommand(e.path));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Text: the root is the usage text (HELP); one command is its synopsis, arguments, flags, examples, exit codes. */
function renderText(v: View): string {
  if (v.scope === '') return HELP;
  const c = COMMANDS[v.scope]!;
  const lines = [`${TOOL} ${v.scope} — ${c.summary}`, '', `Usage: ${synopsis(v.scope, c)}`];
  if (c.args?.length) lines.push('', 'Arguments:', ...c.args.map((a) => `  ${a.name.padEnd(24)} ${a.description ?? ''}${a.required ? ' (required)' : ''}`));
  if (c.flags) lines.push('', 'Flags:', ...Object.entries(c.flags).map(([n, f]) => `  ${`--${n}${f.type === 'bool' ? '' : ` ${f.enum ? f.enum.join('|') : f.type.toUpperCase()}`}`.padEnd(24)} ${f.description ?? ''}`));
  if (c.examples?.length) lines.push('', 'Examples:', ...c.examples.map((e) => `  ${e.cmd}${e.note ? `    # ${e.note}` : ''}`));
  if (c.exit_codes) lines.push('', 'Exit status:', ...Object.entries(c.exit_codes).map((e) => `  ${exitLine(e)}`));
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
      if (!/^-?\d+$/.test(raw)) throw new UsageError(`help: --depth needs a whole number, got ${JSON.stringify(raw)}`);
      depth = Number(raw);
      if (depth < 0) throw new UsageError(`help: --depth must be 0 or more, got ${depth}`);
    } else if (name === '--capabilities') capabilities = true;
    else if (name === '--help' || name === '-h') continue;
    else if (name === '--schema-version') value(); // the kit's events' version: help prints none
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`help: unknown flag ${name} (flags: --format, --depth, --capabilities)`);
    else words.push(a);
  }
  if (capabilities) {
    process.stdout.write(`${CMDHELP_CAPABILITY}\n`);
    return 0;
  }
  const scope = words.join(' ');
  if (scope !== '' && !isCommand(scope)) throw new UsageError(`help: unknown command "${scope}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
  const chosen = format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(chosen)) throw new UsageError(`help: unknown --format "${chosen}" (supported: ${FORMATS.join(', ')})`);
  const v = view(scope, depth ?? 0);
  const generated = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const out = chosen === 'json' ? `${JSON.stringify(helpDocument(scope, depth ?? 0), null, 2)}\n` : chosen === 'text' ? renderText(v) : renderMd(v, generated);
  process.stdout.write(out);
  return 0;
}
