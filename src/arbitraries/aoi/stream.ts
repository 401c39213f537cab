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

export const COMMAND_KINDS: readonly CommandKind[] = [
  'read',
  'mutate',
  'dry-run',
  'doctor',
  'unbounded',
];
export const STREAM_OUTCOMES: readonly StreamOutcome[] = [
  'ok',
  'truncated',
  'partial',
  'failed',
  'usage-error',
];

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
  /**
   * Fewest and most items (default 0 and 20): the events `summary.count` counts — domain events (a
   * read, an unbounded stream), created/updated/deleted (a mutation), `aoi:plan` (a dry run), `aoi:check`
   * (doctor). `aoi:progress`, `aoi:warning` and `aoi:heartbeat` come on top, a few between the items.
   */
  minItems?: number;
  maxItems?: number;
  /**
   * Fewest and most `aoi:error` events of a partial or failed stream (default 1 and 3; at least 1: a
   * stream that failed says why). Streams that succeed have none; a usage error is one `aoi:error` alone.
   */
  minErrors?: number;
  maxErrors?: number;
}

/** JSONL as a conforming tool writes it. */
export function serialise(events: readonly object[]): Uint8Array {
  return Buffer.from(events.map((event) => `${JSON.stringify(event)}\n`).join(''), 'utf8');
}

const list = <T>(value: T | readonly T[] | undefined, all: readonly T[]): readonly T[] =>
  value === undefined ? all : Array.isArray(value) ? value : [value as T];

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
        .record(
          { type: fc.constantFrom('created', 'updated', 'deleted'), id: aoiId(), title: aoiText() },
          { requiredKeys: ['type', 'id'] },
        )
        .map((event) => event as AoiEventValue);
    case 'dry-run':
      return aoiPlan();
    case 'doctor':
      // A healthy doctor may fail checks, but none of severity error.
      return healthy
        ? fc.oneof(
            aoiCheck({ ok: true }),
            aoiCheck({ ok: false, severity: 'info' }),
            aoiCheck({ ok: false, severity: 'warning' }),
          )
        : aoiCheck();
    default:
      return anyDomainEvent();
  }
}

/** Asides (progress, warnings, heartbeats) at most, for a body of up to `maxItems` items: about one in five. */
const maxAsides = (maxItems: number) => Math.max(1, Math.ceil(maxItems / 5));

/** Insert events at chosen places of a body, in turn (each index taken modulo the body's length + 1). */
function insertAll(
  body: readonly AoiEventValue[],
  placed: readonly (readonly [AoiEventValue, number])[],
): AoiEventValue[] {
  let out = [...body];
  for (const [event, at] of placed) out = insertAt(out, event, at);
  return out;
}

/** A body of events: between minItems and maxItems items, and a few asides placed anywhere between them. */
function bodyOf(
  item: fc.Arbitrary<AoiEventValue>,
  aside: fc.Arbitrary<AoiEventValue>,
  bounds: Bounds,
): fc.Arbitrary<AoiEventValue[]> {
  return fc
    .tuple(
      fc.array(item, { minLength: bounds.minItems, maxLength: bounds.maxItems }),
      fc.array(fc.tuple(aside, fc.nat()), { maxLength: maxAsides(bounds.maxItems) }),
    )
    .map(([items, asides]) => insertAll(items, asides));
}

/** The checked bounds of aoiStream's options. */
interface Bounds {
  minItems: number;
  maxItems: number;
  minErrors: number;
  maxErrors: number;
}

/** Optional summary fields, each written or not; when written, consistent with the body. */
function summaryOf(
  body: readonly AoiEventValue[],
  fixed: Record<string, unknown>,
  optional: { counts: [boolean, boolean, boolean]; elapsed?: number; timestamp?: string },
) {
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
  {
    counts: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
    elapsed: fc.nat({ max: 3_600_000 }),
    timestamp: aoiTimestamp(),
  },
  { requiredKeys: ['counts'] },
);

/** Insert an event at a chosen place of a body (index taken modulo its length + 1). */
function insertAt(
  body: readonly AoiEventValue[],
  event: AoiEventValue,
  at: number,
): AoiEventValue[] {
  const i = at % (body.length + 1);
  return [...body.slice(0, i), event, ...body.slice(i)];
}

const COMMAND_FOR: Record<CommandKind, readonly string[]> = {
  read: ['search', 'list', 'get', 'show'],
  mutate: ['create', 'update', 'delete', 'import'],
  'dry-run': ['create', 'update', 'delete'],
  doctor: ['doctor'],
  unbounded: ['watch', 'tail'],
};

const meta = (kind: CommandKind) =>
  fc.oneof({ withCrossShrink: true }, ...COMMAND_FOR[kind].map((command) => aoiMeta({ command })));

function finite(
  kind: Exclude<CommandKind, 'unbounded'>,
  outcome: StreamOutcome,
  bounds: Bounds,
): fc.Arbitrary<GeneratedStream> {
  const done = (events: AoiEventValue[], exitCode: number): GeneratedStream => ({
    events,
    bytes: serialise(events),
    exitCode,
    signal: null,
    unbounded: false,
    kind,
    outcome,
  });
  const aside = fc.oneof(aoiProgress(), aoiWarning());
  switch (outcome) {
    case 'usage-error':
      // Before the stream starts: a usage error alone, no meta and no summary, exit 64 (§2, §20).
      return aoiError({ category: 'usage' }).map((error) =>
        done([error], SUGGESTED_EXIT_CODE.usage),
      );
    case 'ok':
    case 'truncated':
      return fc
        .tuple(meta(kind), bodyOf(itemFor(kind, true), aside, bounds), summaryExtras, aoiCursor())
        .map(([m, body, extras, cursor]) => {
          const fixed =
            outcome === 'truncated'
              ? { ok: true, truncated: true, next_cursor: cursor }
              : { ok: true };
          return done([m, ...body, summaryOf(body, fixed, extras)], 0);
        });
    case 'partial':
    case 'failed': {
      // Errors placed among the items; a partial run keeps its results and says so (§19.4).
      const errors = fc.array(fc.tuple(aoiError({ lineNumber: outcome === 'partial' }), fc.nat()), {
        minLength: bounds.minErrors,
        maxLength: bounds.maxErrors,
      });
      // A failed doctor has a failing check of severity error: one of its items, when it has any.
      const failingCheck =
        kind === 'doctor'
          ? fc.tuple(aoiCheck({ ok: false, severity: 'error' }), fc.nat())
          : fc.constant(undefined);
      const items = fc.array(itemFor(kind, outcome === 'partial'), {
        minLength: bounds.minItems,
        maxLength: bounds.maxItems,
      });
      const asides = fc.array(fc.tuple(aside, fc.nat()), { maxLength: maxAsides(bounds.maxItems) });
      return fc
        .tuple(meta(kind), items, failingCheck, asides, errors, summaryExtras)
        .map(([m, list, check, placedAsides, placedErrors, extras]) => {
          const withCheck =
            check && list.length > 0
              ? list.map((item, i) => (i === check[1] % list.length ? check[0] : item))
              : list;
          const body = insertAll(withCheck, [...placedAsides, ...placedErrors]);
          const firstError = body.find((event) => event.type === 'aoi:error');
          const exitCode =
            outcome === 'partial' || !firstError
              ? 1
              : SUGGESTED_EXIT_CODE[firstError.category as ErrorCategory];
          return done(
            [
              m,
              ...body,
              summaryOf(
                body,
                outcome === 'partial' ? { ok: false, partial: true } : { ok: false },
                extras,
              ),
            ],
            exitCode,
          );
        });
    }
  }
}

/** An unbounded stream (§4.2): maybe meta, results and heartbeats, then an interrupted summary (130/143) or death by a signal. */
function unbounded(bounds: Bounds): fc.Arbitrary<GeneratedStream> {
  const aside = fc.oneof(
    { arbitrary: aoiHeartbeat(), weight: 2 },
    { arbitrary: aoiProgress(), weight: 1 },
  );
  const ending = fc.oneof(
    fc.constantFrom<['interrupted', number]>(['interrupted', 130], ['interrupted', 143]),
    fc.constantFrom<['killed', NodeJS.Signals]>(
      ['killed', 'SIGTERM'],
      ['killed', 'SIGKILL'],
      ['killed', 'SIGINT'],
    ),
  );
  return fc
    .tuple(
      fc.option(meta('unbounded'), { nil: undefined }),
      bodyOf(anyDomainEvent(), aside, bounds),
      ending,
    )
    .map(([m, body, [how, end]]) => {
      const head = m ? [m] : [];
      if (how === 'interrupted') {
        const events = [
          ...head,
          ...body,
          { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true },
        ];
        return {
          events,
          bytes: serialise(events),
          exitCode: end as number,
          signal: null,
          unbounded: true,
          kind: 'unbounded',
          outcome: how,
        } as GeneratedStream;
      }
      const events = [...head, ...body];
      return {
        events,
        bytes: serialise(events),
        exitCode: null,
        signal: end as NodeJS.Signals,
        unbounded: true,
        kind: 'unbounded',
        outcome: how,
      } as GeneratedStream;
    });
}

/**
 * A conformant stream (AOI-CLI §4, §8, §9, §15): meta first, results, a summary last whose `ok`,
 * counts, truncation and cursor agree with the events and the exit status. Drawn over command kinds
 * (read, mutate, dry-run, doctor, unbounded) and outcomes (ok, truncated, partial, failed, a usage
 * error before the stream starts); unbounded streams end interrupted (130/143) or killed by a signal.
 * `minItems`/`maxItems` bound the items `summary.count` counts (progress, warnings and heartbeats come
 * on top); `minErrors`/`maxErrors` the `aoi:error` events of a partial or failed stream (default 1–3).
 * Any conforming checker passes every one of them, in any chunking (`chunked(aoiStream())`).
 *
 * @example
 * fc.assert(
 *   fc.property(aoiStream({ kind: 'read' }), (stream) => {
 *     expect(checkStream(stream.bytes, { exitCode: stream.exitCode, signal: stream.signal, unbounded: stream.unbounded }).ok).toBe(true);
 *   }),
 * );
 */
export function aoiStream(options: AoiStreamOptions = {}): fc.Arbitrary<GeneratedStream> {
  const bounds: Bounds = {
    minItems: options.minItems ?? 0,
    maxItems: options.maxItems ?? Math.max(20, options.minItems ?? 0),
    minErrors: options.minErrors ?? 1,
    maxErrors: options.maxErrors ?? Math.max(3, options.minErrors ?? 1),
  };
  const { minItems, maxItems, minErrors, maxErrors } = bounds;
  if (
    ![minItems, maxItems, minErrors, maxErrors].every(Number.isInteger) ||
    minItems < 0 ||
    maxItems < minItems
  ) {
    throw new RangeError(
      `aoiStream: need 0 <= minItems <= maxItems (integers), got ${minItems} and ${maxItems}`,
    );
  }
  if (minErrors < 1 || maxErrors < minErrors) {
    throw new RangeError(
      `aoiStream: need 1 <= minErrors <= maxErrors (integers; a partial or failed stream says why), got ${minErrors} and ${maxErrors}`,
    );
  }
  const kinds = list(options.kind, COMMAND_KINDS);
  const outcomes = list(options.outcome, STREAM_OUTCOMES);
  const arbitraries: fc.Arbitrary<GeneratedStream>[] = [];
  for (const kind of kinds) {
    if (!COMMAND_KINDS.includes(kind))
      throw new RangeError(`aoiStream: unknown kind "${kind}"; kinds: ${COMMAND_KINDS.join(', ')}`);
    if (kind === 'unbounded') arbitraries.push(unbounded(bounds));
    else
      for (const outcome of outcomes) {
        if (!STREAM_OUTCOMES.includes(outcome))
          throw new RangeError(
            `aoiStream: unknown outcome "${outcome}"; outcomes: ${STREAM_OUTCOMES.join(', ')}`,
          );
        // A dry run plans; it does not fail half-way. A truncated doctor is no such thing.
        if (
          (kind === 'dry-run' && outcome === 'partial') ||
          (kind === 'doctor' && (outcome === 'truncated' || outcome === 'partial'))
        )
          continue;
        arbitraries.push(finite(kind, outcome, bounds));
      }
  }
  if (arbitraries.length === 0)
    throw new RangeError('aoiStream: no stream has that kind and outcome');
  // Cross-shrinking: a failure also shrinks towards the first kind and outcome that still fails.
  return arbitraries.length === 1
    ? arbitraries[0]!
    : fc.oneof({ withCrossShrink: true }, ...arbitraries);
}
