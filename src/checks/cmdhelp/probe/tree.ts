/**
 * The command tree as the tool's scoped json help shows it (§4): read leniently, judged elsewhere. The recorder
 * walks it to know what to ask next; the judges walk the same recorded answers to know what was asked.
 */
import type { CmdhelpCommand, CmdhelpDocument } from '../../../spec/cmdhelp/types.js';
import { scopedProbe } from './probes.js';
import type { Answers, HelpAnswer } from './types.js';
import { isObject } from '../../../stream/json.js';
export { isObject };

/** The command is shown in full: flags, args or examples. */
export const hasDetail = (c: unknown): boolean =>
  isObject(c) && (c.flags !== undefined || c.args !== undefined || c.examples !== undefined);
/** What two answers must agree on for a command's detail to be the same. */
export const detailKey = (c: unknown): string =>
  isObject(c)
    ? JSON.stringify({
        flags: isObject(c.flags) ? Object.keys(c.flags).sort() : [],
        args: Array.isArray(c.args) ? c.args.length : 0,
        examples: Array.isArray(c.examples) ? c.examples.length : 0,
      })
    : '';
export const levelOf = (path: string): number => path.split(' ').length;

/** The document a json answer holds, leniently: exit 0 and an object with `commands` (CMDHELP-02 judges the rest). */
export function documentOf(answer: HelpAnswer | undefined): CmdhelpDocument | undefined {
  if (!answer?.ok) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(answer.stdout);
  } catch {
    return undefined;
  }
  return isObject(value) && isObject(value.commands) ? (value as CmdhelpDocument) : undefined;
}

/** One command's scoped json help, as walked. */
export interface ScopedAnswer {
  readonly path: string;
  readonly probe: readonly string[];
  readonly answer: HelpAnswer;
  readonly document?: CmdhelpDocument;
}

export interface HelpTree {
  readonly root: CmdhelpDocument;
  /** The root document's `binary`, '' when it names none. */
  readonly binary: string;
  /** Every scoped answer, in the order walked. */
  readonly scoped: readonly ScopedAnswer[];
  /** Commands whose scope lists children, in the order walked. */
  readonly groups: readonly string[];
  /** Commands whose scope lists no children, in full detail as `help <leaf>` shows them. */
  readonly leaves: ReadonlyMap<string, CmdhelpCommand>;
  /** The deepest level of a leaf (at least 1). */
  readonly maxLevel: number;
  /** The tree as assembled from the scoped answers (groups as the root lists them, leaves in full detail). */
  readonly assembled: CmdhelpDocument;
}

/**
 * Walk every command of the tree through scoped help, breadth first, eight at a time, at most `limit`
 * commands; a scope that lists children is a group. Stops at the first batch with an answer not recorded
 * yet and names what to ask (`pending`); the tree comes with no pending answer.
 */
export function walkTree(
  root: CmdhelpDocument,
  recorded: (words: readonly string[]) => HelpAnswer | undefined,
  limit: number,
): { tree?: HelpTree; pending: readonly string[][] } {
  const leaves = new Map<string, CmdhelpCommand>();
  const groups = new Map<string, CmdhelpCommand>();
  const scoped: ScopedAnswer[] = [];
  const pending: string[][] = [];
  const queue = Object.keys(root.commands);
  const visited = new Set<string>();
  while (queue.length > 0 && visited.size < limit) {
    const batch = queue.splice(0, 8).filter((p) => !visited.has(p));
    batch.forEach((p) => visited.add(p));
    for (const path of batch) {
      const probe = scopedProbe(path);
      const answer = recorded(probe);
      if (!answer) {
        pending.push(probe);
        continue;
      }
      const doc = documentOf(answer);
      scoped.push({ path, probe, answer, ...(doc ? { document: doc } : {}) });
      if (!doc) continue;
      const children = Object.keys(doc.commands).filter((k) => k.startsWith(`${path} `));
      if (children.length > 0) {
        groups.set(
          path,
          (root.commands[path] ?? doc.commands[path] ?? { summary: '' }) as CmdhelpCommand,
        );
        for (const child of children) if (!visited.has(child)) queue.push(child);
      } else if (doc.commands[path]) leaves.set(path, doc.commands[path]!);
    }
    if (pending.length > 0) return { pending };
  }
  const assembled = {
    ...root,
    commands: Object.fromEntries([...groups, ...leaves].sort(([a], [b]) => a.localeCompare(b))),
  };
  const maxLevel = Math.max(1, ...[...leaves.keys()].map(levelOf));
  return {
    tree: {
      root,
      binary: typeof root.binary === 'string' ? root.binary : '',
      scoped,
      groups: [...groups.keys()],
      leaves,
      maxLevel,
      assembled,
    },
    pending,
  };
}

/** A leaf's scoped md help that answered (exit 0). */
export interface LeafMarkdown {
  readonly path: string;
  readonly leaf: CmdhelpCommand;
  readonly probe: readonly string[];
  readonly md: HelpAnswer;
}

/** Every leaf's scoped md help that answered: what CMDHELP-05, -06 and -08 read (CMDHELP-03 judges the others). */
export const leafMarkdown = (tree: HelpTree, answers: Answers): LeafMarkdown[] =>
  [...tree.leaves]
    .map(([path, leaf]) => ({
      path,
      leaf,
      probe: scopedProbe(path, 'md'),
      md: answers(scopedProbe(path, 'md')),
    }))
    .filter((l) => l.md.ok);
