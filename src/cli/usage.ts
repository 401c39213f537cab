import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { TOOL } from '../report/meta.js';
import { usageText } from '../report/usage-text.js';
import { parseShard, type Shard } from '../shard.js';
import { shellWords } from '../shell-words.js';
import {
  flagRange,
  parseOptions,
  SUMMARY,
  USAGE_FORMS,
  USAGE_OPTION_SECTIONS,
  VERBS,
  type Verb,
  type VerbName,
} from './surface.js';

export { InputError, ioReason, UsageError } from '../errors.js';

/** A verb's flags (from the table) and its one optional FILE; bad flags are usage errors (--help is answered before: asksVerbHelp). */
export function parseFileArgs(
  verb: 'check' | 'manifest',
  args: string[],
): { values: Record<string, string | string[] | boolean | undefined>; file: string | undefined } {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: parseOptions(verb) });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed as {
    values: Record<string, string | string[] | boolean | undefined>;
    positionals: string[];
  };
  if (positionals.length > 1)
    throw new UsageError(`${verb} takes one FILE (or -), got ${positionals.length}`);
  return { values, file: positionals[0] };
}

/**
 * The value of an int flag of the table, checked against its declared range (surface.ts): undefined when the
 * flag was not given; a usage error naming the range when it is not an integer in it.
 */
export function intFlag(verb: VerbName, flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const range = flagRange(verb, flag);
  if (range === undefined)
    throw new Error(`intFlag: ${verb} --${flag} declares no range in surface.ts`);
  const [min, max] = range;
  const value = Number(raw);
  // Number('') is 0 and Number('0x10') is 16: only decimal digits count as an integer.
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(
      `--${flag} must be an integer from ${min} to ${max}, got "${raw.slice(0, 64)}"`,
    );
  }
  return value;
}

/** `--shard I/N`, parsed; a usage error that says what is wrong. */
export function shardFlag(raw: string | undefined): Shard | undefined {
  if (raw === undefined) return undefined;
  try {
    return parseShard(raw);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A verb's parsed flags: strings for valued flags (lists when repeatable), booleans for the others. */
export type FlagValues = Record<string, string | string[] | boolean | undefined>;

/** Flags whose value is itself a flag (`--machine-flag "--format jsonl"`), which parseArgs would take for a missing value. */
const DASH_VALUED = ['--machine-flag'];

/**
 * A verb whose program follows `--` (lint, contract, compat, consumer, runner): its own flags, by the table's options, and the
 * program's words (undefined without `--`). `--machine-flag --format jsonl` is the flag and its value, as meant.
 */
export function parseProgramVerb(
  verb: VerbName,
  args: readonly string[],
  named = false,
): { values: FlagValues; program: string[] | undefined } {
  const dashes = args.indexOf('--');
  const own = dashes === -1 ? args : args.slice(0, dashes);
  const joined: string[] = [];
  for (let i = 0; i < own.length; i++)
    joined.push(
      DASH_VALUED.includes(own[i]!) && i + 1 < own.length ? `${own[i]}=${own[++i]}` : own[i]!,
    );
  try {
    const { values } = parseArgs({ args: joined, strict: true, options: parseOptions(verb) });
    return {
      values: values as FlagValues,
      program: dashes === -1 ? undefined : args.slice(dashes + 1),
    };
  } catch (error) {
    // `lint mytool` (no `--`): the program is a word parseArgs does not expect.
    if (
      verb === 'lint' &&
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
    )
      throw new UsageError(
        `lint needs the program after --: aoi-testkit lint [options] -- <program> [args...] (${(error as Error).message})`,
      );
    // contract and compat name themselves; lint, consumer and runner as they always did, main adds the flag hint.
    throw new UsageError(`${named ? `${verb}: ` : ''}${(error as Error).message}`);
  }
}

/** A flag's value as the words of a command line (`--invoke "list --limit 2"`); empty is a usage error. */
export function wordsFlag(flag: string, line: string): string[] {
  const argv = shellWords(line);
  if (argv.length === 0) throw new UsageError(`--${flag} needs a command, got an empty string`);
  return argv;
}

/**
 * The flags every verb that runs a program shares (lint, contract, compat), as the library's options: how each
 * run is made (`--env`, `--timeout-ms`, `--max-output-bytes`) and how discovery asks (`--machine-flag`,
 * `--schema-command`, `--exec-manifest`).
 */
export function programFlags(verb: VerbName, values: FlagValues) {
  const text = (flag: string) => values[flag] as string | undefined;
  const env: Record<string, string> = {};
  for (const pair of (values.env as string[] | undefined) ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--env takes NAME=VALUE, got "${pair.split('=')[0]}…"`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const timeoutMs = intFlag(verb, 'timeout-ms', text('timeout-ms'));
  const maxOutputBytes = intFlag(verb, 'max-output-bytes', text('max-output-bytes'));
  const machineFlag = text('machine-flag');
  const schemaCommand = text('schema-command');
  const execManifest = text('exec-manifest');
  return {
    ...(Object.keys(env).length > 0 ? { env } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxOutputBytes !== undefined ? { maxOutputBytes } : {}),
    // Empty is meaningful: an AOI-only tool needs no flag for machine mode.
    ...(machineFlag !== undefined ? { machineFlag: shellWords(machineFlag) } : {}),
    ...(schemaCommand !== undefined
      ? { schemaCommand: wordsFlag('schema-command', schemaCommand) }
      : {}),
    ...(execManifest !== undefined
      ? { execManifest: wordsFlag('exec-manifest', execManifest) }
      : {}),
  };
}

/** The usage text (`aoi-testkit --help`, `help` in text): the forms of the table, then the options of lint and check. */
export const HELP = usageText({
  summary: SUMMARY,
  tool: TOOL,
  forms: [...USAGE_FORMS, { synopsis: '--help | --version (-v)', text: '' }],
  sections: USAGE_OPTION_SECTIONS.map((name) => ({
    name,
    flags: (VERBS[name] as Verb).flags ?? {},
  })),
  footer: `Every verb takes --schema-version 1 (the only major version of the kit's events).
Exit status: 0 conformant (manifest: valid; or only failures --baseline knows), 1 a rule failed or a --baseline entry is stale,
64 usage error, 65 lint setup failed or an invalid --exec-plan or --baseline, 66 input unreadable or the program not found,
69 the program cannot start, 73 a report file unwritable.
Rules: node_modules/aoi-testkit/docs/rules/<RULE-ID>.md
`,
});
