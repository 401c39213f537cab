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
import { leaksCredentialsInMeta } from './leaks-credentials-in-meta.js';
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
// Behaviour faults: the tool or the engine acts wrongly; only the process linter can tell.
import { schemaNeedsNetwork } from './schema-needs-network.js';
import { schemaNeedsCredential } from './schema-needs-credential.js';
import { schemaFileId } from './schema-file-id.js';
import { schemaInvalid } from './schema-invalid.js';
import { capabilitiesInvalid } from './capabilities-invalid.js';
import { eventsOffSchema } from './events-off-schema.js';
import { stall } from './stall.js';
import { readsStdin } from './reads-stdin.js';
import { promptsInMachineMode } from './prompts-in-machine-mode.js';
import { usageExitCode } from './usage-exit-code.js';
import { destructiveWithoutConfirmation } from './destructive-without-confirmation.js';
import { dryRunSideEffect } from './dry-run-side-effect.js';
import { dryRunWithoutPlan } from './dry-run-without-plan.js';
import { confirmCountIgnored } from './confirm-count-ignored.js';
import { idempotencyIgnored } from './idempotency-ignored.js';
import { idempotencyKeyRejected } from './idempotency-key-rejected.js';
import { mutationsWithoutIds } from './mutations-without-ids.js';
import { silentMutations } from './silent-mutations.js';
import { echoesArgvOnStderr } from './echoes-argv-on-stderr.js';
import { ignoresSigpipe } from './ignores-sigpipe.js';
import { stackTraceOnEpipe } from './stack-trace-on-epipe.js';
import { ignoresSignals } from './ignores-signals.js';
import { noInterruptedSummary } from './no-interrupted-summary.js';
import { wrongSignalExitCode } from './wrong-signal-exit-code.js';
import { ignoresLimit } from './ignores-limit.js';
import { hidesTruncation } from './hides-truncation.js';
import { brokenCursor } from './broken-cursor.js';
import { inputModeIgnored } from './input-mode-ignored.js';
import { schemaVersionIgnored } from './schema-version-ignored.js';
import { acceptsUnsupportedVersion } from './accepts-unsupported-version.js';
import { slow } from './slow.js';

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
  leaksCredentialsInMeta,
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
export {
  acceptsUnsupportedVersion,
  brokenCursor,
  capabilitiesInvalid,
  confirmCountIgnored,
  destructiveWithoutConfirmation,
  dryRunSideEffect,
  dryRunWithoutPlan,
  echoesArgvOnStderr,
  eventsOffSchema,
  hidesTruncation,
  idempotencyIgnored,
  idempotencyKeyRejected,
  ignoresLimit,
  ignoresSignals,
  ignoresSigpipe,
  inputModeIgnored,
  mutationsWithoutIds,
  noInterruptedSummary,
  promptsInMachineMode,
  readsStdin,
  schemaFileId,
  schemaInvalid,
  schemaNeedsCredential,
  schemaNeedsNetwork,
  schemaVersionIgnored,
  silentMutations,
  slow,
  stackTraceOnEpipe,
  stall,
  usageExitCode,
  wrongSignalExitCode,
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

/** How to make a catalogued fault: its factory, its default parameters and named variants. */
export interface FaultEntry<P extends object = object> {
  readonly make: FaultFactory<P>;
  /** The default parameter set (what `makeFault(id)` uses). */
  readonly defaults: Partial<P>;
  /** Other parameter sets worth testing, by name; each has its own declaration. */
  readonly variants: Readonly<Record<string, Partial<P>>>;
}

/** One catalogued stream fault: how to make it, and the run its declaration holds for. */
export interface CatalogueEntry<P extends object = object> extends FaultEntry<P> {
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
  'leaks-credentials-in-meta': entry(leaksCredentialsInMeta, { randomised: true, variants: { header: { how: 'header' } } }),
  'truncation-without-flag': entry(truncationWithoutFlag, { variants: { 'says-false': { as: 'false' } } }),
  'truncated-without-cursor': entry(truncatedWithoutCursor, { randomised: true }),
  'schema-version-missing': entry(schemaVersionMissing, { variants: { 'aoi-version-too': { alsoAoiVersion: true } } }),
};

export type StreamFaultId = keyof typeof FAULT_CATALOGUE;
/** The stream faults' ids (those of FAULT_CATALOGUE). */
export const FAULT_IDS = Object.keys(FAULT_CATALOGUE) as StreamFaultId[];

function behaviourEntry<P extends object>(make: FaultFactory<P>, options: { defaults?: Partial<P>; variants?: Record<string, Partial<P>> } = {}): FaultEntry<P> {
  return { make, defaults: options.defaults ?? {}, variants: options.variants ?? {} };
}

/**
 * Every behaviour fault, by id (the id is also the fault's file name). Each declares the sub-rules the
 * process linter (`lintCli`) reports for it — no more, no less — in memory and as a process, when it
 * lints the reference tool with REFERENCE_LINT_PLAN (tools/notes/lint-plan.ts).
 */
export const BEHAVIOUR_FAULT_CATALOGUE = {
  'schema-needs-network': behaviourEntry(schemaNeedsNetwork),
  'schema-needs-credential': behaviourEntry(schemaNeedsCredential),
  'schema-file-id': behaviourEntry(schemaFileId),
  'schema-invalid': behaviourEntry(schemaInvalid, {
    defaults: { how: 'not-a-schema' },
    variants: { 'not-json': { how: 'not-json' }, fails: { how: 'fails' } },
  }),
  'capabilities-invalid': behaviourEntry(capabilitiesInvalid),
  'events-off-schema': behaviourEntry(eventsOffSchema),
  // helper: the hang is in a grandchild that holds stdout open; only killing the process group ends it.
  stall: behaviourEntry(stall, { variants: { helper: { helper: true } } }),
  'reads-stdin': behaviourEntry(readsStdin),
  'prompts-in-machine-mode': behaviourEntry(promptsInMachineMode),
  'usage-exit-code': behaviourEntry(usageExitCode, { defaults: { exitCode: 0 }, variants: { 'exit-1': { exitCode: 1 } } }),
  'destructive-without-confirmation': behaviourEntry(destructiveWithoutConfirmation),
  'dry-run-side-effect': behaviourEntry(dryRunSideEffect),
  'dry-run-without-plan': behaviourEntry(dryRunWithoutPlan),
  'confirm-count-ignored': behaviourEntry(confirmCountIgnored),
  'idempotency-ignored': behaviourEntry(idempotencyIgnored),
  'idempotency-key-rejected': behaviourEntry(idempotencyKeyRejected),
  'mutations-without-ids': behaviourEntry(mutationsWithoutIds),
  'silent-mutations': behaviourEntry(silentMutations),
  'echoes-argv-on-stderr': behaviourEntry(echoesArgvOnStderr),
  'ignores-sigpipe': behaviourEntry(ignoresSigpipe),
  'stack-trace-on-epipe': behaviourEntry(stackTraceOnEpipe),
  'ignores-signals': behaviourEntry(ignoresSignals),
  'no-interrupted-summary': behaviourEntry(noInterruptedSummary),
  'wrong-signal-exit-code': behaviourEntry(wrongSignalExitCode),
  'ignores-limit': behaviourEntry(ignoresLimit),
  'hides-truncation': behaviourEntry(hidesTruncation),
  'broken-cursor': behaviourEntry(brokenCursor, { defaults: { how: 'rejects' }, variants: { repeats: { how: 'repeats' } } }),
  'input-mode-ignored': behaviourEntry(inputModeIgnored, {
    defaults: { mistake: 'fail-fast-applies' },
    variants: {
      'continue-stops': { mistake: 'continue-stops' },
      'no-line-error': { mistake: 'no-line-error' },
      'zero-based-line': { mistake: 'zero-based-line' },
      'ok-despite-bad-line': { mistake: 'ok-despite-bad-line' },
    },
  }),
  'schema-version-ignored': behaviourEntry(schemaVersionIgnored),
  'accepts-unsupported-version': behaviourEntry(acceptsUnsupportedVersion),
  slow: behaviourEntry(slow),
};

export type BehaviourFaultId = keyof typeof BEHAVIOUR_FAULT_CATALOGUE;
export const BEHAVIOUR_FAULT_IDS = Object.keys(BEHAVIOUR_FAULT_CATALOGUE) as BehaviourFaultId[];

/** Any catalogued fault's id: stream or behaviour. */
export type FaultId = StreamFaultId | BehaviourFaultId;

/** Both catalogues as one: an id names one fault, whichever catalogue holds it (the test keeps them disjoint). */
const ALL_FAULTS: Readonly<Record<FaultId, FaultEntry<object>>> = { ...FAULT_CATALOGUE, ...BEHAVIOUR_FAULT_CATALOGUE } as Record<FaultId, FaultEntry<object>>;
const ALL_FAULT_IDS = Object.keys(ALL_FAULTS) as FaultId[];

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(ALL_FAULTS, id);
}

/**
 * A fresh fault from either catalogue: its default parameters, overridden by `params`. Unknown ids throw
 * (the message lists the known ones).
 */
export function makeFault(id: string, params: object = {}): StreamFault {
  if (!isFaultId(id)) throw new RangeError(`unknown fault "${id}"; known faults: ${ALL_FAULT_IDS.join(', ')}`);
  const { make, defaults } = ALL_FAULTS[id];
  return make({ ...defaults, ...params });
}

/** A fault with one of its catalogued variant parameter sets. */
export function makeFaultVariant(id: FaultId, variant: string): StreamFault {
  if (!isFaultId(id)) throw new RangeError(`unknown fault "${id}"; known faults: ${ALL_FAULT_IDS.join(', ')}`);
  const variants = ALL_FAULTS[id].variants;
  if (!Object.hasOwn(variants, variant)) throw new RangeError(`fault "${id}" has no variant "${variant}"; variants: ${Object.keys(variants).join(', ') || 'none'}`);
  return makeFault(id, variants[variant]);
}

/** Every catalogued fault, then each of its named variants, as `id` or `id.variant` (the corpus's naming), with a maker. */
export const ALL_FAULT_CASES: ReadonlyArray<readonly [name: string, make: () => StreamFault]> = ALL_FAULT_IDS.flatMap((id) => [
  [id, () => makeFault(id)] as const,
  ...Object.keys(ALL_FAULTS[id].variants).map((variant) => [`${id}.${variant}`, () => makeFaultVariant(id, variant)] as const),
]);

/** What a set of composed faults declares: the union of their sub-rules and the worst severity (none for no fault). */
export function declaredBy(faults: readonly StreamFault[]): { violates: string[]; severity: Severity | null } {
  const violates = [...new Set(faults.flatMap((fault) => fault.violates))].sort();
  // A fault that declares nothing (slow) has nothing to be severe about.
  const severity = violates.length === 0 ? null : faults.some((fault) => fault.severity === 'error') ? 'error' : 'warning';
  return { violates, severity };
}

/**
 * What the process linter must report when it lints the reference tool with these faults
 * (REFERENCE_LINT_PLAN): each fault's `violates` plus what only the lint sees (`underLint.also`), or
 * `setupFails` when a fault makes every run fail, setup included.
 */
export function declaredUnderLint(faults: readonly StreamFault[]): { violates: string[]; setupFails: boolean } {
  return {
    violates: [...new Set(faults.flatMap((fault) => [...fault.violates, ...(fault.underLint?.also ?? [])]))].sort(),
    setupFails: faults.some((fault) => fault.underLint?.setupFails === true),
  };
}

/** A fault from the catalogue with parameters, as presets and corpus files name them. */
export type FaultSpec = readonly [FaultId] | readonly [FaultId, object];

/** A named fake: the reference tool plus faults. */
export interface Preset {
  readonly description: string;
  readonly tool: 'notes';
  readonly faults: readonly FaultSpec[];
  /**
   * The reference run the stream checker judges the preset on: presets of stream faults only. A preset
   * with a behaviour fault has none — its declaration holds for the process linter, as its faults' do.
   */
  readonly run?: ReferenceRunId;
}

const presets = {
  'well-behaved': { description: 'the reference tool as it is: every AOI-CLI rule holds', tool: 'notes', faults: [], run: 'search-truncated' },
  'crashing-without-summary': {
    description: 'dies just before its terminal summary and exits 0: a consumer must treat the stream as failed',
    tool: 'notes',
    faults: [['crash-before-summary', { exitCode: 0 }]],
    run: 'search-truncated',
  },
  'killed-mid-stream': { description: 'killed by SIGKILL after two events, half-way through a line', tool: 'notes', faults: [['killed-mid-stream', { afterEvents: 2, cutLine: true }]], run: 'search-truncated' },
  'leaking-secrets': {
    description: 'echoes its command line (with an --api-token), its environment (with a token) and its backend URL (token in it) in aoi:meta',
    tool: 'notes',
    faults: [['leaks-argv-in-meta'], ['leaks-env-in-meta'], ['leaks-credentials-in-meta']],
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
  // Behaviour presets: the process linter tells them apart (`aoi-testkit lint -- aoi-testkit fake <preset>`).
  slow: { description: 'slow to start and between events, with seeded jitter: slow, yet conformant', tool: 'notes', faults: [['slow']] },
  'ignoring-sigpipe': { description: 'watch ignores EPIPE when the reader goes away and never exits', tool: 'notes', faults: [['ignores-sigpipe']] },
  'stack-trace-on-epipe': { description: 'watch dies of an unhandled "write EPIPE" when the reader goes away: a Node trace on stderr, exit 1', tool: 'notes', faults: [['stack-trace-on-epipe']] },
  'ignoring-signals': { description: 'ignores SIGINT and SIGTERM: watch runs on until killed', tool: 'notes', faults: [['ignores-signals']] },
  stalling: { description: 'search stops writing after its meta and never finishes', tool: 'notes', faults: [['stall']] },
  'destructive-without-confirmation': { description: 'delete deletes without --confirm', tool: 'notes', faults: [['destructive-without-confirmation']] },
  prompting: { description: 'delete without --confirm asks "[y/N]" on stderr and waits on stdin, even in machine mode', tool: 'notes', faults: [['prompts-in-machine-mode']] },
} as const satisfies Record<string, Preset>;

export type PresetId = keyof typeof presets;
export const PRESETS: Readonly<Record<PresetId, Preset>> = presets;
export const PRESET_IDS = Object.keys(PRESETS) as PresetId[];

/** Fresh faults for a preset, in order. */
export function presetFaults(id: string): StreamFault[] {
  if (!Object.hasOwn(PRESETS, id)) throw new RangeError(`unknown preset "${id}"; known presets: ${PRESET_IDS.join(', ')}`);
  return (PRESETS[id as PresetId].faults as readonly FaultSpec[]).map(([faultId, params]) => makeFault(faultId, params));
}
