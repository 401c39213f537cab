import type { Severity } from '../../../spec/types.js';
import type { FaultFactoryOf } from '../../fault-contract.js';
import type { Commands } from '../engine/behaviour.js';
import type { OutLine } from '../engine/types.js';
import type { Fault, FaultState } from './fault.js';

/** One event as a tool emits it (and as a fault receives it). */
export type Event = { type: string } & Record<string, unknown>;

/**
 * A catalogued AOI fault: a `Fault` that also says how bad its findings are.
 *
 * `violates` (from the fault contract) lists every sub-rule a conforming checker reports for the fault — errors
 * and warnings alike, no more, no less — on the reference run its catalogue entry names.
 * `severity` is the worst of them in the checker's default mode: `'warning'` says that every finding
 * is a warning, so a lenient check passes the stream and only a strict one fails it.
 */
export interface StreamFault<P extends object = object> extends Fault<P> {
  readonly severity: Severity;
  /**
   * How the process linter sees the fault when it lints the reference tool with REFERENCE_LINT_PLAN
   * (tools/notes/lint-plan.ts), where `violates` is declared for one reference run. `also`: sub-rules
   * it reports besides `violates` — the same defect in other runs (a failing run that loses its summary
   * too, watch's interrupted summary). `setupFails`: every run fails, so the linter cannot build the
   * state it lints from and says so. Behaviour faults declare everything in `violates`.
   */
  readonly underLint?: { readonly also?: readonly string[]; readonly setupFails?: true };
}

/** Every fault file exports one of these: parameters in, a fresh fault out. */
export type FaultFactory<P extends object> = FaultFactoryOf<StreamFault<P>>;

export const isFrameworkType = (type: string): boolean => type.startsWith('aoi:');
export const isDomainEvent = (event: Event): boolean => !isFrameworkType(event.type);

/**
 * Which events a fault acts on: `'all'`, `'domain'` (unprefixed types: hit, entry, created, …), or a
 * list of exact types.
 */
export type Target = 'all' | 'domain' | readonly string[];

export function matches(target: Target, event: Event): boolean {
  if (target === 'all') return true;
  if (target === 'domain') return isDomainEvent(event);
  return target.includes(event.type);
}

/**
 * Memory that lasts one run. The engine gives each run its own `FaultState`, so keying on it lets one
 * fault instance serve many runs (and parallel runs) without leaking state between them.
 */
export function perRun<T>(init: (state: FaultState) => T): (state: FaultState) => T {
  const memory = new WeakMap<FaultState, T>();
  return (state) => {
    let value = memory.get(state);
    if (value === undefined) {
      value = init(state);
      memory.set(state, value);
    }
    return value;
  };
}

/** One item of a list, chosen with the run's seeded randomness. */
export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}

/** An integer in [min, max], seeded. */
export function between(min: number, max: number, random: () => number): number {
  return min + Math.min(max - min, Math.floor(random() * (max - min + 1)));
}

/** A raw line of text (the newline is added here). */
export const text = (line: string): OutLine => ({ raw: `${line}\n` });

/** A raw line holding an event serialised some other way than compact JSON + LF. */
export const rawEvent = (serialised: string): OutLine => ({ raw: serialised });

/** Random characters from an alphabet, seeded (tokens, ids). */
export function randomChars(
  length: number,
  random: () => number,
  alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

/** Commands in words, for descriptions: `search`, `create, update`, `every command`. */
export const commandsInWords = (commands: Commands): string =>
  commands === 'all' ? 'every command' : commands.join(', ');

/** The ids, each once, in a stable order. */
export function distinct(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

/** Sub-rules that are warnings: used by factories whose findings depend on their parameters. */
const WARNING_IDS = new Set([
  'AOI-01/schema-invalid',
  'AOI-01/capabilities-invalid',
  'AOI-02/line-too-long',
  'AOI-06/dry-run-no-plan',
  'AOI-06/read-only-side-effect',
  'AOI-07/key-rejected',
  'AOI-08/no-mutation-event',
  'AOI-08/missing-id',
  'AOI-08/id-not-unique',
  'AOI-10/pipe-stack-trace',
  'AOI-10/pipe-hang',
  'AOI-10/signal-stack-trace',
  'AOI-10/signal-ignored',
  'AOI-11/cursor-without-truncated',
  'AOI-11/limit-ignored',
  'AOI-12/wrong-line-number',
  'AOI-12/fail-fast-side-effect',
  'AOI-13/meta-schema-version',
  'AOI-13/unsupported-version-accepted',
  'AOI-02/crlf',
  'AOI-03/meta-not-first',
  'AOI-03/failure-without-summary',
  'AOI-03/exit-zero-not-ok',
  'AOI-03/count-mismatch',
  'AOI-04/unknown-framework-type',
  'AOI-04/reserved-name-summary',
  'AOI-04/timestamp-not-rfc3339',
  'AOI-05/unknown-category',
  'AOI-05/retryable-mismatch',
  'AOI-05/code-format',
  'AOI-05/usage-exit-code',
  'AOI-06/confirm-count-ignored',
  'AOI-06/wrote-outside-sandbox',
  'AOI-08/id-unresolvable',
  'AOI-10/pipe-exit-code',
  'AOI-10/no-interrupted-summary',
  'AOI-10/signal-exit-code',
  'AOI-11/truncated-without-cursor',
  'AOI-11/unbounded-by-default',
  'AOI-11/output-cap-exceeded',
  'AOI-10/process-survived',
  'AOI-13/meta-aoi-version',
]);

/**
 * The worst severity among sub-rule ids, as the fault itself understands them. Written down here,
 * not read from the registry, so that the table test cross-checks the two.
 */
export function worstOf(ids: readonly string[]): Severity {
  return ids.every((id) => WARNING_IDS.has(id)) ? 'warning' : 'error';
}

/**
 * What a consumer loses when some events become unreadable lines (coloured, pretty-printed, badly
 * encoded, …), on a finite run that exits 0 with meta first and a summary that counts its items:
 *
 * - all of them: no event at all, so EOF without a summary;
 * - the summary: EOF without a summary;
 * - the meta: the next event leads (meta-not-first) and no meta reports schema_version;
 * - an item, warning or error while the summary survives: the summary's counts no longer match.
 */
export function consequencesOfLosing(target: Target): string[] {
  if (target === 'all') return ['AOI-03/eof-without-summary'];
  if (target === 'domain') return ['AOI-03/count-mismatch'];
  const ids: string[] = [];
  const summaryLost = target.includes('aoi:summary');
  if (summaryLost) ids.push('AOI-03/eof-without-summary');
  if (target.includes('aoi:meta')) ids.push('AOI-03/meta-not-first', 'AOI-13/meta-schema-version');
  const counted = target.some(
    (type) =>
      !isFrameworkType(type) ||
      ['aoi:check', 'aoi:plan', 'aoi:warning', 'aoi:error'].includes(type),
  );
  if (counted && !summaryLost) ids.push('AOI-03/count-mismatch');
  return ids;
}

/**
 * A raw line that must be written as bytes (invalid UTF-8, say): the engine writes `bytes`; `raw` is
 * the same line as a lenient decoder would read it. See invalid-utf8.ts.
 */
export interface ByteLine {
  raw: string;
  bytes: Uint8Array;
}

/**
 * What the linter also sees when the summary becomes unreadable: its probes of failing runs (a malformed
 * input line, a refused --confirm-count) end non-zero without a summary, which is a warning (§23). When
 * every event is lost, those runs carry no event at all and owe nothing.
 */
export function summaryLossUnderLint(target: Target): StreamFault['underLint'] {
  return target !== 'all' && target !== 'domain' && target.includes('aoi:summary')
    ? { also: ['AOI-03/failure-without-summary'] }
    : undefined;
}
