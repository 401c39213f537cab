/**
 * `aoi-testkit help [path…] [--format text|md|json|llm] [--depth N]` and `help --capabilities` (cmdhelp v0.1).
 * COMMANDS is the kit CLI's command tree, the cmdhelp view of the verbs table (surface.ts), as a cmdhelp document
 * that report/cmdhelp.ts renders to md (and to text for one command). The root in text is the usage text of usage.ts (HELP), which
 * `aoi-testkit --help` prints too; test/integration/cli-cmdhelp.test.ts keeps the two in step and runs the
 * table's examples.
 */
import type { CmdhelpCommand, CmdhelpDocument } from '../spec/cmdhelp/types.js';
import { cmdhelpMarkdown, cmdhelpText } from '../report/cmdhelp.js';
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

/**
 * The cmdhelp JSON document of a scope (also what `exec` answers for a `help` line, and what `help` renders):
 * a command in full; the root with its commands in full from `--depth 1` (§4; the tree is one level deep).
 */
export function helpDocument(scope = '', depth = 0): CmdhelpDocument {
  const paths = scope === '' ? Object.keys(COMMANDS) : [scope];
  const full = scope !== '' || depth >= 1;
  return {
    cmdhelp_version: '0.1',
    binary: TOOL,
    version: TOOL_VERSION,
    summary: SUMMARY,
    homepage: 'https://www.npmjs.com/package/aoi-testkit',
    global_flags: GLOBAL_FLAGS,
    commands: Object.fromEntries(
      paths.map((path) => [path, full ? COMMANDS[path]! : { summary: COMMANDS[path]!.summary }]),
    ),
  };
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
  const doc = helpDocument(scope, depth ?? 0);
  const generated = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  // The root in text is the usage text (HELP); lint's program comes after `--`.
  const options = { afterDashDash: ['lint'] };
  const out =
    chosen === 'json'
      ? `${JSON.stringify(doc, null, 2)}\n`
      : chosen === 'text'
        ? scope === ''
          ? HELP
          : cmdhelpText(doc, scope, options)
        : cmdhelpMarkdown(doc, scope, generated, options);
  process.stdout.write(out);
  return 0;
}
