import type { Capabilities, CapabilityCommand } from '../../checks/aoi/probe/discovery.js';
import {
  CREATE_COMMAND_WORDS,
  DESTRUCTIVE_COMMAND_WORDS,
  GET_COMMAND_WORDS,
  READ_COMMAND_WORDS,
  STRICT_DESTRUCTIVE_COMMAND_WORDS,
} from '../../spec/aoi/constants.js';

/** What the linter knows about one command, and the invocations it will probe it with. */
export interface CommandPlan {
  readonly name: string;
  /** Argv lists (without the machine-mode flag); the first word is the command. */
  readonly invocations: readonly (readonly string[])[];
  /** The invocations were given by the user (false: the command is run bare, from capabilities). */
  readonly given: boolean;
  /** `true`/`false` when capabilities (or an invocation's flags) say; undefined when unknown. */
  readonly readOnly: boolean | undefined;
  readonly destructive: boolean;
  /** Destructive by its name only (`remove`, `purge`): capabilities and flags do not say so, §14.3 still applies. */
  readonly destructiveByName: boolean;
  /** A read (§14.1: read-only by default): declared `read_only: true`, or a §16.3 read by name and not declared otherwise. */
  readonly read: boolean;
  /** Creates resources, by its name (`add`, `create`, `import`): AOI-08 creates twice and compares ids. */
  readonly creates: boolean;
  readonly dryRun: boolean;
  readonly idempotencyKey: boolean;
  /** Pages with --limit and --cursor (AOI-11 probes). */
  readonly paged: boolean;
  readonly unbounded: boolean;
  readonly inputJsonl: boolean;
}

/**
 * The spellings of a long flag a caller may type: `--confirm`, and `-confirm` as Go's flag package (and every parser
 * that takes single-dash long flags) reads it. §16.4 makes the names conventions, and §14.3 asks for "explicit
 * confirmation such as --confirm", not for a number of dashes.
 */
const spellings = (flag: string): readonly string[] =>
  flag.startsWith('--') && flag.length > 3 ? [flag, flag.slice(1)] : [flag];

/** `arg` is `flag` (any spelling); with `=VALUE` attached, that value. */
function match(arg: string, flag: string): { readonly value?: string } | undefined {
  for (const spelling of spellings(flag)) {
    if (arg === spelling) return {};
    if (arg.startsWith(`${spelling}=`)) return { value: arg.slice(spelling.length + 1) };
  }
  return undefined;
}

/** The value of `--flag V` or `--flag=V` (or `-flag V`, `-flag=V`) in argv, if present. */
export function flagValue(args: readonly string[], flag: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const found = match(args[i]!, flag);
    if (found) return found.value ?? args[i + 1];
  }
  return undefined;
}

export const hasFlag = (args: readonly string[], flag: string): boolean =>
  args.some((arg) => match(arg, flag) !== undefined);

/** Argv without `flag`, in any spelling (and its value, when it takes one). */
export function withoutFlag(args: readonly string[], flag: string, takesValue: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const found = match(args[i]!, flag);
    if (found) {
      if (takesValue && found.value === undefined) i++;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

/** Argv with `flag` set to `value` (replacing any earlier value), or present as a bare flag. */
export const withFlag = (args: readonly string[], flag: string, value?: string): string[] => [
  ...withoutFlag(args, flag, value !== undefined),
  ...(value !== undefined ? [flag, value] : [flag]),
];

/**
 * How a tool is asked for machine mode and discovery when it is not shaped like the reference tool (§16.4):
 * the argv that selects machine mode (`--format jsonl`; empty for an AOI-only tool) and the words of the
 * discovery command (`aoi-schema` where the tool's domain owns `schema`).
 */
export interface ToolSurface {
  readonly machineFlag: readonly string[];
  readonly schemaCommand: readonly string[];
}

export const DEFAULT_MACHINE_FLAG: readonly string[] = ['--output', 'jsonl'];
export const DEFAULT_SURFACE: ToolSurface = {
  machineFlag: DEFAULT_MACHINE_FLAG,
  schemaCommand: ['schema'],
};

/** The §16.1 spellings of the output flag: an invocation that names either has chosen its output already. */
const OUTPUT_SPELLINGS = ['--output', '--format'];

/**
 * Machine mode: the machine flag appended, unless the invocation already chose an output (it names the
 * flag's first word, or, for the §16.1 flags, either spelling). An empty machine flag leaves argv as it is.
 */
export function machineArgs(
  args: readonly string[],
  machineFlag: readonly string[] = DEFAULT_MACHINE_FLAG,
): string[] {
  const flag = machineFlag[0]?.split('=')[0]; // `--format=jsonl` names --format
  if (flag === undefined) return [...args];
  const spellings = OUTPUT_SPELLINGS.includes(flag) ? OUTPUT_SPELLINGS : [flag];
  return spellings.some((spelling) => hasFlag(args, spelling))
    ? [...args]
    : [...args, ...machineFlag];
}

/** Machine mode with the reference tool's flag, `--output jsonl` (tests and the reference plan). */
export const machine = (args: readonly string[]): string[] => machineArgs(args);

/**
 * The flag that asks a discovery command for its one JSON document: the machine flag with `jsonl` read as
 * `json` (`--output jsonl` → `--output json`, `--format jsonl` → `--format json`), nothing for an AOI-only tool.
 */
export const discoveryFlag = (machineFlag: readonly string[]): string[] =>
  machineFlag.map((word) =>
    word === 'jsonl' ? 'json' : word.endsWith('=jsonl') ? `${word.slice(0, -1)}` : word,
  );

/** A command name has one of `words` as a word: `remove`, `cache-clear`, `drop_table`, `rm`. */
export const nameHasWord = (name: string, words: readonly string[]): boolean =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => words.includes(word));

/** The command that reads one resource by its key (`get ID`), when the tool has one: capabilities first, then invocations. */
export function getCommand(plans: readonly CommandPlan[]): CommandPlan | undefined {
  return plans.find((plan) => plan.readOnly !== false && nameHasWord(plan.name, GET_COMMAND_WORDS));
}

/** The finite read command that lists the resources (`list`, `ls`), to count them (AOI-08). */
export function listCommand(plans: readonly CommandPlan[]): CommandPlan | undefined {
  return plans.find(
    (plan) => plan.readOnly !== false && !plan.unbounded && nameHasWord(plan.name, ['list', 'ls']),
  );
}

/**
 * The commands to lint: those capabilities lists (run bare unless the user gave invocations for them)
 * and those the user's invocations name. Capabilities say what a command is; without them, the flags
 * of the invocations do (`--confirm` → destructive, `--limit` → paged, …).
 */
export function planCommands(
  capabilities: Capabilities | undefined,
  invocations: readonly (readonly string[])[],
  /** `strict`: also judge commands named by words that may or may not destroy (`clear`, `kill`) as destructive. */
  options: { readonly strict?: boolean } = {},
): CommandPlan[] {
  const byName = new Map<string, (readonly string[])[]>();
  for (const invocation of invocations) {
    const name = invocation[0];
    if (name === undefined) continue;
    byName.set(name, [...(byName.get(name) ?? []), invocation]);
  }
  const declared = new Map(
    (capabilities?.commands ?? []).map((command) => [command.name, command]),
  );
  const names = [...declared.keys(), ...[...byName.keys()].filter((name) => !declared.has(name))];
  const destructiveWords = options.strict
    ? [...DESTRUCTIVE_COMMAND_WORDS, ...STRICT_DESTRUCTIVE_COMMAND_WORDS]
    : DESTRUCTIVE_COMMAND_WORDS;
  return names.map((name) => plan(name, declared.get(name), byName.get(name), destructiveWords));
}

function plan(
  name: string,
  declared: CapabilityCommand | undefined,
  given: readonly (readonly string[])[] | undefined,
  destructiveWords: readonly string[],
): CommandPlan {
  // Run bare, a JSONL reader reads stdin the way §12.1 names it.
  const invocations = given ?? [
    declared?.input_modes?.includes('jsonl') ? [name, '--input-jsonl', '-'] : [name],
  ];
  const any = (flag: string) => invocations.some((args) => hasFlag(args, flag));
  const declaredDestructive = declared
    ? declared.destructive === true || declared.requires_confirm === true
    : any('--confirm');
  // §14.3 is a MUST: a command named like a deletion is tried without --confirm whatever capabilities say.
  const destructiveByName = !declaredDestructive && nameHasWord(name, destructiveWords);
  const destructive = declaredDestructive || destructiveByName;
  return {
    name,
    invocations,
    given: given !== undefined,
    readOnly: declared?.read_only ?? (destructive || any('--idempotency-key') ? false : undefined),
    destructive,
    destructiveByName,
    read:
      declared?.read_only === true ||
      (declared?.read_only !== false && !destructive && nameHasWord(name, READ_COMMAND_WORDS)),
    creates: !destructive && nameHasWord(name, CREATE_COMMAND_WORDS),
    dryRun: declared?.supports_dry_run ?? any('--dry-run'),
    idempotencyKey: declared?.supports_idempotency_key ?? any('--idempotency-key'),
    // Paged: a cursor is advertised or the user pages with --limit (a plain `bounded` get has no pages).
    paged: declared?.supports_cursor === true || any('--limit'),
    unbounded: declared?.unbounded === true,
    inputJsonl: declared?.input_modes?.includes('jsonl') ?? any('--input-jsonl'),
  };
}
