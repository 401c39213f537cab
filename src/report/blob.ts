/**
 * The blob report: a run's whole report as data (the view every reporter renders, not a rendering of it), one JSON
 * file per shard of a CI matrix, which `aoi-testkit merge-reports` reads back, joins and renders in any reporter.
 * Versioned apart from the kit: a kit reads the blob versions it knows and says so of the others.
 */
import type { CorpusRunView } from './corpus.js';
import { TOOL, TOOL_VERSION } from './meta.js';
import type { ReportView } from './view.js';

export const BLOB_FORMAT = `${TOOL}-blob`;
export const BLOB_VERSION = 1;

/** What a blob holds besides the report: the kit that wrote it. */
export interface Blob {
  readonly format: typeof BLOB_FORMAT;
  readonly version: typeof BLOB_VERSION;
  /** The version of the kit that judged the run: shards judged by different kits are not one run. */
  readonly kit: string;
  readonly report: ReportView | CorpusRunView;
}

/** A report as a blob (its baseline's outcome left out: merge-reports judges the merged run against its own). */
export function renderBlob(report: ReportView | CorpusRunView): string {
  const { baseline: _baseline, ...unjudged } = report as ReportView;
  const blob: Blob = {
    format: BLOB_FORMAT,
    version: BLOB_VERSION,
    kit: TOOL_VERSION,
    report: unjudged as ReportView,
  };
  return `${JSON.stringify(blob)}\n`;
}

const VERBS = ['lint', 'check', 'manifest', 'consumer', 'runner', 'compat', 'scenarios'];
const STATUSES = ['pass', 'fail', 'skip', 'not_applicable'];
const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A blob read back; a RangeError that says what is wrong when the text is not a blob this kit reads (not JSON,
 * another format, a newer version, a report without the shape every reporter relies on).
 */
export function parseBlob(text: string): Blob {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RangeError(`not JSON (${(error as Error).message})`, { cause: error });
  }
  if (!isObject(data) || data.format !== BLOB_FORMAT)
    throw new RangeError(
      `not a blob report (a blob has "format": "${BLOB_FORMAT}"; write one with --reporter blob=FILE)`,
    );
  if (data.version !== BLOB_VERSION)
    throw new RangeError(
      `blob version ${String(JSON.stringify(data.version)).slice(0, 40)}: this kit (${TOOL_VERSION}) reads version ${BLOB_VERSION}; merge with the kit that wrote it`,
    );
  if (typeof data.kit !== 'string')
    throw new RangeError('the blob does not say which kit wrote it');
  const report = data.report;
  if (!isObject(report) || !VERBS.includes(report.verb as string))
    throw new RangeError(
      `the blob's report is not one of a verb that reports (${VERBS.join(', ')})`,
    );
  const problem = report.verb === 'scenarios' ? corpusProblem(report) : verdictsProblem(report);
  if (problem !== undefined) throw new RangeError(`the blob's ${report.verb} report: ${problem}`);
  return data as unknown as Blob;
}

/** Where a verdict report departs from the shape the reporters read (its verdicts and their findings). */
function verdictsProblem(view: Record<string, unknown>): string | undefined {
  if (typeof view.target !== 'string') return 'no target';
  const report = view.report;
  if (!isObject(report) || typeof report.ok !== 'boolean') return 'no ok';
  if (!Array.isArray(report.verdicts) || !Array.isArray(report.findings))
    return 'no verdicts or findings';
  const bad = report.verdicts.findIndex(
    (v: unknown) =>
      !isObject(v) ||
      typeof v.rule !== 'string' ||
      typeof v.title !== 'string' ||
      !STATUSES.includes(v.status as string) ||
      typeof v.errors !== 'number' ||
      typeof v.warnings !== 'number' ||
      !Array.isArray(v.characteristics) ||
      !Array.isArray(v.findings) ||
      !v.findings.every(isFinding),
  );
  return bad === -1 ? undefined : `verdict ${bad + 1} is not a verdict`;
}

const isFinding = (f: unknown) =>
  isObject(f) && ['id', 'rule', 'severity', 'message'].every((key) => typeof f[key] === 'string');

function corpusProblem(view: Record<string, unknown>): string | undefined {
  if (!Array.isArray(view.results)) return 'no results';
  const bad = view.results.findIndex(
    (r: unknown) =>
      !isObject(r) ||
      typeof r.id !== 'string' ||
      typeof r.kind !== 'string' ||
      typeof r.ok !== 'boolean' ||
      !isObject(r.expected),
  );
  return bad === -1 ? undefined : `result ${bad + 1} is not a scenario result`;
}
