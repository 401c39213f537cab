import { ansiColour } from '../ansi-colour.js';
import { banner } from '../banner.js';
import { blankLines } from '../blank-lines.js';
import { bom } from '../bom.js';
import { brokenJson } from '../broken-json.js';
import { crashBeforeSummary } from '../crash-before-summary.js';
import { crlf } from '../crlf.js';
import { duplicateSummary } from '../duplicate-summary.js';
import { errorCodeFormat } from '../error-code-format.js';
import { exitZeroOnFailure } from '../exit-zero-on-failure.js';
import { giantJsonArray } from '../giant-json-array.js';
import { invalidUtf8 } from '../invalid-utf8.js';
import { killedMidStream } from '../killed-mid-stream.js';
import { lateMeta } from '../late-meta.js';
import { leaksArgvInMeta } from '../leaks-argv-in-meta.js';
import { localTimestamp } from '../local-timestamp.js';
import { leaksCredentialsInMeta } from '../leaks-credentials-in-meta.js';
import { leaksEnvInMeta } from '../leaks-env-in-meta.js';
import { legacyUnprefixed } from '../legacy-unprefixed.js';
import { miscountedSummary } from '../miscounted-summary.js';
import { missingType } from '../missing-type.js';
import { mixingProse } from '../mixing-prose.js';
import { okDespiteFailure } from '../ok-despite-failure.js';
import { okMissing } from '../ok-missing.js';
import { prettyPrinted } from '../pretty-printed.js';
import { progressBar } from '../progress-bar.js';
import { reservedDomainName } from '../reserved-domain-name.js';
import { retryableMismatch } from '../retryable-mismatch.js';
import { schemaVersionMissing } from '../schema-version-missing.js';
import { stackTrace } from '../stack-trace.js';
import { summaryNotLast } from '../summary-not-last.js';
import { truncatedWithoutCursor } from '../truncated-without-cursor.js';
import { truncationWithoutFlag } from '../truncation-without-flag.js';
import { unknownErrorCategory } from '../unknown-error-category.js';
import { unknownFrameworkType } from '../unknown-framework-type.js';
import { unstructuredError } from '../unstructured-error.js';
import { streamEntry as entry } from './entry.js';

/** Every stream-level fault, by id (the id is also the fault's file name). */
export const FAULT_CATALOGUE = {
  'mixing-prose': entry(mixingProse, {
    randomised: true,
    variants: { 'before-meta': { after: 0 }, 'three-lines': { lines: 3 } },
  }),
  banner: entry(banner, { randomised: true }),
  'ansi-colour': entry(ansiColour, {
    randomised: true,
    variants: { 'summary-only': { target: ['aoi:summary'] }, everything: { target: 'all' } },
  }),
  'stack-trace': entry(stackTrace, {
    randomised: true,
    variants: { 'frames-only': { header: false } },
  }),
  'progress-bar': entry(progressBar, { randomised: true }),
  'missing-type': entry(missingType, {
    randomised: true,
    variants: { 'absent-on-summary': { target: ['aoi:summary'], how: 'absent' } },
  }),
  'broken-json': entry(brokenJson, {
    randomised: true,
    variants: { 'meta-unquoted': { target: ['aoi:meta'], mistake: 'unquoted-keys' } },
  }),
  'giant-json-array': entry(giantJsonArray, { variants: { indented: { indent: 2 } } }),
  'pretty-printed': entry(prettyPrinted, {
    randomised: true,
    variants: { 'domain-only': { target: 'domain' } },
  }),
  crlf: entry(crlf, {}),
  bom: entry(bom, {}),
  'blank-lines': entry(blankLines, {
    randomised: true,
    variants: { 'once-after-meta': { after: 1, count: 1 } },
  }),
  'invalid-utf8': entry(invalidUtf8, { randomised: true }),
  'crash-before-summary': entry(crashBeforeSummary, {
    defaults: { exitCode: 0 },
    variants: { 'exit-70': { exitCode: 70 } },
  }),
  'killed-mid-stream': entry(killedMidStream, {
    defaults: { afterEvents: 2 },
    variants: { 'cut-line': { afterEvents: 2, cutLine: true } },
  }),
  'summary-not-last': entry(summaryNotLast, {
    variants: { 'late-item': { late: 'item' }, 'late-warning': { late: 'warning' } },
  }),
  'duplicate-summary': entry(duplicateSummary, {}),
  'late-meta': entry(lateMeta, {}),
  'ok-missing': entry(okMissing, { variants: { string: { as: 'string' } } }),
  'ok-despite-failure': entry(okDespiteFailure, { run: 'get-missing' }),
  'exit-zero-on-failure': entry(exitZeroOnFailure, { run: 'get-missing' }),
  'miscounted-summary': entry(miscountedSummary, {
    randomised: true,
    variants: { 'error-count': { field: 'error_count', delta: 1 } },
  }),
  'unknown-error-category': entry(unknownErrorCategory, { run: 'get-missing', randomised: true }),
  'unstructured-error': entry(unstructuredError, {
    run: 'get-missing',
    variants: { 'no-retryable': { keep: ['category', 'code', 'message'] } },
  }),
  'error-code-format': entry(errorCodeFormat, { run: 'get-missing', randomised: true }),
  'retryable-mismatch': entry(retryableMismatch, { run: 'get-missing' }),
  'legacy-unprefixed': entry(legacyUnprefixed, {
    variants: { 'meta-only': { types: ['aoi:meta'] }, 'summary-only': { types: ['aoi:summary'] } },
  }),
  'reserved-domain-name': entry(reservedDomainName, {
    variants: { summary: { name: 'summary' }, meta: { name: 'meta' } },
  }),
  'unknown-framework-type': entry(unknownFrameworkType, { randomised: true }),
  'leaks-argv-in-meta': entry(leaksArgvInMeta, {
    randomised: true,
    variants: { 'no-secret': { secret: false } },
  }),
  'leaks-env-in-meta': entry(leaksEnvInMeta, {
    randomised: true,
    variants: { 'as-string': { as: 'string' } },
  }),
  'leaks-credentials-in-meta': entry(leaksCredentialsInMeta, {
    randomised: true,
    variants: { header: { how: 'header' } },
  }),
  'truncation-without-flag': entry(truncationWithoutFlag, {
    variants: { 'says-false': { as: 'false' } },
  }),
  'truncated-without-cursor': entry(truncatedWithoutCursor, { randomised: true }),
  'local-timestamp': entry(localTimestamp, { variants: { basic: { value: '20260131T120000Z' } } }),
  'schema-version-missing': entry(schemaVersionMissing, {
    variants: { 'aoi-version-too': { alsoAoiVersion: true } },
  }),
};

export type StreamFaultId = keyof typeof FAULT_CATALOGUE;
/** The stream faults' ids (those of FAULT_CATALOGUE). */
export const FAULT_IDS = Object.keys(FAULT_CATALOGUE) as StreamFaultId[];
