/**
 * CMDHELP-02/dynamic-enum-differs (§7): an enum whose values come from `enum_source: "dynamic:<command>"` lists,
 * in the working directory the tool runs in, what that command lists there. Only a command of the tool's own
 * documented tree is run (a listing, by the spec's contract); any other enum_source is left alone.
 */
import { enumSourceProbe } from './probes.js';
import { isObject, type HelpTree } from './tree.js';
import { endOf, firstLine, type Answers, type Judging } from './types.js';

/** One arg or flag of a leaf with a dynamic enum_source the kit can resolve. */
export interface DynamicEnum {
  readonly path: string;
  /** `--queue` or `<name>`, as messages say it. */
  readonly what: string;
  /** The tool's words that list the values (`queue list`). */
  readonly words: readonly string[];
  /** The values the leaf's help spliced in; undefined when it lists none. */
  readonly values?: readonly string[];
}

/** The words after `dynamic:<binary> ` when they start with a documented command, else undefined. */
function listingWords(source: unknown, tree: HelpTree): string[] | undefined {
  if (typeof source !== 'string' || !source.startsWith('dynamic:') || tree.binary === '')
    return undefined;
  const [binary, ...words] = source.slice('dynamic:'.length).trim().split(/\s+/);
  if (binary !== tree.binary || words.length === 0) return undefined;
  const commands = tree.assembled.commands;
  const known = words.some((_, i) => Object.hasOwn(commands, words.slice(0, i + 1).join(' ')));
  return known ? words : undefined;
}

const valuesOf = (e: Record<string, unknown>): string[] | undefined =>
  Array.isArray(e.enum) && e.enum.every((v) => typeof v === 'string')
    ? (e.enum as string[])
    : undefined;

/** Every dynamic enum of every leaf (as `help <leaf>` shows it) whose enum_source is a command of the tool. */
export function dynamicEnumsOf(tree: HelpTree): DynamicEnum[] {
  const out: DynamicEnum[] = [];
  for (const [path, leaf] of [...tree.leaves].sort(([a], [b]) => a.localeCompare(b))) {
    const entries: [string, unknown][] = [
      ...(Array.isArray(leaf.args)
        ? leaf.args.map((a): [string, unknown] => [`<${isObject(a) ? String(a.name) : '?'}>`, a])
        : []),
      ...(isObject(leaf.flags)
        ? Object.entries(leaf.flags).map(([name, f]): [string, unknown] => [`--${name}`, f])
        : []),
    ];
    for (const [what, entry] of entries) {
      if (!isObject(entry)) continue;
      const words = listingWords(entry.enum_source, tree);
      const values = valuesOf(entry);
      if (words) out.push({ path, what, words, ...(values ? { values } : {}) });
    }
  }
  return out;
}

/** The listing commands to run (each once). */
export const enumSourceProbesOf = (tree: HelpTree): string[][] => [
  ...new Map(
    dynamicEnumsOf(tree).map((d) => [d.words.join(' '), enumSourceProbe(d.words.join(' '))]),
  ).values(),
];

/** What a listing printed: a JSON array of strings, else one value per non-empty line. */
export function listedValues(stdout: string): string[] {
  try {
    const value: unknown = JSON.parse(stdout);
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  } catch {
    // not JSON: lines
  }
  return stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const quoted = (values: readonly string[]) =>
  values
    .slice(0, 5)
    .map((v) => JSON.stringify(v))
    .join(', ') + (values.length > 5 ? ` and ${values.length - 5} more` : '');

/** Each dynamic enum that lists values: the same set as its enum_source command lists in the same directory. */
export function judgeDynamicEnums(tree: HelpTree, answers: Answers, judging: Judging): void {
  const enums = dynamicEnumsOf(tree);
  const unjudged: string[] = [];
  for (const d of enums) {
    const probe = enumSourceProbe(d.words.join(' '));
    const listing = answers(probe);
    if (!d.values) {
      unjudged.push(`${d.path} ${d.what} lists no values`);
      continue;
    }
    if (!listing.ok) {
      unjudged.push(`\`${d.words.join(' ')}\` exits ${endOf(listing.run)}`);
      continue;
    }
    const listed = listedValues(listing.stdout);
    const missing = listed.filter((v) => !d.values!.includes(v));
    const extra = d.values.filter((v) => !listed.includes(v));
    if (missing.length > 0 || extra.length > 0) {
      const parts = [
        ...(missing.length > 0 ? [`lacks ${quoted(missing)}`] : []),
        ...(extra.length > 0
          ? [`lists ${quoted(extra)} that \`${d.words.join(' ')}\` does not`]
          : []),
      ];
      judging.report(
        'CMDHELP-02/dynamic-enum-differs',
        `help ${d.path} ${d.what} (enum_source dynamic:${[tree.binary, ...d.words].join(' ')}) ${parts.join(' and ')} in this working directory.`,
        probe,
        firstLine(listing.stdout),
      );
    }
  }
  if (unjudged.length > 0)
    judging.note(
      'CMDHELP-02',
      `§7 not judged for some dynamic enums: ${[...new Set(unjudged)].slice(0, 3).join('; ')}.`,
    );
}
