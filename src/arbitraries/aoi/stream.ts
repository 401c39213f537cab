import fc from 'fast-check';
import { SUGGESTED_EXIT_CODE, type ErrorCategory } from '../../spec/aoi/constants.js';
import {
  aoiCheck,
  aoiError,
  aoiHeartbeat,
  aoiMeta,
  aoiPlan,
  aoiProgress,
  aoiWarning,
  anyDomainEvent,
  type AoiEventValue,
} from './events.js';
import { aoiCursor, aoiId, aoiText, aoiTimestamp } from './values.js';

/** What kind of command wrote the stream (§4, §14, §19.3). */
export type CommandKind = 'read' | 'mutate' | 'dry-run' | 'doctor' | 'unbounded';
/** How a finite command ended (§4.1, §15, §19.4, §20). */
export type StreamOutcome = 'ok' | 'truncated' | 'partial' | 'failed' | 'usage-error';

export const COMMAND_KINDS: readonly CommandKind[] = ['read', 'mutate', 'dry-run', 'doctor', 'unbounded'];
export const STREAM_OUTCOMES: readonly StreamOutcome[] = ['ok', 'truncated', 'partial', 'failed', 'usage-error'];

/** A generated stream and how its process ended: what a checker or a consumer is given. */
export interface GeneratedStream {
  /** The events in the order written. */
  readonly events: readonly AoiEventValue[];
  /** The bytes on stdout: compact JSON, one event per LF-terminated line. */
  readonly bytes: Uint8Array;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The command is unbounded (§4.2): judge with `{ unbounded: true }`. */
  readonly unbounded: boolean;
  readonly kind: CommandKind;
  /** How a finite stream ended; `interrupted` or `killed` for an unbounded one. */
  readonly outcome: StreamOutcome | 'interrupted' | 'killed';
}

export interface AoiStreamOptions {
  /** The command kinds to draw from (default: all). */
  kind?: CommandKind | readonly CommandKind[];
  /** The outcomes of finite commands to draw from (default: all). Unbounded streams end interrupted or killed. */
  outcome?: StreamOutcome | readonly StreamOutcome[];
  /** Fewest and most item events (default 0 and 20). */
  minItems?: number;
  maxItems?: number;
}

/** JSONL as a conforming tool writes it. */
export function serialise(events: readonly object[]): Uint8Array {
  return Buffer.from(events.map((event) => `${JSON.stringify(event)}\n`).join(''), 'utf8');
}

const list = <T>(value: T | readonly T[] | undefined, all: readonly T[]): readonly T[] => (value === undefined ? all : Array.isArray(value) ? value : [value as T]);

/** The counts a summary must report for a body of events (the rule of §8.3 and §19.3). */
function countsOf(body: readonly AoiEventValue[]) {
  let count = 0;
  let warnings = 0;
  let errors = 0;
  for (const event of body) {
    if (event.type === 'aoi:warning') warnings++;
    else if (event.type === 'aoi:error') errors++;
    else if (event.type === 'aoi:progress' || event.type === 'aoi:heartbeat') continue;
    else {
      count++;
      if (event.type === 'aoi:check' && event.ok === false) {
        if (event.severity === 'error') errors++;
        else if (event.severity === 'warning') warnings++;
      }
    }
  }
  return { count, warning_count: warnings, error_count: errors };
}

/** The events a command of a kind writes as its results. */
function itemFor(kind: CommandKind, healthy: boolean): fc.Arbitrary<AoiEventValue> {
  switch (kind) {
    case 'mutate':
      return fc
        .record({ type: fc.constantFrom('created', 'updated', 'deleted'), id: aoiId(), title: aoiText() }, { requiredKeys: ['type', 'id'] })
        .map((event) => event as AoiEventValue);
    case 'dry-run':
      return aoiPlan();
    case 'doctor':
      // A healthy doctor may fail checks, but none of severity error.
      return healthy ? fc.oneof(aoiCheck({ ok: true }), aoiCheck({ ok: false, severity: 'info' }), aoiCheck({ ok: false, severity: 'warning' })) : aoiCheck();
    default:
      return anyDomainEvent();
  }
}

/** A run of body events: items, with progress and warnings between them now and then. */
function bodyOf(kind: CommandKind, healthy: boolean, minItems: number, maxItems: number): fc.Arbitrary<AoiEventValue[]> {
  const item = itemFor(kind, healthy);
  const aside = fc.oneof(aoiProgress(), aoiWarning());
  const slot = fc.oneof({ arbitrary: item, weight: 6 }, { arbitrary: aside, weight: 1 });
  // Items are counted afterwards, so the bounds hold for items plus asides (a stream of ~N events).
  return fc.array(slot, { minLength: minItems, maxLength: Math.max(minItems, maxItems) });
}

/** Optional summary fields, each written or not; when written, consistent with the body. */
function summaryOf(body: readonly AoiEventValue[], fixed: Record<string, unknown>, optional: { counts: [boolean, boolean, boolean]; elapsed?: number; timestamp?: string }) {
  const counts = countsOf(body);
  const summary: AoiEventValue = { type: 'aoi:summary', ...fixed };
  const [count, warnings, errors] = optional.counts;
  if (count) summary.count = counts.count;
  if (warnings) summary.warning_count = counts.warning_count;
  if (errors) summary.error_count = counts.error_count;
  if (optional.elapsed !== undefined) summary.elapsed_ms = optional.elapsed;
  if (optional.timestamp !== undefined) summary.timestamp = optional.timestamp;
  return summary;
}

const summaryExtras = fc.record(
  { counts: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), elapsed: fc.nat({ max: 3_600_000 }), timestamp: aoiTimestamp() },
  { requiredKeys: ['counts'] },
);

const COMMAND_FOR: Record<CommandKind, readonly string[]> = {
  read: ['search', 'list', 'get', 'show'],
  mutate: ['create', 'update', 'delete', 'import'],
  'dry-run': ['create', 'update', 'delete'],
  doctor: ['doctor'],
  unbounded: ['watch', 'tail'],
};

const meta = (kind: CommandKind) => fc.oneof(...COMMAND_FOR[kind].map((command) => aoiMeta({ command })));

/** Insert an event at a chosen place of a body (index taken modulo its length + 1). */
const insertAt = (body: readonly AoiEventValue[], event: AoiEventValue, at: number) => {
  const i = at % (body.length + 1);
  return [...body.slice(0, i), event, ...body.slice(i)];
};

function finite(kind: Exclude<CommandKind, 'unbounded'>, outcome: StreamOutcome, minItems: number, maxItems: number): fc.Arbitrary<GeneratedStream> {
  const done = (events: AoiEventValue[], exitCode: number): GeneratedStream => ({ events, bytes: serialise(events), exitCode, signal: null, unbounded: false, kind, outcome });
  switch (outcome) {
    case 'usage-error':
      // Before the stream starts: a usage error alone, no meta and no summary, exit 64 (§2, §20).
      return aoiError({ category: 'usage' }).map((error) => done([error], SUGGESTED_EXIT_CODE.usage));
    case 'ok':
    case 'truncated':
      return fc.tuple(meta(kind), bodyOf(kind, true, minItems, maxItems), summaryExtras, aoiCursor()).map(([m, body, extras, cursor]) => {
        const fixed = outcome === 'truncated' ? { ok: true, truncated: true, next_cursor: cursor } : { ok: true };
        return done([m, ...body, summaryOf(body, fixed, extras)], 0);
      });
    case 'partial':
    case 'failed': {
      // At least one error; a partial run keeps its results and says so (§19.4).
      const errors = fc.array(fc.tuple(aoiError({ lineNumber: outcome === 'partial' }), fc.nat()), { minLength: 1, maxLength: 3 });
      const failingCheck = kind === 'doctor' ? fc.tuple(aoiCheck({ ok: false, severity: 'error' }), fc.nat()).map((placed) => [placed]) : fc.constant([]);
      return fc.tuple(meta(kind), bodyOf(kind, outcome === 'partial', minItems, maxItems), errors, failingCheck, summaryExtras).map(([m, items, placed, checks, extras]) => {
        let body = items;
        for (const [event, at] of [...placed, ...checks]) body = insertAt(body, event, at);
        const firstError = body.find((event) => event.type === 'aoi:error');
        const exitCode = outcome === 'partial' || !firstError ? 1 : SUGGESTED_EXIT_CODE[firstError.category as ErrorCategory];
        return done([m, ...body, summaryOf(body, outcome === 'partial' ? { ok: false, partial: true } : { ok: false }, extras)], exitCode);
      });
    }
  }
}

/** An unbounded stream (§4.2): maybe meta, results and heartbeats, then an interrupted summary (130/143) or death by a signal. */
function unbounded(minItems: number, maxItems: number): fc.Arbitrary<GeneratedStream> {
  const slot = fc.oneof({ arbitrary: anyDomainEvent(), weight: 4 }, { arbitrary: aoiHeartbeat(), weight: 2 }, { arbitrary: aoiProgress(), weight: 1 });
  const ending = fc.oneof(
    fc.constantFrom<['interrupted', number]>(['interrupted', 130], ['interrupted', 143]),
    fc.constantFrom<['killed', NodeJS.Signals]>(['killed', 'SIGTERM'], ['killed', 'SIGKILL'], ['killed', 'SIGINT']),
  );
  return fc.tuple(fc.option(meta('unbounded'), { nil: undefined }), fc.array(slot, { minLength: minItems, maxLength: Math.max(minItems, maxItems) }), ending).map(([m, body, [how, end]]) => {
    const head = m ? [m] : [];
    if (how === 'interrupted') {
      const events = [...head, ...body, { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true }];
      return { events, bytes: serialise(events), exitCode: end as number, signal: null, unbounded: true, kind: 'unbounded', outcome: how } as GeneratedStream;
    }
    const events = [...head, ...body];
    return { events, bytes: serialise(events), exitCode: null, signal: end as NodeJS.Signals, unbounded: true, kind: 'unbounded', outcome: how } as GeneratedStream;
  });
}

/**
 * A conformant stream (AOI-CLI §4, §8, §9, §15): meta first, results, a summary last whose `ok`,
 * counts, truncation and cursor agree with the events and the exit status. Drawn over command kinds
 * (read, mutate, dry-run, doctor, unbounded) and outcomes (ok, truncated, partial, failed, a usage
 * error before the stream starts); unbounded streams end interrupted (130/143) or killed by a signal.
 * Any conforming checker passes every one of them, in any chunking.
 *
 * @example
 * fc.assert(
 *   fc.property(aoiStream({ kind: 'read' }), (stream) => {
 *     expect(checkStream(stream.bytes, { exitCode: stream.exitCode, signal: stream.signal, unbounded: stream.unbounded }).ok).toBe(true);
 *   }),
 * );
 */
export function aoiStream(options: AoiStreamOptions = {}): fc.Arbitrary<GeneratedStream> {
  const minItems = options.minItems ?? 0;
  const maxItems = options.maxItems ?? 20;
  if (!Number.isInteger(minItems) || minItems < 0 || !Number.isInteger(maxItems) || maxItems < minItems) {
    throw new RangeError(`aoiStream: need 0 <= minItems <= maxItems (integers), got ${minItems} and ${maxItems}`);
  }
  const kinds = list(options.kind, COMMAND_KINDS);
  const outcomes = list(options.outcome, STREAM_OUTCOMES);
  const arbitraries: fc.Arbitrary<GeneratedStream>[] = [];
  for (const kind of kinds) {
    if (!COMMAND_KINDS.includes(kind)) throw new RangeError(`aoiStream: unknown kind "${kind}"; kinds: ${COMMAND_KINDS.join(', ')}`);
    if (kind === 'unbounded') arbitraries.push(unbounded(minItems, maxItems));
    else
      for (const outcome of outcomes) {
        if (!STREAM_OUTCOMES.includes(outcome)) throw new RangeError(`aoiStream: unknown outcome "${outcome}"; outcomes: ${STREAM_OUTCOMES.join(', ')}`);
        // A dry run plans; it does not fail half-way. A truncated doctor is no such thing.
        if ((kind === 'dry-run' && outcome === 'partial') || (kind === 'doctor' && (outcome === 'truncated' || outcome === 'partial'))) continue;
        arbitraries.push(finite(kind, outcome, minItems, maxItems));
      }
  }
  if (arbitraries.length === 0) throw new RangeError('aoiStream: no stream has that kind and outcome');
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}
