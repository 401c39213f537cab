import type { Severity } from '../../spec/types.js';
import { ansiColour } from './ansi-colour.js';
import { banner } from './banner.js';
import { blankLines } from './blank-lines.js';
import { bom } from './bom.js';
import { brokenJson } from './broken-json.js';
import { crashBeforeSummary } from './crash-before-summary.js';
import { crlf } from './crlf.js';
import { duplicateSummary } from './duplicate-summary.js';
import { errorCodeFormat } from './error-code-format.js';
import { exitZeroOnFailure } from './exit-zero-on-failure.js';
import { giantJsonArray } from './giant-json-array.js';
import { invalidUtf8 } from './invalid-utf8.js';
import { killedMidStream } from './killed-mid-stream.js';
import { lateMeta } from './late-meta.js';
import { leaksArgvInMeta } from './leaks-argv-in-meta.js';
import { leaksEnvInMeta } from './leaks-env-in-meta.js';
import { legacyUnprefixed } from './legacy-unprefixed.js';
import { miscountedSummary } from './miscounted-summary.js';
import { missingType } from './missing-type.js';
import { mixingProse } from './mixing-prose.js';
import { okDespiteFailure } from './ok-despite-failure.js';
import { okMissing } from './ok-missing.js';
import { prettyPrinted } from './pretty-printed.js';
import { progressBar } from './progress-bar.js';
import { reservedDomainName } from './reserved-domain-name.js';
import { retryableMismatch } from './retryable-mismatch.js';
import { schemaVersionMissing } from './schema-version-missing.js';
import { stackTrace } from './stack-trace.js';
import type { FaultFactory, StreamFault } from './stream-fault.js';
import { summaryNotLast } from './summary-not-last.js';
import { truncatedWithoutCursor } from './truncated-without-cursor.js';
import { truncationWithoutFlag } from './truncation-without-flag.js';
import { unknownErrorCategory } from './unknown-error-category.js';
import { unknownFrameworkType } from './unknown-framework-type.js';
import { unstructuredError } from './unstructured-error.js';

// For authors of their own faults: the catalogued shape and the helpers worth reusing.
export { matches, perRun, type ByteLine, type FaultFactory, type StreamFault, type Target } from './stream-fault.js';
export {
  ansiColour,
  banner,
  blankLines,
  bom,
  brokenJson,
  crashBeforeSummary,
  crlf,
  duplicateSummary,
  errorCodeFormat,
  exitZeroOnFailure,
  giantJsonArray,
  invalidUtf8,
  killedMidStream,
  lateMeta,
  leaksArgvInMeta,
  leaksEnvInMeta,
  legacyUnprefixed,
  miscountedSummary,
  missingType,
  mixingProse,
  okDespiteFailure,
  okMissing,
  prettyPrinted,
  progressBar,
  reservedDomainName,
  retryableMismatch,
  schemaVersionMissing,
  stackTrace,
  summaryNotLast,
  truncatedWithoutCursor,
  truncationWithoutFlag,
  unknownErrorCategory,
  unknownFrameworkType,
  unstructuredError,
};

/**
 * The runs of the reference `notes` tool on which each fault's declaration holds. A declaration is
 * relative to a run: a fault that drops the summary says nothing about a run that never had one.
 * `setup` runs first, in the same state directory.
 */
export const REFERENCE_RUNS = {
  /** meta, two hits, a truncated summary with a cursor; exit 0. */
  'search-truncated': {
    description: 'a finite, successful, truncated search: meta, 2 hits, summary ok:true truncated:true with next_cursor; exit 0',
    setup: [
      ['create', '--title', 'First note', '--body', 'groceries: milk, eggs', '--output', 'jsonl'],
      ['create', '--title', 'Second note', '--body', 'call the plumber', '--tag', 'home', '--output', 'jsonl'],
      ['create', '--title', 'Third note', '--body', 'AOI-CLI reading list', '--output', 'jsonl'],
    ],
    argv: ['search', 'note', '--output', 'jsonl', '--limit', '2'],
    exitCode: 0,
  },
  /** meta, a not_found aoi:error, summary ok:false; exit 1. */
  'get-missing': {
    description: 'a finite, failing lookup: meta, aoi:error not_found, summary ok:false; exit 1',
    setup: [['create', '--title', 'First note', '--output', 'jsonl']],
    argv: ['get', 'n_9999', '--output', 'jsonl'],
    exitCode: 1,
  },
} as const satisfies Record<string, { description: string; setup: readonly (readonly string[])[]; argv: readonly string[]; exitCode: number }>;

export type ReferenceRunId = keyof typeof REFERENCE_RUNS;

/** One catalogued fault: how to make it, its default parameters and the run its declaration holds for. */
export interface CatalogueEntry<P extends object = object> {
  readonly make: FaultFactory<P>;
  /** The default parameter set (what `makeFault(id)` uses). */
  readonly defaults: Partial<P>;
  /** Other parameter sets worth testing, by name; each has its own declaration. */
  readonly variants: Readonly<Record<string, Partial<P>>>;
  /** The reference run on which `violates` holds exactly. */
  readonly run: ReferenceRunId;
  /** Its bytes depend on the seed (its verdict never does). */
  readonly randomised: boolean;
}

function entry<P extends object>(
  make: FaultFactory<P>,
  options: { defaults?: Partial<P>; variants?: Record<string, Partial<P>>; run?: ReferenceRunId; randomised?: boolean },
): CatalogueEntry<P> {
  return {
    make,
    defaults: options.defaults ?? {},
    variants: options.variants ?? {},
    run: options.run ?? 'search-truncated',
    randomised: options.randomised ?? false,
  };
}

/** Every stream-level fault, by id (the id is also the fault's file name). */
export const FAULT_CATALOGUE = {
  'mixing-prose': entry(mixingProse, { randomised: true, variants: { 'before-meta': { after: 0 }, 'three-lines': { lines: 3 } } }),
  banner: entry(banner, { randomised: true }),
  'ansi-colour': entry(ansiColour, { randomised: true, variants: { 'summary-only': { target: ['aoi:summary'] }, everything: { target: 'all' } } }),
  'stack-trace': entry(stackTrace, { randomised: true, variants: { 'frames-only': { header: false } } }),
  'progress-bar': entry(progressBar, { randomised: true }),
  'missing-type': entry(missingType, { randomised: true, variants: { 'absent-on-summary': { target: ['aoi:summary'], how: 'absent' } } }),
  'broken-json': entry(brokenJson, { randomised: true, variants: { 'meta-unquoted': { target: ['aoi:meta'], mistake: 'unquoted-keys' } } }),
  'giant-json-array': entry(giantJsonArray, { variants: { indented: { indent: 2 } } }),
  'pretty-printed': entry(prettyPrinted, { randomised: true, variants: { 'domain-only': { target: 'domain' } } }),
  crlf: entry(crlf, {}),
  bom: entry(bom, {}),
  'blank-lines': entry(blankLines, { randomised: true, variants: { 'once-after-meta': { after: 1, count: 1 } } }),
  'invalid-utf8': entry(invalidUtf8, { randomised: true }),
  'crash-before-summary': entry(crashBeforeSummary, { defaults: { exitCode: 0 }, variants: { 'exit-70': { exitCode: 70 } } }),
  'killed-mid-stream': entry(killedMidStream, { defaults: { afterEvents: 2 }, variants: { 'cut-line': { afterEvents: 2, cutLine: true } } }),
  'summary-not-last': entry(summaryNotLast, { variants: { 'late-item': { late: 'item' }, 'late-warning': { late: 'warning' } } }),
  'duplicate-summary': entry(duplicateSummary, {}),
  'late-meta': entry(lateMeta, {}),
  'ok-missing': entry(okMissing, { variants: { string: { as: 'string' } } }),
  'ok-despite-failure': entry(okDespiteFailure, { run: 'get-missing' }),
  'exit-zero-on-failure': entry(exitZeroOnFailure, { run: 'get-missing' }),
  'miscounted-summary': entry(miscountedSummary, { randomised: true, variants: { 'error-count': { field: 'error_count', delta: 1 } } }),
  'unknown-error-category': entry(unknownErrorCategory, { run: 'get-missing', randomised: true }),
  'unstructured-error': entry(unstructuredError, { run: 'get-missing', variants: { 'no-retryable': { keep: ['category', 'code', 'message'] } } }),
  'error-code-format': entry(errorCodeFormat, { run: 'get-missing', randomised: true }),
  'retryable-mismatch': entry(retryableMismatch, { run: 'get-missing' }),
  'legacy-unprefixed': entry(legacyUnprefixed, { variants: { 'meta-only': { types: ['aoi:meta'] }, 'summary-only': { types: ['aoi:summary'] } } }),
  'reserved-domain-name': entry(reservedDomainName, { variants: { summary: { name: 'summary' }, meta: { name: 'meta' } } }),
  'unknown-framework-type': entry(unknownFrameworkType, { randomised: true }),
  'leaks-argv-in-meta': entry(leaksArgvInMeta, { randomised: true, variants: { 'no-secret': { secret: false } } }),
  'leaks-env-in-meta': entry(leaksEnvInMeta, { randomised: true, variants: { 'as-string': { as: 'string' } } }),
  'truncation-without-flag': entry(truncationWithoutFlag, { variants: { 'says-false': { as: 'false' } } }),
  'truncated-without-cursor': entry(truncatedWithoutCursor, { randomised: true }),
  'schema-version-missing': entry(schemaVersionMissing, { variants: { 'aoi-version-too': { alsoAoiVersion: true } } }),
};

export type FaultId = keyof typeof FAULT_CATALOGUE;
export const FAULT_IDS = Object.keys(FAULT_CATALOGUE) as FaultId[];

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(FAULT_CATALOGUE, id);
}

/**
 * A fresh fault from the catalogue: its default parameters, overridden by `params`. Unknown ids throw
 * (the message lists the known ones).
 */
export function makeFault(id: string, params: object = {}): StreamFault {
  if (!isFaultId(id)) throw new RangeError(`unknown fault "${id}"; known faults: ${FAULT_IDS.join(', ')}`);
  const { make, defaults } = FAULT_CATALOGUE[id] as CatalogueEntry<object>;
  return make({ ...defaults, ...params });
}

/** A fault with one of its catalogued variant parameter sets. */
export function makeFaultVariant(id: FaultId, variant: string): StreamFault {
  const variants = (FAULT_CATALOGUE[id] as CatalogueEntry<object>).variants;
  if (!Object.hasOwn(variants, variant)) throw new RangeError(`fault "${id}" has no variant "${variant}"; variants: ${Object.keys(variants).join(', ') || 'none'}`);
  return makeFault(id, variants[variant]);
}

/** What a set of composed faults declares: the union of their sub-rules and the worst severity (none for no fault). */
export function declaredBy(faults: readonly StreamFault[]): { violates: string[]; severity: Severity | null } {
  const violates = [...new Set(faults.flatMap((fault) => fault.violates))].sort();
  const severity = faults.length === 0 ? null : faults.some((fault) => fault.severity === 'error') ? 'error' : 'warning';
  return { violates, severity };
}

/** A fault from the catalogue with parameters, as presets and corpus files name them. */
export type FaultSpec = readonly [FaultId] | readonly [FaultId, object];

/** A named fake: the reference tool plus faults, and the run its declaration holds for. */
export interface Preset {
  readonly description: string;
  readonly tool: 'notes';
  readonly faults: readonly FaultSpec[];
  readonly run: ReferenceRunId;
}

export const PRESETS = {
  'well-behaved': { description: 'the reference tool as it is: every AOI-CLI rule holds', tool: 'notes', faults: [], run: 'search-truncated' },
  'crashing-without-summary': {
    description: 'dies just before its terminal summary and exits 0: a consumer must treat the stream as failed',
    tool: 'notes',
    faults: [['crash-before-summary', { exitCode: 0 }]],
    run: 'search-truncated',
  },
  'killed-mid-stream': { description: 'killed by SIGKILL after two events, half-way through a line', tool: 'notes', faults: [['killed-mid-stream', { afterEvents: 2, cutLine: true }]], run: 'search-truncated' },
  'leaking-secrets': {
    description: 'echoes its command line (with an --api-token) and its environment (with a token) in aoi:meta',
    tool: 'notes',
    faults: [['leaks-argv-in-meta'], ['leaks-env-in-meta']],
    run: 'search-truncated',
  },
  'mixing-prose': { description: 'a start-up banner and a chatty log line on stdout among the events', tool: 'notes', faults: [['banner'], ['mixing-prose']], run: 'search-truncated' },
  'colourful': { description: 'colours its results with ANSI codes in machine mode', tool: 'notes', faults: [['ansi-colour']], run: 'search-truncated' },
  'json-array': { description: 'buffers everything and prints one JSON array at the end', tool: 'notes', faults: [['giant-json-array']], run: 'search-truncated' },
  'pretty-printing': { description: 'indents every event over several lines', tool: 'notes', faults: [['pretty-printed']], run: 'search-truncated' },
  'legacy-v0.1': { description: 'a pre-0.2 stream: meta and summary without the aoi: prefix', tool: 'notes', faults: [['legacy-unprefixed']], run: 'search-truncated' },
  'windows-text-mode': { description: 'a byte order mark and CRLF line endings', tool: 'notes', faults: [['bom'], ['crlf']], run: 'search-truncated' },
  'unstructured-errors': {
    description: 'errors as a bare message: no category, code or retryable',
    tool: 'notes',
    faults: [['unstructured-error']],
    run: 'get-missing',
  },
  'sloppy-errors': {
    // Not retryable-mismatch as well: with an invented category there is no §9.1 default to contradict.
    description: 'errors with an invented category and a code that is not UPPER_SNAKE_CASE (warnings only)',
    tool: 'notes',
    faults: [['error-code-format'], ['unknown-error-category']],
    run: 'get-missing',
  },
  'unbounded-pager': { description: 'a truncated page that neither says truncated nor reports a schema version', tool: 'notes', faults: [['truncation-without-flag'], ['schema-version-missing']], run: 'search-truncated' },
} as const satisfies Record<string, Preset>;

export type PresetId = keyof typeof PRESETS;
export const PRESET_IDS = Object.keys(PRESETS) as PresetId[];

/** Fresh faults for a preset, in order. */
export function presetFaults(id: string): StreamFault[] {
  if (!Object.hasOwn(PRESETS, id)) throw new RangeError(`unknown preset "${id}"; known presets: ${PRESET_IDS.join(', ')}`);
  return (PRESETS[id as PresetId].faults as readonly FaultSpec[]).map(([faultId, params]) => makeFault(faultId, params));
}
