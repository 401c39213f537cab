/**
 * CMDHELP-07: every example resolves against the flag tree (cmdhelp v0.1 §6 drift-prevention contract, §5.3
 * bool arity). Pure: a document in, problems out.
 */
import type { CmdhelpCommand, CmdhelpDocument, CmdhelpFlag } from '../../spec/cmdhelp/types.js';
import { shellWords } from '../../shell-words.js';
import { isObject } from '../../stream/json.js';

export interface ExampleProblem {
  readonly id: string;
  readonly message: string;
}

/**
 * An example's words (the kit's one shell splitter, src/shell-words.ts): quotes and backslash escapes as a POSIX
 * shell reads them, up to an unquoted `|`, `;`, `&&`, `||`, `>` or `<` (what follows is another program or a
 * redirection); an unterminated quote runs to the end (a document's typo is a problem to report, not a crash).
 *
 * @example tokenizeExample('pad item create task "Fix OAuth" --priority high') // ['pad','item','create','task','Fix OAuth','--priority','high']
 */
export function tokenizeExample(cmd: string): string[] {
  return shellWords(cmd, { stopAtOperator: true, forgiveUnterminated: true });
}

function flagsOf(value: unknown): Record<string, CmdhelpFlag> {
  if (!isObject(value)) return {};
  const out: Record<string, CmdhelpFlag> = {};
  for (const [name, flag] of Object.entries(value))
    if (isObject(flag)) out[name] = flag as CmdhelpFlag;
  return out;
}

interface FlagTable {
  byName: Map<string, { name: string; flag: CmdhelpFlag }>;
  negations: Set<string>;
}

function table(...maps: Record<string, CmdhelpFlag>[]): FlagTable {
  const byName = new Map<string, { name: string; flag: CmdhelpFlag }>();
  const negations = new Set<string>();
  for (const map of maps)
    for (const [name, flag] of Object.entries(map)) {
      byName.set(name, { name, flag });
      if (typeof flag.short === 'string') byName.set(flag.short, { name, flag });
      if (flag.type === 'bool' && typeof flag.negate_flag === 'string')
        negations.add(flag.negate_flag);
    }
  return { byName, negations };
}

const bareName = (token: string) => token.replace(/^--?/, '');

/**
 * Judge one example's `cmd` against the document's flag tree. Returns every problem (empty: it resolves).
 * Commands are found by the longest run of leading words that is a documented command path; global flags may
 * come before it.
 *
 * @example resolveExample(doc, 'helpdesk ticket create "Printer jam" --priority high') // []
 */
export function resolveExample(
  doc: Pick<CmdhelpDocument, 'binary' | 'commands' | 'global_flags'>,
  cmd: string,
): ExampleProblem[] {
  const problems: ExampleProblem[] = [];
  const tokens = tokenizeExample(cmd);
  const binary = typeof doc.binary === 'string' ? doc.binary : '';
  const first = tokens[0] ?? '';
  if (first !== binary && first.split('/').pop() !== binary) {
    return [
      {
        id: 'CMDHELP-07/wrong-binary',
        message: `The example starts with "${first}", not the binary "${binary}".`,
      },
    ];
  }
  const commands: Record<string, CmdhelpCommand> = isObject(doc.commands)
    ? (doc.commands as Record<string, CmdhelpCommand>)
    : {};
  const globals = flagsOf(doc.global_flags);
  let i = 1;
  // Global flags before the command path.
  const globalTable = table(globals);
  while (i < tokens.length && tokens[i]!.startsWith('-') && tokens[i] !== '--') {
    i = consumeFlag(tokens, i, globalTable, problems);
  }
  const words: string[] = [];
  for (let j = i; j < tokens.length && !tokens[j]!.startsWith('-'); j++) words.push(tokens[j]!);
  let depth = 0;
  for (let k = words.length; k >= 1; k--)
    if (Object.hasOwn(commands, words.slice(0, k).join(' '))) {
      depth = k;
      break;
    }
  if (depth === 0 && words.length > 0 && Object.keys(commands).length > 0) {
    problems.push({
      id: 'CMDHELP-07/unknown-command',
      message: `"${binary} ${words[0]}" is not a documented command.`,
    });
    return problems;
  }
  const path = words.slice(0, depth).join(' ');
  const command = depth > 0 ? commands[path] : undefined;
  const flags = table(globals, flagsOf(command?.flags));
  i += depth;
  let positionals = 0;
  let rest = false;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (rest || !token.startsWith('-') || token === '-' || /^-\d/.test(token)) {
      positionals++;
      i++;
    } else if (token === '--') {
      rest = true;
      i++;
    } else {
      i = consumeFlag(tokens, i, flags, problems);
    }
  }
  if (command && Array.isArray(command.args)) {
    const args = command.args.filter(isObject);
    const required = args.filter((a) => a.required === true).length;
    const repeatable = args.length > 0 && args[args.length - 1]!.repeatable === true;
    if (positionals < required)
      problems.push({
        id: 'CMDHELP-07/arity',
        message: `"${path}" needs ${required} positional argument(s); the example gives ${positionals}.`,
      });
    else if (positionals > args.length && !repeatable)
      problems.push({
        id: 'CMDHELP-07/arity',
        message: `"${path}" takes at most ${args.length} positional argument(s); the example gives ${positionals}.`,
      });
  }
  return problems;
}

/** Judge the flag at tokens[i]; returns the index after it (and its value). */
function consumeFlag(
  tokens: readonly string[],
  i: number,
  flags: FlagTable,
  problems: ExampleProblem[],
): number {
  const token = tokens[i]!;
  const eq = token.indexOf('=');
  const spelled = eq === -1 ? token : token.slice(0, eq);
  const inline = eq === -1 ? undefined : token.slice(eq + 1);
  if (flags.negations.has(spelled)) {
    if (inline !== undefined)
      problems.push({
        id: 'CMDHELP-07/bool-with-value',
        message: `${spelled} is a negation switch; the example gives it the value "${inline}".`,
      });
    return i + 1;
  }
  const entry = flags.byName.get(bareName(spelled));
  if (!entry) {
    const negation = /^--no-/.test(spelled) && flags.byName.has(spelled.slice(5));
    problems.push({
      id: 'CMDHELP-07/unknown-flag',
      message: negation
        ? `${spelled} is not declared: ${spelled.slice(5)} has no negate_flag "${spelled}".`
        : `${spelled} is not a flag of this command or a global flag.`,
    });
    // An unknown flag's value cannot be told from a positional: skip a following word that is not a flag.
    return inline === undefined && i + 1 < tokens.length && !tokens[i + 1]!.startsWith('-')
      ? i + 2
      : i + 1;
  }
  const { name, flag } = entry;
  if (flag.type === 'bool') {
    if (inline !== undefined) {
      problems.push({
        id: 'CMDHELP-07/bool-with-value',
        message: `--${name} is a bool presence switch; the example gives it "=${inline}".`,
      });
      return i + 1;
    }
    const next = tokens[i + 1];
    if (next === 'true' || next === 'false') {
      problems.push({
        id: 'CMDHELP-07/bool-with-value',
        message: `--${name} is a bool presence switch; the example passes "${next}" after it.`,
      });
      return i + 2;
    }
    return i + 1;
  }
  let value = inline;
  let after = i + 1;
  if (value === undefined) {
    const next = tokens[i + 1];
    if (next === undefined || (next.startsWith('-') && next !== '-' && !/^-\d/.test(next))) {
      problems.push({
        id: 'CMDHELP-07/missing-value',
        message: `--${name} (${String(flag.type)}) needs a value; the example gives none.`,
      });
      return i + 1;
    }
    value = next;
    after = i + 2;
  }
  if (
    flag.type === 'enum' &&
    Array.isArray(flag.enum) &&
    flag.enum_source === undefined &&
    !flag.enum.map(String).includes(value)
  ) {
    problems.push({
      id: 'CMDHELP-07/enum-value',
      message: `--${name} ${value}: not one of ${flag.enum.map(String).join(', ')}.`,
    });
  }
  return after;
}
