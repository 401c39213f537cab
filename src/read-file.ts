import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/**
 * The one way the kit reads a file a user names (`--baseline`, `--exec-plan`, `exec --input-file`, `manifest FILE`,
 * a contract): never more than `maxBytes`, and only from a regular file or a pipe (`<(…)`, `/dev/stdin`). A device, a
 * socket or a directory is refused before a byte is read: `/dev/zero` given as a baseline once grew the kit to 4 GB
 * and a native abort. The error thrown carries `code` as the system's would (`ENOENT`, `EACCES`, …), `ENOTREG` for
 * a file of the wrong kind and `EFBIG` past the bound, and its message says what is wrong in words.
 */

/** What a file a user named may hold, unless its reader says otherwise. */
export const INPUT_FILE_MAX_BYTES = 64 << 20;

export class FileReadError extends Error {
  constructor(
    message: string,
    readonly code: 'ENOTREG' | 'EFBIG',
  ) {
    super(message);
  }
}

/** What a file that is no file to read is, in the words ioReason uses ("is a directory"). */
const KINDS: [test: (s: Stats) => boolean, words: string][] = [
  [(s) => s.isDirectory(), 'is a directory'],
  [(s) => s.isCharacterDevice(), 'is a character device, not a regular file'],
  [(s) => s.isBlockDevice(), 'is a block device, not a regular file'],
  [(s) => s.isSocket(), 'is a socket, not a regular file'],
];

const mib = (bytes: number) => `${Math.round((bytes / (1 << 20)) * 10) / 10} MiB`;

/** The file's text (UTF-8), read whole but never past `maxBytes`. Throws as described above. */
export function readInputFile(path: string, maxBytes = INPUT_FILE_MAX_BYTES): string {
  const fd = openSync(path, 'r');
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() && !stats.isFIFO()) {
      const words = KINDS.find(([test]) => test(stats))?.[1] ?? 'is not a regular file';
      throw new FileReadError(words, 'ENOTREG');
    }
    const tooLarge = () =>
      new FileReadError(`is larger than ${mib(maxBytes)}, the most the kit reads of it`, 'EFBIG');
    if (stats.isFile() && stats.size > maxBytes) throw tooLarge();
    // A pipe has no size, and a regular file can grow while it is read: count what arrives.
    const chunks: Buffer[] = [];
    let total = 0;
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, 1 << 20));
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw tooLarge();
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
