import { EXIT_CODES } from '../spec/aoi/constants.js';

/** A mistake in how the kit's CLI was called: exit 64, structured in machine mode. */
export class UsageError extends Error {
  readonly exitCode = EXIT_CODES.USAGE;
  readonly category = 'usage';
  readonly code = 'USAGE_ERROR';
}

/** The input could not be read: exit 66 (EX_NOINPUT). */
export class InputError extends Error {
  readonly exitCode = 66;
  constructor(
    message: string,
    readonly category: 'not_found' | 'io',
    readonly code: string,
  ) {
    super(message);
  }
}

export const HELP = `aoi-testkit — the reference test kit for agent-operable CLIs (AOI-CLI v0.2)

Usage:
  aoi-testkit check [FILE|-] [options]   check a recorded machine-mode stream
  aoi-testkit fake [--seed N] <preset> [args...]   run the reference tool notes with a preset's faults
  aoi-testkit fake --list                list the presets (well-behaved, crashing-without-summary, ...)
  aoi-testkit --help | --version

check options:
  --output text|jsonl   text for people (default) or AOI JSONL (also --format)
  --unbounded           the stream is from an unbounded command (watch, tail)
  --strict              treat warnings as failures
  --exit-code N         the exit status of the process that wrote the stream
  --signal NAME         the signal that ended it (e.g. SIGKILL)
  --schema-version V    the schema version that was negotiated
  --no-color            no colour in text output (also NO_COLOR)

Exit status: 0 conformant, 1 a rule failed, 64 usage error, 66 input unreadable.
Rules: node_modules/aoi-testkit/docs/rules/<RULE-ID>.md
`;
