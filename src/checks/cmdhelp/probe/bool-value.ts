/**
 * CMDHELP-02/bool-takes-value (§5.3): a flag the document types bool is a presence switch, and the live parser
 * refuses a value for it. Asked on a leaf's own help, so that nothing but help runs.
 */
import { boolFlagProbe } from './probes.js';
import { isObject, type HelpTree } from './tree.js';
import { firstLine, type Answers, type Judging } from './types.js';

/** At most this many bool flags are asked about (two runs each). */
export const MAX_BOOL_FLAGS = 16;

/** A bool flag and the leaf it is given to. */
export interface BoolFlag {
  readonly path: string;
  readonly flag: string;
}

const boolNames = (flags: unknown): string[] => (isObject(flags) ? Object.keys(flags).filter((name) => isObject(flags[name]) && flags[name].type === 'bool' && /^[a-zA-Z][a-zA-Z0-9_-]*$/.test(name)) : []);

/** Every leaf's own bool flags, then the global ones on the first leaf, in tree order, at most MAX_BOOL_FLAGS. */
export function boolFlagsOf(tree: HelpTree): BoolFlag[] {
  const leaves = [...tree.leaves].sort(([a], [b]) => a.localeCompare(b));
  const own = leaves.flatMap(([path, leaf]) => boolNames(leaf.flags).map((flag) => ({ path, flag })));
  const first = leaves[0]?.[0];
  const global = first === undefined ? [] : boolNames(tree.root.global_flags).map((flag) => ({ path: first, flag }));
  return [...own, ...global].slice(0, MAX_BOOL_FLAGS);
}

/** The probes a bool flag needs: the control (no value), then the value. */
export const boolProbesOf = (tree: HelpTree): string[][] => boolFlagsOf(tree).flatMap(({ path, flag }) => [boolFlagProbe(path, flag), boolFlagProbe(path, flag, 'true')]);

/**
 * `<leaf> --flag --help` answers (exit 0) and `<leaf> --flag=true --help` must not: a tool that answers both took
 * the value. When no control answers, nothing was judged, and the verdict says so.
 */
export function judgeBoolValues(tree: HelpTree, answers: Answers, judging: Judging): void {
  const flags = boolFlagsOf(tree);
  let judged = 0;
  for (const { path, flag } of flags) {
    if (!answers(boolFlagProbe(path, flag)).ok) continue;
    judged++;
    const probe = boolFlagProbe(path, flag, 'true');
    const withValue = answers(probe);
    if (withValue.ok) judging.report('CMDHELP-02/bool-takes-value', `${path} accepts --${flag}=true (exit 0), yet the document types --${flag} bool: a presence switch takes no value (§5.3).`, probe, firstLine(withValue.stdout));
  }
  if (flags.length === 0) judging.note('CMDHELP-02', 'No leaf has a bool flag: the parser was not asked to refuse a value (§5.3).');
  else if (judged === 0) judging.note('CMDHELP-02', `§5.3 not judged on the live parser: no \`<leaf> --flag --help\` answered with exit 0 (e.g. \`${boolFlagProbe(flags[0]!.path, flags[0]!.flag).join(' ')}\`), so a refusal of --flag=true could not be told from a refusal of --help.`);
}
