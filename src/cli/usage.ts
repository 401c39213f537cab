import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { TOOL } from '../report/meta.js';
import { parseShard, type Shard } from '../shard.js';
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

/** The usage text (`aoi-testkit --help`, `help` in text): the forms of the table, then the options of lint and check. */
export const HELP = `${SUMMARY}

Usage:
${USAGE_FORMS.map((form) => column(`  ${TOOL} ${form.synopsis}`, 41, 1, form.text)).join('')}  ${TOOL} --help | --version (-v)
${USAGE_OPTION_SECTIONS.map((name) => `\n${name} options:\n${optionLines(name)}`).join('')}
Every verb takes --schema-version 1 (the only major version of the kit's events).
Exit status: 0 conformant (manifest: valid; or only failures --baseline knows), 1 a rule failed or a --baseline entry is stale,
64 usage error, 65 lint setup failed or an invalid --exec-plan or --baseline, 66 input unreadable or the program not found,
69 the program cannot start, 73 a report file unwritable.
Rules: node_modules/aoi-testkit/docs/rules/<RULE-ID>.md
`;

/** `left`, then `text` from column `at` (`gap` spaces after a longer `left`), each of its lines after a `\n` indented to `at`. */
function column(left: string, at: number, gap: number, text: string): string {
  const first = text.startsWith('\n')
    ? left
    : left.length + gap <= at
      ? left.padEnd(at)
      : `${left}${' '.repeat(gap)}`;
  return `${first}${text.replaceAll('\n', `\n${' '.repeat(at)}`)}\n`;
}

/** A verb's flags in the usage text: `--name VALUE`, then the flag's usage text from column 24. */
function optionLines(name: VerbName): string {
  return Object.entries((VERBS[name] as Verb).flags ?? {})
    .map(([flag, f]) => {
      const value =
        f.type === 'bool' ? undefined : (f.usage?.value ?? f.enum?.join('|') ?? f.format);
      const left = `  ${f.negate_flag ?? `--${flag}`}${value !== undefined ? ` ${value}` : ''}`;
      return column(left, 24, 2, f.usage?.text ?? '');
    })
    .join('');
}
