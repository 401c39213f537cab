import type { CmdhelpDocument, CmdhelpExample } from '../../../spec/cmdhelp/types.js';
import type { FaultContract } from '../../fault-contract.js';
import type { View } from '../render.js';

/** What a capability probe prints, in parts (`cmdhelp/<version>: <formats>\n<extraLines>`, and stderr). */
export interface CapabilityAnswer {
  readonly version: string;
  readonly formats: string;
  readonly extraLines: string;
  readonly stderr: string;
}

/** A usage error (exit 2) with this message, instead of an answer. */
export interface Usage {
  readonly usage: string;
}

export type MdSection = [title: string, body: string[]];

/**
 * How a helpdesk fault acts: the renderer calls these hooks at each decision of its help surface, passing the
 * clean answer; a fault implements only the hooks it needs and returns its faulty answer. Faults act in
 * catalogue order, each on what the ones before it returned.
 */
export interface HelpdeskHooks {
  /**
   * The parts of the capability line it changes, for the default form or the fallback (`--cmdhelp-capabilities`).
   * The line can say one thing only: where two faults change the same part, the first in the catalogue wins.
   */
  capability?(form: 'default' | 'fallback'): Partial<CapabilityAnswer>;
  /** `--depth N` as parsed (a whole number): the depth to use, or a usage error. */
  depthFlag?(depth: number): number | Usage;
  /** The format of `help` without --format. */
  defaultFormat?(format: string): string;
  /** The format asked for (or the default): the format answered in, or a usage error. */
  format?(format: string): string | Usage;
  /** The format an unknown --format falls back to (without a fault: a usage error). */
  unknownFormat?(): string;
  /** The levels a subtree expands in full detail, for the depth asked at a scope ('' for the root; a leaf is always in full). */
  expand?(depth: number, scope: string): number;
  /** Whether the parser takes `--flag=<value>` for a bool flag (clean: false, a usage error). */
  boolValue?(accepted: boolean, flag: string): boolean;
  /** The workspace's queues as help splices them (`queue list` always prints the workspace's own). */
  helpQueues?(queues: readonly string[]): readonly string[];
  /** Where the capability probe reaches for the network (clean: nowhere); only a process acts on it (bin.ts). */
  capabilityReach?(): { host: string; port: number };
  /** The commands shown and which in full detail; `depth` is the expansion used. */
  view?(view: View, depth: number): View;
  /** A command's canonical examples, for md and json alike. */
  examples?(examples: CmdhelpExample[], path: string): CmdhelpExample[];
  /** The json document. */
  json?(doc: CmdhelpDocument): CmdhelpDocument;
  /** A command's examples as md renders them. */
  mdExamples?(examples: readonly CmdhelpExample[], path: string): readonly CmdhelpExample[];
  /** A command's md sections, in order. */
  mdSections?(sections: MdSection[]): MdSection[];
  /** The lines of an md document (before the trailing newline). */
  md?(lines: string[], view: View): string[];
  /** What `<sub> --help --format md|llm` prints, given what `help <sub> --format md` prints. */
  helpFlagMd?(md: string): string;
}

/** A helpdesk fault: the one fault contract, and how it acts. It never changes the command tree. */
export interface HelpdeskFault extends FaultContract<Record<string, never>>, HelpdeskHooks {
  /** Acts only when helpdesk runs as a process (a network attempt): in memory it behaves well. */
  readonly processOnly?: true;
}

/** The hooks that turn a value into its faulty form: the value first, then what it depends on. */
type TransformHook =
  | 'defaultFormat'
  | 'expand'
  | 'boolValue'
  | 'helpQueues'
  | 'view'
  | 'examples'
  | 'json'
  | 'mdExamples'
  | 'mdSections'
  | 'md'
  | 'helpFlagMd';
type HookFn = (value: unknown, ...context: unknown[]) => unknown;

/** Every fault's `hook`, in catalogue order, each given what the one before returned. */
export function act<K extends TransformHook>(
  faults: readonly HelpdeskFault[],
  hook: K,
  ...args: Parameters<NonNullable<HelpdeskHooks[K]>>
): ReturnType<NonNullable<HelpdeskHooks[K]>> {
  const [first, ...context] = args as unknown[];
  let value = first;
  for (const fault of faults) {
    const fn = fault[hook] as HookFn | undefined;
    if (fn) value = fn.call(fault, value, ...context);
  }
  return value as ReturnType<NonNullable<HelpdeskHooks[K]>>;
}

/** As `act`, for the hooks that may refuse: the first usage error ends it. */
export function actOrRefuse<K extends 'depthFlag' | 'format'>(
  faults: readonly HelpdeskFault[],
  hook: K,
  value: Parameters<NonNullable<HelpdeskHooks[K]>>[0],
): typeof value | Usage {
  let result: typeof value | Usage = value;
  for (const fault of faults) {
    const fn = fault[hook] as HookFn | undefined;
    if (fn) result = fn.call(fault, result) as typeof value | Usage;
    if (isUsage(result)) return result;
  }
  return result;
}

export const isUsage = (value: unknown): value is Usage =>
  typeof value === 'object' && value !== null && 'usage' in value;
