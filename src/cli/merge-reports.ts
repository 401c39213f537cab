/**
 * `aoi-testkit merge-reports [--reporter NAME[=PATH]]... FILE|DIR...`: the blobs of the shards of one run (each job
 * of a CI matrix wrote one with `--shard I/N --reporter blob=FILE`) read back, joined (report/merge.ts) and
 * delivered as the verb that wrote them delivers its report: every reporter, the baseline, one exit status.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseBlob, type Blob } from '../report/blob.js';
import { mergeBlobs } from '../report/merge.js';
import { REPORTERS } from '../report/reporters.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverCorpusRun, deliverReport, parseReporting } from './reporting.js';
import { parseOptions } from './surface.js';
import { InputError, ioReason, UsageError } from './usage.js';

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
  const blobs = blobFiles(parsed.positionals).map(readBlob);
  let merged;
  try {
    merged = mergeBlobs(blobs.map((b) => b.blob));
  } catch (error) {
    throw new InputError(
      `merge-reports: ${(error as Error).message} (files: ${blobs.map((b) => b.file).join(', ')})`,
      'validation',
      'BLOBS_NOT_ONE_RUN',
      65,
    );
  }
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

/** The files given, each directory replaced by the *.json files below it (sorted: the order does not matter). */
function blobFiles(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(path).isDirectory();
    } catch (error) {
      throw notFound(path, error);
    }
    if (!isDirectory) return [path];
    const found = readdirSync(path, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(path, name))
      .filter((file) => statSync(file).isFile());
    if (found.length === 0)
      throw new InputError(`${path}: no *.json blob file in it`, 'not_found', 'BLOB_NOT_FOUND');
    return found;
  });
}

function readBlob(file: string): { file: string; blob: Blob } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw notFound(file, error);
  }
  try {
    return { file, blob: parseBlob(text) };
  } catch (error) {
    throw new InputError(`${file}: ${(error as Error).message}`, 'validation', 'BLOB_INVALID', 65);
  }
}

const notFound = (path: string, error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT'
    ? new InputError(`${path}: no such file or directory`, 'not_found', 'BLOB_NOT_FOUND')
    : new InputError(`${path}: cannot read it: ${ioReason(error)}`, 'io', 'BLOB_NOT_READABLE');
