/**
 * `aoi-testkit help [path…] [--format text|md|json|llm] [--depth N]` and `help --capabilities` (cmdhelp v0.1).
 * COMMANDS is the kit CLI's command tree, the cmdhelp view of the verbs table (surface.ts), as a cmdhelp document
 * that report/cmdhelp.ts renders to md (and to text for one command). The root in text is the usage text of usage.ts (HELP), which
 * `aoi-testkit --help` prints too; test/integration/cli-cmdhelp.test.ts keeps the two in step and runs the
 * table's examples.
 */
import { parseArgs } from 'node:util';
import type { CmdhelpCommand, CmdhelpDocument } from '../spec/cmdhelp/types.js';
import { cmdhelpMarkdown, cmdhelpText } from '../report/cmdhelp.js';
import { TOOL, TOOL_VERSION } from '../report/meta.js';
import {
  cmdhelpCommand,
  GLOBAL_FLAGS,
  HELP_FORMATS,
  parseOptions,
  SUMMARY,
  VERBS,
  type VerbName,
} from './surface.js';
import { HELP, intFlag, UsageError } from './usage.js';

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
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: true,
      options: { ...parseOptions('help'), help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    // A bool flag is a presence switch (cmdhelp §5.3): `--capabilities=false` must not print the line.
    const valued = /^Option '(--[\w-]+)' does not take an argument/.exec((error as Error).message);
    throw new UsageError(
      `help: ${valued ? `${valued[1]} takes no value` : (error as Error).message}`,
    );
  }
  const { values, positionals: words } = parsed as {
    values: Record<string, string | boolean | undefined>;
    positionals: string[];
  };
  let depth;
  try {
    depth = intFlag('help', 'depth', values.depth as string | undefined);
  } catch (error) {
    throw new UsageError(`help: ${(error as Error).message}`);
  }
  const format = (values.format ?? values.output) as string | undefined;
  if (values.capabilities === true) {
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
