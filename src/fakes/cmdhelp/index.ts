/**
 * `helpdesk`, the reference cmdhelp v0.1 tool: a command tree (groups, leaves, enum flags whose values are
 * spliced from its state directory, `enum_source: dynamic:helpdesk queue list`) that passes every CMDHELP
 * check. Runs in memory (`runHelpdesk`) and as a process (`bin.ts`, `fixtures/bin/helpdesk`) from the same code.
 * Faults (faults/, one per file) make it misbehave through the hooks its renderer calls; they never change the tree.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  act,
  actOrRefuse,
  isUsage,
  type CapabilityAnswer,
  type HelpdeskFault,
} from './faults/fault.js';
import { selectFaults } from './faults/index.js';
import { isCommand, renderJson, renderMd, renderText, view } from './render.js';
import { BINARY, COMMANDS, DEFAULT_QUEUES, VERSION } from './tree.js';

export {
  HELPDESK_FAULTS,
  CMDHELP_FAULTS_ENV,
  selectFaults,
  type HelpdeskFault,
} from './faults/index.js';
export { BINARY as HELPDESK_BINARY, COMMANDS as HELPDESK_COMMANDS } from './tree.js';

export interface HelpdeskResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** A connection to try before answering (a fault's network side effect; only the process makes it). */
  reachOut?: { host: string; port: number };
}

export interface HelpdeskOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Where the workspace's queues live (`queues.json`); default: `$AOI_TESTKIT_STATE_DIR`. */
  stateDir?: string;
  /** The frontmatter's `generated` timestamp (default: now). */
  now?: () => Date;
}

const FORMATS = ['text', 'md', 'json', 'llm'];

function queuesOf(stateDir: string | undefined): string[] {
  if (!stateDir) return DEFAULT_QUEUES;
  const file = join(stateDir, 'queues.json');
  if (!existsSync(file)) return DEFAULT_QUEUES;
  try {
    const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(list) && list.every((q) => typeof q === 'string') && list.length > 0
      ? list
      : DEFAULT_QUEUES;
  } catch {
    return DEFAULT_QUEUES;
  }
}

const usage = (message: string): HelpdeskResult => ({
  stdout: '',
  stderr: `${BINARY}: ${message}\n`,
  exitCode: 2,
});

function capability(
  faults: readonly HelpdeskFault[],
  form: 'default' | 'fallback',
): HelpdeskResult {
  const clean: CapabilityAnswer = {
    version: '0.1',
    formats: 'text, md, json, llm',
    extraLines: '',
    stderr: '',
  };
  // The first fault in the catalogue that changes a part of the line wins it: later ones are applied first.
  const answer = faults.reduceRight<CapabilityAnswer>(
    (line, fault) => ({ ...line, ...fault.capability?.(form) }),
    clean,
  );
  const reach = faults.find((f) => f.capabilityReach)?.capabilityReach?.();
  return {
    stdout: `cmdhelp/${answer.version}: ${answer.formats}\n${answer.extraLines}`,
    stderr: answer.stderr,
    exitCode: 0,
    ...(reach ? { reachOut: reach } : {}),
  };
}

/** Run helpdesk in memory: argv (without the program) in, stdout, stderr and exit code out. Never throws on bad input. */
export function runHelpdesk(
  argv: readonly string[],
  options: HelpdeskOptions = {},
): HelpdeskResult {
  const env = options.env ?? {};
  let faults: readonly HelpdeskFault[];
  let args: string[];
  try {
    ({ faults, argv: args } = selectFaults(argv, env));
  } catch (error) {
    return usage((error as Error).message);
  }
  const stateDir = options.stateDir ?? env.AOI_TESTKIT_STATE_DIR;
  const workspaceQueues = queuesOf(stateDir);
  const queues = [...act(faults, 'helpQueues', workspaceQueues)];
  if (args.includes('--cmdhelp-capabilities')) return capability(faults, 'fallback');
  if (args[0] === '--version') return { stdout: `${BINARY} ${VERSION}\n`, stderr: '', exitCode: 0 };

  // Flags of help: --format, --depth, --capabilities, --help; global flags are accepted and ignored.
  let format: string | undefined;
  let depth: number | undefined;
  let helpFlag = false;
  let capabilities = false;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [name, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const value = () => inline ?? args[++i];
    if (name === '--format') format = value();
    else if (name === '--depth') {
      const raw = value();
      if (raw === undefined || !/^-?\d+$/.test(raw))
        return usage(`--depth needs a whole number, got ${JSON.stringify(raw ?? '')}`);
      const asked = actOrRefuse(faults, 'depthFlag', Number(raw));
      if (isUsage(asked)) return usage(asked.usage);
      if (asked < 0) return usage(`--depth must be 0 or more, got ${asked}`);
      depth = asked;
    } else if (name === '--capabilities') capabilities = true;
    else if (name === '--help' || name === '-h') helpFlag = true;
    else if (name === '--profile') value();
    else if (name === '--verbose' || name === '-v') {
      // A bool flag is a presence switch (§5.3): a value is refused.
      if (inline !== undefined && !act(faults, 'boolValue', false, 'verbose'))
        return usage(`--verbose takes no value, got "${inline}"`);
    } else words.push(a);
  }
  const isHelp = words[0] === 'help';
  if (isHelp && capabilities) return capability(faults, 'default');
  if (!isHelp && !helpFlag) {
    if (words.length === 0)
      return { stdout: '', stderr: renderText(view('', 0, faults), queues), exitCode: 2 };
    return runCommand(words, workspaceQueues);
  }
  // `<leaf> --flag --help`: the leaf's own flags are parsed (and refused when wrong) before its help is shown.
  const leafFlags = isHelp ? [] : words.filter((w) => w.startsWith('-'));
  const scopeWords = isHelp ? words.slice(1) : words.filter((w) => !w.startsWith('-'));
  let scope = '';
  for (const w of scopeWords) {
    const next = scope ? `${scope} ${w}` : w;
    if (!isCommand(next)) break;
    scope = next;
  }
  if (scope.split(' ').filter(Boolean).length !== scopeWords.length)
    return usage(`unknown command "${scopeWords.join(' ')}" (try: ${BINARY} help)`);
  for (const word of leafFlags) {
    const [name, inline] = word.includes('=')
      ? [word.slice(2, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
      : [word.slice(2), undefined];
    const flag = COMMANDS[scope]?.flags?.[name];
    if (!flag) return usage(`unknown flag --${name} for "${scope}"`);
    if (flag.type === 'bool' && inline !== undefined && !act(faults, 'boolValue', false, name))
      return usage(`--${name} takes no value, got "${inline}"`);
  }
  const answered = actOrRefuse(faults, 'format', format ?? act(faults, 'defaultFormat', 'text'));
  if (isUsage(answered)) return usage(answered.usage);
  let chosen = answered;
  if (!FORMATS.includes(chosen)) {
    const fallback = faults.find((f) => f.unknownFormat)?.unknownFormat?.();
    if (fallback === undefined)
      return usage(`unknown --format "${chosen}" (supported: ${FORMATS.join(', ')})`);
    chosen = fallback;
  }
  const v = view(scope, depth, faults);
  const generated = (options.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const md = () => renderMd(v, queues, faults, generated);
  const stdout =
    chosen === 'json'
      ? renderJson(v, queues, faults)
      : chosen === 'md' || chosen === 'llm'
        ? isHelp
          ? md()
          : act(faults, 'helpFlagMd', md())
        : renderText(v, queues);
  return { stdout, stderr: '', exitCode: 0 };
}

/** The tool's own commands: enough to be real (they answer), no more. */
function runCommand(words: readonly string[], queues: readonly string[]): HelpdeskResult {
  const path = words.slice(0, 2).join(' ');
  if (path === 'queue list') return { stdout: `${queues.join('\n')}\n`, stderr: '', exitCode: 0 };
  if (words[0] === 'status')
    return {
      stdout: 'workspace: acme\nprofile: default\nauth: logged in\n',
      stderr: '',
      exitCode: 0,
    };
  if (isCommand(path) && path.includes(' '))
    return { stdout: `${path}: ok\n`, stderr: '', exitCode: 0 };
  return usage(`unknown command "${words.join(' ')}" (try: ${BINARY} help)`);
}
