/**
 * `aoi-testkit merge-reports [--reporter NAME[=PATH]]... FILE|DIR...`: the blobs of the shards of one run (each job
 * of a CI matrix wrote one with `--shard I/N --reporter blob=FILE`) read back, joined (report/merge.ts) and
 * delivered as the verb that wrote them delivers its report: every reporter, the baseline, one exit status.
 */
import { parseArgs } from 'node:util';
import { REPORTERS } from '../report/reporters.js';
import { mergeBlobFiles } from '../verbs/merge-reports.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverCorpusRun, deliverReport, parseReporting } from './reporting.js';
import { parseOptions } from './surface.js';
import { UsageError } from './usage.js';

export async function runMergeReports(args: string[], emitter: Emitter): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: parseOptions('merge-reports'),
    });
  } catch (error) {
    throw new UsageError(`merge-reports: ${(error as Error).message}`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (parsed.positionals.length === 0)
    throw new UsageError(
      'merge-reports needs the blob files (or directories of them): aoi-testkit merge-reports [--reporter NAME[=PATH]]... FILE|DIR...',
    );
  const reporting = parseReporting(values);
  const merged = mergeBlobFiles(parsed.positionals);
  if (merged.verb === 'scenarios') {
    const other = reporting.reporters.find((t) => REPORTERS[t.name].corpus === undefined);
    if (other)
      throw new UsageError(
        `a corpus run reports with text, jsonl, junit or blob, got --reporter ${other.name}`,
      );
    if (reporting.baseline || reporting.writeBaseline !== undefined)
      throw new UsageError('a corpus run has no baseline: --baseline is for verdict reports');
    return deliverCorpusRun(reporting.reporters, merged, emitter);
  }
  return deliverReport(reporting, merged, { emitter, color: wantsColour(values) });
}
