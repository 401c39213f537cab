import fc from 'fast-check';
import { FaultPipeline } from '../../fakes/aoi/engine/pipeline.js';
import { seededRandom } from '../../fakes/aoi/faults/fault.js';
import {
  FAULT_CATALOGUE,
  makeFault,
  type ReferenceRunId,
  type StreamFaultId,
} from '../../fakes/aoi/faults/index.js';
import type { Severity } from '../../spec/types.js';
import {
  aoiCheck,
  aoiError,
  aoiHeartbeat,
  aoiMeta,
  anyDomainEvent,
  type AoiEventValue,
} from './events.js';
import type { CommandKind, GeneratedStream } from './stream.js';
import { aoiCursor, aoiId } from './values.js';

/**
 * One labelled defect: a stream fault of the fake CLIs' catalogue (`FAULT_CATALOGUE`) with one of its
 * parameter sets. The vocabulary is the fault catalogue's, so a defect here and a fault of
 * `aoi-testkit fake` are the same thing with the same declared rule ids.
 */
export interface Defect {
  /** `<fault id>` for its default parameters, `<fault id>/<variant>` for a catalogued variant. */
  readonly id: string;
  readonly fault: StreamFaultId;
  readonly variant: string | undefined;
  readonly description: string;
  /** The sub-rules a conforming checker reports for it, no more, no less. */
  readonly violates: readonly string[];
  /** The worst of them: `warning` means a lenient checker passes the stream and only a strict one fails it. */
  readonly severity: Severity;
  /** The shape of stream its declaration holds on (the fault's reference run). */
  readonly run: ReferenceRunId;
  /** Every shape of stream its declaration holds on: its reference run first, then the others (see DEFECT_SHAPES). */
  readonly shapes: readonly DefectShape[];
}

/**
 * The shapes of stream a defect is injected into: the fakes' two reference runs, and three more —
 * `mutation` (meta, created/updated/deleted items, a summary that counts them; exit 0), `doctor` (meta,
 * passing `aoi:check`s, a summary; exit 0) and `unbounded` (meta, domain events and heartbeats, an
 * interrupted summary; exit 130 or 143; judged with `unbounded: true`).
 */
export type DefectShape = ReferenceRunId | 'mutation' | 'doctor' | 'unbounded';
export const DEFECT_SHAPES: readonly DefectShape[] = [
  'search-truncated',
  'get-missing',
  'mutation',
  'doctor',
  'unbounded',
];

/** A generated stream with one defect injected. */
export interface DefectiveStream extends GeneratedStream {
  readonly defect: Defect;
}

interface DefectSpec {
  readonly id: string;
  readonly fault: StreamFaultId;
  readonly variant: string | undefined;
  readonly params: object;
}

/** Every defect: each stream fault with its default parameters and with each catalogued variant. */
const SPECS: readonly DefectSpec[] = Object.entries(FAULT_CATALOGUE).flatMap(([fault, entry]) => [
  { id: fault, fault: fault as StreamFaultId, variant: undefined, params: {} },
  ...Object.entries(entry.variants).map(([variant, params]) => ({
    id: `${fault}/${variant}`,
    fault: fault as StreamFaultId,
    variant,
    params: params as object,
  })),
]);

/** What a judge with `unbounded: true` does not check (§4.2: no counts to miss, no summary or meta owed). */
const UNCHECKED_WHEN_UNBOUNDED = new Set([
  'AOI-03/count-mismatch',
  'AOI-03/eof-without-summary',
  'AOI-03/failure-without-summary',
  'AOI-03/meta-not-first',
]);
/** Sub-rules about the summary's `ok` against the exit status: any stream with a summary and an exit status has them to break. */
const OK_AGAINST_EXIT = new Set(['AOI-03/nonzero-exit-ok', 'AOI-03/exit-zero-not-ok']);

/**
 * The shapes a fault's declaration holds on, beyond its reference run. A fault of the successful,
 * truncated search also holds on a mutation (unless it is about truncation: nothing is truncated
 * there), on doctor (unless it acts on domain events only: doctor's items are `aoi:check`s), and on an
 * unbounded stream (unless what it breaks is unchecked there). A fault of the failing lookup acts on
 * its `aoi:error` — none of the others has one — except those that set the summary's `ok` against the
 * exit status, which an interrupted unbounded stream has too.
 */
function shapesOf(run: ReferenceRunId, violates: readonly string[], params: object): DefectShape[] {
  const shapes: DefectShape[] = [run];
  if (run === 'search-truncated' && !violates.some((id) => id.startsWith('AOI-11/'))) {
    shapes.push('mutation');
    if ((params as { target?: unknown }).target !== 'domain') shapes.push('doctor');
    if (!violates.some((id) => UNCHECKED_WHEN_UNBOUNDED.has(id))) shapes.push('unbounded');
  }
  if (run === 'get-missing' && violates.every((id) => OK_AGAINST_EXIT.has(id)))
    shapes.push('unbounded');
  return shapes;
}

function describe(spec: DefectSpec): Defect {
  const fault = makeFault(spec.fault, spec.params);
  return {
    id: spec.id,
    fault: spec.fault,
    variant: spec.variant,
    description: fault.description,
    violates: [...fault.violates],
    severity: fault.severity,
    run: FAULT_CATALOGUE[spec.fault].run,
    shapes: shapesOf(FAULT_CATALOGUE[spec.fault].run, fault.violates, fault.params),
  };
}

/** Every defect `aoiStreamWithDefect()` draws from, by id (`mixing-prose`, `mixing-prose/before-meta`, …). */
export const DEFECTS: readonly Defect[] = SPECS.map(describe);
export const DEFECT_IDS: readonly string[] = DEFECTS.map((defect) => defect.id);

/** A base stream of a shape a fault's declaration holds on, with generated contents. */
interface Base {
  events: AoiEventValue[];
  exitCode: number;
  kind: CommandKind;
  outcome: GeneratedStream['outcome'];
}

/**
 * A meta as the reference tool's: without `args_redacted`, which would excuse an echoed argv (the
 * `leaks-argv-in-meta` fault's declaration holds for a tool that does not claim to redact).
 */
const referenceMeta = (...commands: string[]) =>
  fc
    .oneof({ withCrossShrink: true }, ...commands.map((command) => aoiMeta({ command })))
    .map(({ args_redacted: _claimed, ...meta }) => meta as AoiEventValue);

/** A summary of a successful finite run that counts its items (all three counts, as the reference tool writes them). */
const okSummary = (items: readonly unknown[], extra: object = {}) => ({
  type: 'aoi:summary',
  ok: true,
  count: items.length,
  warning_count: 0,
  error_count: 0,
  ...extra,
});

const mutationItem = fc
  .record({ type: fc.constantFrom('created', 'updated', 'deleted'), id: aoiId() })
  .map((item) => item as AoiEventValue);

/**
 * The shapes, their values generated: the reference runs of the fakes (`REFERENCE_RUNS`) with any
 * number (≥ 2) of any domain events, any unicode in them, any meta values, any exit status of a
 * failure; and a mutation, a doctor run and an unbounded stream of the same kind of values.
 */
const BASES: Record<DefectShape, fc.Arbitrary<Base>> = {
  'search-truncated': fc
    .tuple(
      referenceMeta('search'),
      fc.array(anyDomainEvent(), { minLength: 2, maxLength: 12 }),
      aoiCursor(),
    )
    .map(([meta, items, cursor]) => ({
      events: [meta, ...items, okSummary(items, { truncated: true, next_cursor: cursor })],
      exitCode: 0,
      kind: 'read',
      outcome: 'truncated',
    })),
  'get-missing': fc
    .tuple(
      referenceMeta('get'),
      aoiError({ category: 'not_found' }),
      fc.constantFrom(1, 2, 65, 69, 70),
    )
    .map(([meta, error, exitCode]) => ({
      events: [
        meta,
        error,
        { type: 'aoi:summary', ok: false, count: 0, warning_count: 0, error_count: 1 },
      ],
      exitCode,
      kind: 'read',
      outcome: 'failed',
    })),
  mutation: fc
    .tuple(
      referenceMeta('create', 'update', 'delete', 'import'),
      fc.array(mutationItem, { minLength: 2, maxLength: 12 }),
    )
    .map(([meta, items]) => ({
      events: [meta, ...items, okSummary(items)],
      exitCode: 0,
      kind: 'mutate',
      outcome: 'ok',
    })),
  doctor: fc
    .tuple(
      referenceMeta('doctor'),
      fc.array(aoiCheck({ ok: true }), { minLength: 2, maxLength: 8 }),
    )
    .map(([meta, checks]) => ({
      events: [meta, ...checks, okSummary(checks)],
      exitCode: 0,
      kind: 'doctor',
      outcome: 'ok',
    })),
  // At least one domain event wherever the heartbeats fall: a defect on domain events (reserved-domain-name) must
  // always have one to act on (an all-heartbeat body was a clean stream labelled defective, 10 in 3,000).
  unbounded: fc
    .tuple(
      referenceMeta('watch', 'tail'),
      anyDomainEvent(),
      fc.array(
        fc.oneof(
          { arbitrary: anyDomainEvent(), weight: 3 },
          { arbitrary: aoiHeartbeat(), weight: 1 },
        ),
        { minLength: 1, maxLength: 11 },
      ),
      fc.nat(),
      fc.constantFrom(130, 143),
    )
    .map(([meta, domain, rest, at, exitCode]) => ({
      events: [
        meta,
        ...rest.slice(0, at % (rest.length + 1)),
        domain,
        ...rest.slice(at % (rest.length + 1)),
        { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true },
      ],
      exitCode,
      kind: 'unbounded',
      outcome: 'interrupted',
    })),
};

/** Write a base stream through one fault, as the fake engine writes a tool's events. */
function inject(base: Base, spec: DefectSpec, defect: Defect, seed: number): DefectiveStream {
  const pipeline = new FaultPipeline([makeFault(spec.fault, spec.params)], seededRandom(seed));
  // A fault may change the event it is given: give it a copy, so the base stays as generated.
  const bytes = Buffer.concat(base.events.map((event) => pipeline.render(structuredClone(event))));
  const end = pipeline.end;
  return {
    events: base.events,
    bytes,
    exitCode: end?.signal ? null : (end?.exitCode ?? base.exitCode),
    signal: end?.signal ?? null,
    unbounded: base.kind === 'unbounded',
    kind: base.kind,
    outcome: base.outcome,
    defect,
  };
}

/** @internal A defect on one shape, whether or not its declaration holds there (for measuring where it does). */
export function defectOnShape(id: string, shape: DefectShape): fc.Arbitrary<DefectiveStream> {
  const index = DEFECT_IDS.indexOf(id);
  if (index < 0) throw new RangeError(`unknown defect "${id}"`);
  return fc
    .tuple(BASES[shape], fc.integer({ min: 0, max: 0x7fffffff }))
    .map(([base, seed]) => inject(base, SPECS[index]!, DEFECTS[index]!, seed));
}

function withDefect(
  spec: DefectSpec,
  defect: Defect,
  shapes: readonly DefectShape[],
): fc.Arbitrary<DefectiveStream> {
  const bases = shapes.map((shape) => BASES[shape]);
  // Cross-shrinking: a failure shrinks towards the defect's reference run when that fails too.
  const base = bases.length === 1 ? bases[0]! : fc.oneof({ withCrossShrink: true }, ...bases);
  return fc
    .tuple(base, fc.integer({ min: 0, max: 0x7fffffff }))
    .map(([b, seed]) => inject(b, spec, defect, seed));
}

/**
 * A stream with one labelled defect, drawn from the fake CLIs' fault catalogue (one source of truth):
 * prose or a banner on stdout, ANSI colour, a stack trace, a missing `type`, a JSON array, pretty
 * printing, CRLF, a BOM, invalid UTF-8, a crash before the summary, death by a signal mid-line, a
 * summary not last, a missing `ok`, miscounts, unstructured errors, unknown categories, secrets in
 * meta, truncation without its flag or cursor, unprefixed legacy events, reserved names, … —
 * `stream.defect.violates` names exactly the sub-rules a conforming checker reports.
 *
 * Pass a defect id (`'crash-before-summary'`, `'ansi-colour/everything'`; see `DEFECT_IDS`) or a list
 * of them to draw only from those. Each defect is injected into the shapes of stream its declaration
 * holds on (`defect.shapes`: its reference run, and where it holds, a mutation, a doctor run, an
 * unbounded stream); `options.shapes` keeps to some of them. Judge an unbounded one as such
 * (`stream.unbounded`).
 *
 * @example
 * fc.assert(
 *   fc.property(aoiStreamWithDefect(), (stream) => {
 *     const report = checkStream(stream.bytes, { exitCode: stream.exitCode, signal: stream.signal, unbounded: stream.unbounded });
 *     expect(new Set(report.findings.map((f) => f.id))).toEqual(new Set(stream.defect.violates));
 *   }),
 * );
 */
export function aoiStreamWithDefect(
  defect?: string | readonly string[],
  options: { shapes?: readonly DefectShape[] } = {},
): fc.Arbitrary<DefectiveStream> {
  const ids = defect === undefined ? DEFECT_IDS : typeof defect === 'string' ? [defect] : defect;
  for (const shape of options.shapes ?? []) {
    if (!DEFECT_SHAPES.includes(shape))
      throw new RangeError(
        `aoiStreamWithDefect: unknown shape "${shape}"; shapes: ${DEFECT_SHAPES.join(', ')}`,
      );
  }
  const arbitraries = ids.flatMap((id) => {
    const index = DEFECT_IDS.indexOf(id);
    if (index < 0)
      throw new RangeError(
        `aoiStreamWithDefect: unknown defect "${id}"; defects: ${DEFECT_IDS.join(', ')}`,
      );
    const described = DEFECTS[index]!;
    const shapes = options.shapes
      ? described.shapes.filter((shape) => options.shapes!.includes(shape))
      : described.shapes;
    return shapes.length > 0 ? [withDefect(SPECS[index]!, described, shapes)] : [];
  });
  if (arbitraries.length === 0) {
    throw new RangeError(
      ids.length === 0
        ? 'aoiStreamWithDefect: give at least one defect id'
        : `aoiStreamWithDefect: none of these defects holds on the shapes ${JSON.stringify(options.shapes)}`,
    );
  }
  // Cross-shrinking: a failure also shrinks towards the first defect listed that still fails.
  return arbitraries.length === 1
    ? arbitraries[0]!
    : fc.oneof({ withCrossShrink: true }, ...arbitraries);
}
