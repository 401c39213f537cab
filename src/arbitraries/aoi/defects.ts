import fc from 'fast-check';
import { FaultPipeline } from '../../fakes/engine/pipeline.js';
import { seededRandom } from '../../fakes/faults/fault.js';
import { FAULT_CATALOGUE, makeFault, type ReferenceRunId, type StreamFaultId } from '../../fakes/faults/index.js';
import type { Severity } from '../../spec/types.js';
import { aoiError, aoiMeta, anyDomainEvent, type AoiEventValue } from './events.js';
import type { GeneratedStream } from './stream.js';
import { aoiCursor } from './values.js';

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
}

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
  ...Object.entries(entry.variants).map(([variant, params]) => ({ id: `${fault}/${variant}`, fault: fault as StreamFaultId, variant, params: params as object })),
]);

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
  };
}

/** Every defect `aoiStreamWithDefect()` draws from, by id (`mixing-prose`, `mixing-prose/before-meta`, …). */
export const DEFECTS: readonly Defect[] = SPECS.map(describe);
export const DEFECT_IDS: readonly string[] = DEFECTS.map((defect) => defect.id);

/** A base stream of the shape a fault's declaration holds on, with generated contents. */
interface Base {
  events: AoiEventValue[];
  exitCode: number;
}

/**
 * A meta as the reference tool's: without `args_redacted`, which would excuse an echoed argv (the
 * `leaks-argv-in-meta` fault's declaration holds for a tool that does not claim to redact).
 */
const referenceMeta = (command: string) =>
  aoiMeta({ command }).map(({ args_redacted: _claimed, ...meta }) => meta as AoiEventValue);

/**
 * The shapes of the reference runs (`REFERENCE_RUNS` of the fakes), their values generated: any
 * number (≥ 2) of any domain events, any unicode in them, any meta values, any exit status of a failure.
 */
const BASES: Record<ReferenceRunId, fc.Arbitrary<Base>> = {
  'search-truncated': fc
    .tuple(referenceMeta('search'), fc.array(anyDomainEvent(), { minLength: 2, maxLength: 12 }), aoiCursor())
    .map(([meta, items, cursor]) => ({
      events: [meta, ...items, { type: 'aoi:summary', ok: true, count: items.length, warning_count: 0, error_count: 0, truncated: true, next_cursor: cursor }],
      exitCode: 0,
    })),
  'get-missing': fc
    .tuple(referenceMeta('get'), aoiError({ category: 'not_found' }), fc.constantFrom(1, 2, 65, 69, 70))
    .map(([meta, error, exitCode]) => ({
      events: [meta, error, { type: 'aoi:summary', ok: false, count: 0, warning_count: 0, error_count: 1 }],
      exitCode,
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
    unbounded: false,
    kind: 'read',
    outcome: base.exitCode === 0 ? 'truncated' : 'failed',
    defect,
  };
}

function withDefect(spec: DefectSpec, defect: Defect): fc.Arbitrary<DefectiveStream> {
  return fc.tuple(BASES[defect.run], fc.integer({ min: 0, max: 0x7fffffff })).map(([base, seed]) => inject(base, spec, defect, seed));
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
 * of them to draw only from those.
 *
 * @example
 * fc.assert(
 *   fc.property(aoiStreamWithDefect(), (stream) => {
 *     const report = checkStream(stream.bytes, { exitCode: stream.exitCode, signal: stream.signal });
 *     expect(new Set(report.findings.map((f) => f.id))).toEqual(new Set(stream.defect.violates));
 *   }),
 * );
 */
export function aoiStreamWithDefect(defect?: string | readonly string[]): fc.Arbitrary<DefectiveStream> {
  const ids = defect === undefined ? DEFECT_IDS : typeof defect === 'string' ? [defect] : defect;
  const arbitraries = ids.map((id) => {
    const index = DEFECT_IDS.indexOf(id);
    if (index < 0) throw new RangeError(`aoiStreamWithDefect: unknown defect "${id}"; defects: ${DEFECT_IDS.join(', ')}`);
    return withDefect(SPECS[index]!, DEFECTS[index]!);
  });
  if (arbitraries.length === 0) throw new RangeError('aoiStreamWithDefect: give at least one defect id');
  // Cross-shrinking: a failure also shrinks towards the first defect listed that still fails.
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof({ withCrossShrink: true }, ...arbitraries);
}
