import { EX_NOINPUT, EXIT_CODES } from '../spec/aoi/constants.js';

// The CLI's two errors, apart from usage.ts (its help text is built from the whole verb table): a fake loads only these.

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
