/**
 * CMDHELP-02/bool-takes-value (§5.3): a flag the document types bool is a presence switch, and the live parser
 * refuses a value for it. Asked on a leaf's own help, so that nothing but help runs.
 */
import { badValueProbe, boolFlagProbe, unknownFlagProbe } from './probes.js';
import { isObject, type HelpTree } from './tree.js';
import { endOf, firstLine, type Answers, type HelpAnswer, type Judging } from './types.js';

/** At most this many bool flags are asked about (two runs each; up to two more when the value is answered). */
export const MAX_BOOL_FLAGS = 16;

/** A bool flag and the leaf it is given to. */
export interface BoolFlag {
  readonly path: string;
  readonly flag: string;
}

const boolNames = (flags: unknown): string[] =>
  isObject(flags)
    ? Object.keys(flags).filter(
        (name) =>
          isObject(flags[name]) &&
          flags[name].type === 'bool' &&
          /^[a-zA-Z][a-zA-Z0-9_-]*$/.test(name),
      )
    : [];

/** Every leaf's own bool flags, then the global ones on the first leaf, in tree order, at most MAX_BOOL_FLAGS. */
export function boolFlagsOf(tree: HelpTree): BoolFlag[] {
  const leaves = [...tree.leaves].sort(([a], [b]) => a.localeCompare(b));
  const own = leaves.flatMap(([path, leaf]) =>
    boolNames(leaf.flags).map((flag) => ({ path, flag })),
  );
  const first = leaves[0]?.[0];
  const global =
    first === undefined
      ? []
      : boolNames(tree.root.global_flags).map((flag) => ({ path: first, flag }));
  return [...own, ...global].slice(0, MAX_BOOL_FLAGS);
}

/** A leaf's first flag whose values have a shape (int, float, a static enum): a wrong value shows an early parser. */
function typedFlagOf(tree: HelpTree, path: string): string | undefined {
  const flags = tree.leaves.get(path)?.flags;
  if (!isObject(flags)) return undefined;
  return Object.keys(flags).find((name) => {
    const f = flags[name];
    return (
      /^[a-zA-Z][a-zA-Z0-9_-]*$/.test(name) &&
      isObject(f) &&
      (f.type === 'int' ||
        f.type === 'float' ||
        (f.type === 'enum' && Array.isArray(f.enum) && f.enum_source === undefined))
    );
  });
}

/** What shows that a leaf's parser runs before its --help: an unknown flag, and a typed flag's wrong value. */
function witnessProbesOf(tree: HelpTree, path: string): string[][] {
  const typed = typedFlagOf(tree, path);
  return [unknownFlagProbe(path), ...(typed !== undefined ? [badValueProbe(path, typed)] : [])];
}

/**
 * The probes a bool flag needs: the control (no value) and the value; once the value is seen answered, the
 * witnesses of an early parser (a tool that refuses the value is never asked them).
 */
export const boolProbesOf = (
  tree: HelpTree,
  recorded: (words: readonly string[]) => HelpAnswer | undefined,
): string[][] =>
  boolFlagsOf(tree).flatMap(({ path, flag }) => [
    boolFlagProbe(path, flag),
    boolFlagProbe(path, flag, 'true'),
    ...(recorded(boolFlagProbe(path, flag, 'true'))?.ok ? witnessProbesOf(tree, path) : []),
  ]);

/**
 * `<leaf> --flag=true --help` must be refused. Refused: the parser refused the value (when `<leaf> --flag --help`
 * answers; else nothing is known). Answered: the value was taken only if the same parser refuses, before --help,
 * an unknown flag or a typed flag's wrong value (argparse answers --help before it reports an unknown flag, but
 * not before a wrong int); a tool that answers --help before parsing anything (many hand-written parsers) cannot
 * be asked this way, and the verdict says so.
 */
export function judgeBoolValues(tree: HelpTree, answers: Answers, judging: Judging): void {
  const flags = boolFlagsOf(tree);
  const unjudged: string[] = [];
  for (const { path, flag } of flags) {
    const control = boolFlagProbe(path, flag);
    if (!answers(control).ok) {
      unjudged.push(`\`${control.join(' ')}\` exits ${endOf(answers(control).run)}`);
      continue;
    }
    const probe = boolFlagProbe(path, flag, 'true');
    const withValue = answers(probe);
    if (!withValue.ok) continue;
    const witness = witnessProbesOf(tree, path).find((w) => !answers(w).ok);
    if (!witness) {
      unjudged.push(
        `${path} answers --help before it parses its flags (an unknown flag or a wrong value is not refused either)`,
      );
      continue;
    }
    judging.report(
      'CMDHELP-02/bool-takes-value',
      `${path} accepts --${flag}=true (exit 0), though its parser refuses \`${witness.slice(path.split(' ').length).join(' ')}\` before --help, and the document types --${flag} bool: a presence switch takes no value (§5.3).`,
      probe,
      firstLine(withValue.stdout),
    );
  }
  if (unjudged.length > 0)
    judging.note(
      'CMDHELP-02',
      `§5.3 not judged on the live parser for some bool flags: ${[...new Set(unjudged)].slice(0, 3).join('; ')}.`,
    );
}
