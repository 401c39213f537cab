/**
 * The command surface, old caller's view (COMPAT-02 classes): what an invocation that worked against the old
 * contract may now be refused, or do more than it did. The AOI capabilities manifest (§17), the cmdhelp tree
 * (cmdhelp §5) and the exec dispatch manifest are each read into the same shape first — commands with flags,
 * positional arguments and exit codes — so that one comparison judges all three. Pure; never throws.
 */
import { isObject } from '../../stream/json.js';
import { parseCapabilityLine } from '../cmdhelp/capability.js';
import type { Difference } from './difference.js';
import { parseVersion } from './versions.js';

/** A flag or positional argument: what values a caller may pass. Types are cmdhelp's (§5.1) names. */
export interface InputSpec {
  readonly type: string;
  readonly enum?: readonly string[];
  readonly repeatable: boolean;
  readonly required: boolean;
  readonly description?: string;
  /** Other spellings of the flag (`--no-cache`, `-c`). */
  readonly spellings: readonly string[];
}

/** One command as a caller sees it. Absent parts are unknown, and compared only where both sides have them. */
export interface CommandSpec {
  readonly flags?: ReadonlyMap<string, InputSpec>;
  readonly args?: readonly InputSpec[];
  /** Exit code → what it means, as comparable text. */
  readonly exitCodes?: ReadonlyMap<string, string>;
  /** How much it may change: 0 read-only (exec `safe`), 1 mutating, 2 destructive; undefined: not said. */
  readonly danger?: number;
  readonly requiresConfirm?: boolean;
  /** What it offers (`dry run`, `input mode jsonl`, `stdin`): withdrawing one breaks who used it. */
  readonly offers: ReadonlySet<string>;
  /** Event types it declares (AOI capabilities): output, judged as COMPAT-01. */
  readonly eventTypes?: ReadonlySet<string>;
  readonly aliases: ReadonlySet<string>;
}

export interface SurfaceSpec {
  /** `capabilities`, `help`, `exec manifest`: prefixes every place named. */
  readonly label: string;
  readonly commands: ReadonlyMap<string, CommandSpec>;
  readonly globalFlags?: ReadonlyMap<string, InputSpec>;
  /** Tool-wide offers (`output jsonl`, `aoi_version 0.2`, `help format md`, `schema NAME VERSION`). */
  readonly offers: ReadonlySet<string>;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
/** Exit-code meanings compared as words: case, spacing and punctuation are wording, not meaning. */
const words = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The exec guide's FlagEntry types, in cmdhelp's words. */
const EXEC_TYPES: Record<string, string> = {
  integer: 'int',
  number: 'float',
  boolean: 'bool',
};

function inputOf(raw: unknown, types: Record<string, string> = {}): InputSpec | undefined {
  if (!isObject(raw)) return undefined;
  const type = typeof raw.type === 'string' ? (types[raw.type] ?? raw.type) : 'string';
  const values = strings(raw.enum ?? raw.enum_values);
  const spellings = [
    ...(typeof raw.negate_flag === 'string' ? [raw.negate_flag] : []),
    ...(typeof raw.short === 'string' && raw.short !== '' ? [`-${raw.short}`] : []),
  ];
  const description = text(raw.description) ?? text(raw.summary);
  return {
    type,
    ...(values.length > 0 || type === 'enum' ? { enum: values } : {}),
    repeatable: raw.repeatable === true || type === 'array',
    required: raw.required === true,
    ...(description !== undefined ? { description } : {}),
    spellings,
  };
}

function flagsOf(raw: unknown, types?: Record<string, string>): Map<string, InputSpec> {
  const flags = new Map<string, InputSpec>();
  if (isObject(raw))
    for (const [name, value] of Object.entries(raw)) {
      const spec = inputOf(value, types);
      if (spec) flags.set(name, spec);
    }
  return flags;
}

/** AOI-CLI §17: the capabilities manifest's commands and what it offers tool-wide. */
export function capabilitiesSurface(manifest: unknown): SurfaceSpec {
  const m = isObject(manifest) ? manifest : {};
  const commands = new Map<string, CommandSpec>();
  for (const c of Array.isArray(m.commands) ? m.commands : []) {
    if (!isObject(c) || typeof c.name !== 'string') continue;
    const offers = new Set<string>();
    if (c.supports_dry_run === true) offers.add('--dry-run');
    if (c.supports_idempotency_key === true) offers.add('--idempotency-key');
    if (c.supports_cursor === true) offers.add('--cursor');
    if (c.bounded === true) offers.add('bounded output');
    if (c.unbounded !== true) offers.add('a finite stream');
    for (const mode of strings(c.input_modes)) offers.add(`input mode ${mode}`);
    commands.set(c.name, {
      danger: c.destructive === true ? 2 : c.read_only === true ? 0 : 1,
      requiresConfirm: c.requires_confirm === true,
      offers,
      ...(Array.isArray(c.event_types) ? { eventTypes: new Set(strings(c.event_types)) } : {}),
      aliases: new Set(strings(c.aliases)),
    });
  }
  const offers = new Set<string>([
    ...strings(m.outputs).map((o) => `output ${o}`),
    ...strings(m.aoi_versions).map((v) => `aoi_version ${v}`),
  ]);
  // A consumer asks for a major (§5.1: `--schema-version 1`): a version replaced by a later one of its major withdraws nothing.
  for (const s of Array.isArray(m.schemas) ? m.schemas : [])
    if (isObject(s) && typeof s.name === 'string')
      for (const v of strings(s.versions))
        offers.add(`schema ${s.name} major ${parseVersion(v)?.major ?? v}`);
  return { label: 'capabilities', commands, offers };
}

/** cmdhelp §5, §8: the capability line's formats and the command tree, every command in full detail. */
export function cmdhelpSurface(capability: string, document: unknown): SurfaceSpec {
  const doc = isObject(document) ? document : {};
  const offers = new Set(parseCapabilityLine(capability).formats.map((f) => `help format ${f}`));
  const commands = new Map<string, CommandSpec>();
  for (const [path, c] of Object.entries(isObject(doc.commands) ? doc.commands : {})) {
    if (!isObject(c)) continue;
    const exitCodes = new Map<string, string>();
    if (isObject(c.exit_codes))
      for (const [code, meaning] of Object.entries(c.exit_codes)) {
        const when = typeof meaning === 'string' ? meaning : isObject(meaning) ? meaning.when : '';
        if (typeof when === 'string') exitCodes.set(code, words(when));
      }
    commands.set(path, {
      ...(isObject(c.flags) ? { flags: flagsOf(c.flags) } : {}),
      ...(Array.isArray(c.args) ? { args: c.args.flatMap((a) => inputOf(a) ?? []) } : {}),
      ...(isObject(c.exit_codes) ? { exitCodes } : {}),
      offers: new Set(isObject(c.stdin) && c.stdin.accepted === true ? ['stdin'] : []),
      aliases: new Set(),
    });
  }
  return {
    label: 'help',
    commands,
    ...(isObject(doc.global_flags) ? { globalFlags: flagsOf(doc.global_flags) } : {}),
    offers,
  };
}

const DANGER: Record<string, number> = { safe: 0, mutating: 1, destructive: 2 };

/** An ExitCodeEntry as a caller branches on it, in words: its name, whether to retry, what it left behind. */
const exitMeaning = (entry: Record<string, unknown>): string =>
  [
    typeof entry.name === 'string' ? entry.name : 'no name',
    entry.retryable === true
      ? 'retryable'
      : entry.retryable === false
        ? 'not retryable'
        : 'retry unsaid',
    `side effects ${typeof entry.side_effects === 'string' ? entry.side_effects : 'unsaid'}`,
  ].join(', ');

/** The exec guide's dispatch manifest: `_cmd` keys, danger levels, FlagEntry flags, ExitCodeEntry exit codes. */
export function execSurface(manifest: unknown): SurfaceSpec {
  const m = isObject(manifest) ? manifest : {};
  const commands = new Map<string, CommandSpec>();
  for (const [name, c] of Object.entries(isObject(m.commands) ? m.commands : {})) {
    if (!isObject(c)) continue;
    const exitCodes = new Map<string, string>();
    if (isObject(c.exit_codes))
      for (const [code, entry] of Object.entries(c.exit_codes))
        if (isObject(entry)) exitCodes.set(code, exitMeaning(entry));
    const danger = typeof c.danger_level === 'string' ? DANGER[c.danger_level] : undefined;
    commands.set(name, {
      ...(isObject(c.flags) ? { flags: flagsOf(c.flags, EXEC_TYPES) } : {}),
      ...(isObject(c.exit_codes) ? { exitCodes } : {}),
      ...(danger !== undefined ? { danger } : {}),
      offers: new Set(),
      aliases: new Set(strings(c.aliases)),
    });
  }
  return { label: 'exec manifest', commands, offers: new Set() };
}

/** The new type takes every value of the old one: the same type, a string for any value, a float for an int. */
const accepts = (after: string, before: string) =>
  after === before ||
  (after === 'string' && before !== 'bool' && before !== 'array') ||
  (after === 'float' && before === 'int');

function compareInput(
  kind: 'flag' | 'argument',
  where: string,
  before: InputSpec,
  after: InputSpec,
  out: Difference[],
): void {
  const narrowed = kind === 'flag' ? 'flag-type-narrowed' : 'argument-narrowed';
  const enumNarrowed = kind === 'flag' ? 'flag-enum-narrowed' : 'argument-narrowed';
  const bothEnums = before.enum !== undefined && after.enum !== undefined;
  if (!accepts(after.type, before.type) && !(bothEnums && after.type === before.type))
    out.push({
      class: narrowed,
      where,
      message: `${where} took ${before.type} and now takes ${after.type}`,
    });
  else if (before.enum && after.enum) {
    const gone = before.enum.filter((v) => !after.enum!.includes(v));
    const added = after.enum.filter((v) => !before.enum!.includes(v));
    if (gone.length > 0)
      out.push({
        class: enumNarrowed,
        where,
        message: `${where} no longer takes ${gone.map((v) => JSON.stringify(v)).join(', ')}`,
      });
    if (added.length > 0)
      out.push({
        class: 'input-widened',
        where,
        message: `${where} now also takes ${added.map((v) => JSON.stringify(v)).join(', ')}`,
      });
  } else if (!before.enum && after.enum && after.type === before.type)
    out.push({
      class: enumNarrowed,
      where,
      message: `${where} is now limited to ${after.enum.map((v) => JSON.stringify(v)).join(', ')}`,
    });
  else if (after.type !== before.type || (before.enum && !after.enum))
    out.push({
      class: 'input-widened',
      where,
      message: `${where} took ${before.type} and now takes ${after.type}`,
    });
  if (before.repeatable && !after.repeatable)
    out.push({ class: narrowed, where, message: `${where} can no longer be given more than once` });
  else if (!before.repeatable && after.repeatable)
    out.push({
      class: 'input-widened',
      where,
      message: `${where} may now be given more than once`,
    });
  if (!before.required && after.required)
    out.push({ class: 'required-input-added', where, message: `${where} is now required` });
  else if (before.required && !after.required)
    out.push({
      class: 'input-became-optional',
      where,
      message: `${where} is no longer required`,
    });
  for (const spelling of before.spellings)
    if (!after.spellings.includes(spelling))
      out.push({
        class: 'flag-removed',
        where: `${where} (${spelling})`,
        message: `${where}: its spelling ${spelling} is gone`,
      });
}

/** A removed flag and an added one of the same kind: the same type and values, and the same description where both say one (or the only pair). */
function sameKind(a: InputSpec, b: InputSpec, onlyPair: boolean): boolean {
  if (a.type !== b.type || JSON.stringify(a.enum ?? null) !== JSON.stringify(b.enum ?? null))
    return false;
  if (a.description !== undefined && b.description !== undefined)
    return words(a.description) === words(b.description) || onlyPair;
  return onlyPair;
}

function compareFlags(
  scope: string,
  before: ReadonlyMap<string, InputSpec>,
  after: ReadonlyMap<string, InputSpec>,
  out: Difference[],
): void {
  const removed = [...before.keys()].filter((n) => !after.has(n));
  const added = [...after.keys()].filter((n) => !before.has(n));
  const renamedTo = new Map<string, string>();
  for (const name of removed) {
    const to = added.find(
      (a) =>
        ![...renamedTo.values()].includes(a) &&
        sameKind(before.get(name)!, after.get(a)!, removed.length === 1 && added.length === 1),
    );
    if (to !== undefined) renamedTo.set(name, to);
  }
  for (const name of removed) {
    const to = renamedTo.get(name);
    out.push(
      to !== undefined
        ? {
            class: 'flag-renamed',
            where: `${scope} flag --${name}`,
            message: `${scope}: --${name} is gone and --${to}, of the same kind, came in (renamed?)`,
          }
        : {
            class: 'flag-removed',
            where: `${scope} flag --${name}`,
            message: `${scope}: --${name} is gone`,
          },
    );
  }
  for (const name of added) {
    if ([...renamedTo.values()].includes(name) && !after.get(name)!.required) continue;
    out.push(
      after.get(name)!.required
        ? {
            class: 'required-input-added',
            where: `${scope} flag --${name}`,
            message: `${scope}: --${name} is new and required`,
          }
        : {
            class: 'flag-added',
            where: `${scope} flag --${name}`,
            message: `${scope}: --${name} is new`,
          },
    );
  }
  for (const [name, spec] of before)
    if (after.has(name))
      compareInput('flag', `${scope} flag --${name}`, spec, after.get(name)!, out);
}

function compareArgs(
  scope: string,
  before: readonly InputSpec[],
  after: readonly InputSpec[],
  out: Difference[],
): void {
  before.forEach((arg, i) => {
    const where = `${scope} argument ${i + 1}`;
    if (i >= after.length)
      out.push({ class: 'argument-removed', where, message: `${where} is gone` });
    else compareInput('argument', where, arg, after[i]!, out);
  });
  after.slice(before.length).forEach((arg, k) => {
    const where = `${scope} argument ${before.length + k + 1}`;
    out.push(
      arg.required
        ? { class: 'required-input-added', where, message: `${where} is new and required` }
        : { class: 'argument-added', where, message: `${where} is new` },
    );
  });
}

function compareOffers(
  scope: string,
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
  out: Difference[],
): void {
  for (const offer of before)
    if (!after.has(offer))
      out.push({
        class: 'capability-withdrawn',
        where: `${scope}: ${offer}`,
        message: `${scope}: ${offer} is no longer offered`,
      });
  for (const offer of after)
    if (!before.has(offer))
      out.push({
        class: 'capability-added',
        where: `${scope}: ${offer}`,
        message: `${scope}: ${offer} is newly offered`,
      });
}

const DANGER_WORDS = ['read-only', 'mutating', 'destructive'];

function compareCommand(
  scope: string,
  before: CommandSpec,
  after: CommandSpec,
  out: Difference[],
): void {
  if (before.flags && after.flags) compareFlags(scope, before.flags, after.flags, out);
  if (before.args && after.args) compareArgs(scope, before.args, after.args, out);
  if (before.danger !== undefined && after.danger !== undefined && before.danger !== after.danger)
    out.push({
      class: after.danger > before.danger ? 'command-now-mutating' : 'command-now-read-only',
      where: scope,
      message: `${scope} was ${DANGER_WORDS[before.danger]} and is now ${DANGER_WORDS[after.danger]}`,
    });
  if (!before.requiresConfirm && after.requiresConfirm)
    out.push({
      class: 'confirmation-now-required',
      where: scope,
      message: `${scope} now requires --confirm`,
    });
  else if (before.requiresConfirm && after.requiresConfirm === false)
    out.push({
      class: 'input-became-optional',
      where: scope,
      message: `${scope} no longer requires --confirm`,
    });
  compareOffers(scope, before.offers, after.offers, out);
  for (const alias of before.aliases)
    if (!after.aliases.has(alias))
      out.push({
        class: 'command-removed',
        where: `${scope} (alias ${alias})`,
        message: `${scope}: its alias ${alias} is gone`,
      });
  if (before.eventTypes && after.eventTypes) {
    for (const type of before.eventTypes)
      if (!after.eventTypes.has(type))
        out.push({
          class: 'event-type-removed',
          where: `${scope}: event ${type}`,
          message: `${scope} no longer declares the event type ${JSON.stringify(type)}`,
        });
    for (const type of after.eventTypes)
      if (!before.eventTypes.has(type))
        out.push({
          class: 'event-type-added',
          where: `${scope}: event ${type}`,
          message: `${scope} declares a new event type ${JSON.stringify(type)}`,
        });
  }
  if (before.exitCodes && after.exitCodes)
    for (const [code, meaning] of after.exitCodes) {
      const was = before.exitCodes.get(code);
      if (was === undefined)
        out.push({
          class: 'exit-code-added',
          where: `${scope} exit ${code}`,
          message: `${scope} documents a new exit code ${code}`,
        });
      else if (was !== meaning)
        out.push({
          class: 'exit-code-meaning-changed',
          where: `${scope} exit ${code}`,
          message: `${scope}: exit code ${code} meant ${JSON.stringify(was)} and now means ${JSON.stringify(meaning)}`,
        });
    }
}

/** The differences between two readings of one surface, for a caller of `before`. */
export function compareSurfaces(before: SurfaceSpec, after: SurfaceSpec): Difference[] {
  const out: Difference[] = [];
  const label = after.label;
  compareOffers(label, before.offers, after.offers, out);
  if (before.globalFlags && after.globalFlags)
    compareFlags(`${label}: global`, before.globalFlags, after.globalFlags, out);
  for (const [name, command] of before.commands) {
    const scope = `${label}: command ${name}`;
    const now = after.commands.get(name);
    if (now) compareCommand(scope, command, now, out);
    else out.push({ class: 'command-removed', where: scope, message: `${scope} is gone` });
  }
  for (const name of after.commands.keys())
    if (!before.commands.has(name))
      out.push({
        class: 'command-added',
        where: `${label}: command ${name}`,
        message: `${label}: command ${name} is new`,
      });
  return out;
}
