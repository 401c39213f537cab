/** `merge-reports` as a library call: the blob files of the shards of one run read back and joined. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, ioReason } from '../errors.js';
import { parseBlob, type Blob } from '../report/blob.js';
import { mergeBlobs } from '../report/merge.js';

/** The blobs of `paths` (files, or directories of *.json files) joined into the one run they are the shards of. */
export function mergeBlobFiles(paths: readonly string[]): ReturnType<typeof mergeBlobs> {
  const blobs = blobFiles(paths).map(readBlob);
  try {
    return mergeBlobs(blobs.map((b) => b.blob));
  } catch (error) {
    throw new InputError(
      `merge-reports: ${(error as Error).message} (files: ${blobs.map((b) => b.file).join(', ')})`,
      'validation',
      'BLOBS_NOT_ONE_RUN',
      65,
    );
  }
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
