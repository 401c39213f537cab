import { FileReadError } from './read-file.js';
import { EX_NOINPUT, EXIT_CODES } from './spec/aoi/constants.js';

// The kit's two errors of how it was called and what it was given: thrown by the library's verb calls, mapped by the CLI
// to a message and an exit status (cli/entry.ts). A fake loads only these.

/** A mistake in how the kit's CLI was called: exit 64, structured in machine mode. */
export class UsageError extends Error {
  readonly exitCode = EXIT_CODES.USAGE;
  readonly category = 'usage';
  readonly code = 'USAGE_ERROR';
}

/** The input (a file, a program to lint) is missing or unusable: exit 66 (EX_NOINPUT) unless said otherwise. */
export class InputError extends Error {
  constructor(
    message: string,
    readonly category: 'not_found' | 'io' | 'validation' | 'config',
    readonly code: string,
    readonly exitCode: number = EX_NOINPUT,
  ) {
    super(message);
  }
}

/** What went wrong with a path, in words ("no such file", "is a directory"), never a raw errno code alone. */
export function ioReason(error: unknown): string {
  if (error instanceof FileReadError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const words: Record<string, string> = {
    ENOENT: 'no such file',
    EISDIR: 'is a directory',
    ENOTDIR: 'a part of the path is not a directory',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    ELOOP: 'too many symbolic links',
    ENAMETOOLONG: 'the name is too long',
    EMFILE: 'too many open files',
    ENOSPC: 'no space left on the device',
    EROFS: 'read-only file system',
  };
  return code === undefined ? 'unreadable' : (words[code] ?? `unreadable (${code})`);
}
