/** The AOI-CLI version this kit implements. */
export const AOI_VERSION = '0.2';

/**
 * Every AOI-CLI version the kit knows of (it has the text of v0.2, a draft): an `aoi_version` outside this list names
 * no version of the convention the kit knows; where it is the tool's own release number, the versions are
 * conflated (COMPAT-03).
 */
export const KNOWN_AOI_VERSIONS: readonly string[] = [AOI_VERSION];

/** Framework event types (§8.2). Always written with the `aoi:` prefix; no aliases. */
export const FRAMEWORK_EVENT_TYPES = [
  'aoi:meta',
  'aoi:summary',
  'aoi:error',
  'aoi:warning',
  'aoi:check',
  'aoi:plan',
  'aoi:progress',
  'aoi:heartbeat',
] as const;
export type FrameworkEventType = (typeof FRAMEWORK_EVENT_TYPES)[number];

/** Unprefixed framework names a domain schema must not use as event types (§8.2). */
export const RESERVED_DOMAIN_NAMES: readonly string[] = FRAMEWORK_EVENT_TYPES.map((t) =>
  t.slice(4),
);

/** Whether a retry may help, per §9.1. `maybe` leaves the decision to the tool. */
export type RetryDefault = 'yes' | 'no' | 'maybe';

/** The standard error categories of §9.1 with their retry defaults. */
export const ERROR_CATEGORIES = {
  usage: { retry: 'no', meaning: 'Invalid CLI usage or missing required operand.' },
  validation: { retry: 'no', meaning: 'Input parsed but failed schema/domain validation.' },
  authn: { retry: 'maybe', meaning: 'Missing or expired credentials. Retry after reauth.' },
  authz: { retry: 'no', meaning: 'Credentials valid but action not allowed.' },
  not_found: { retry: 'no', meaning: 'Target resource does not exist.' },
  conflict: { retry: 'maybe', meaning: 'ETag/version/precondition/destination conflict.' },
  rate_limited: {
    retry: 'yes',
    meaning: 'Rate limit or quota throttling. Include retry hint if known.',
  },
  temporary: { retry: 'yes', meaning: 'Transient dependency/network/service failure.' },
  timeout: { retry: 'yes', meaning: 'Operation exceeded timeout.' },
  cancelled: { retry: 'maybe', meaning: 'Interrupted by caller or system.' },
  partial: { retry: 'maybe', meaning: 'Some items failed; inspect item errors.' },
  internal: { retry: 'maybe', meaning: 'Tool bug or unexpected exception.' },
  config: { retry: 'no', meaning: 'Missing or invalid configuration.' },
  io: { retry: 'maybe', meaning: 'Filesystem/stdin/stdout I/O issue.' },
} as const satisfies Record<string, { retry: RetryDefault; meaning: string }>;
export type ErrorCategory = keyof typeof ERROR_CATEGORIES;
export const ERROR_CATEGORY_NAMES = Object.keys(ERROR_CATEGORIES) as ErrorCategory[];

export function isErrorCategory(value: unknown): value is ErrorCategory {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATEGORIES, value);
}

/**
 * Words that make a command destructive by its name (§14.3, §16.3 `delete`: "Confirmation required"): a command whose
 * name has one of them as a word (`remove`, `rm`, `drop_table`) deletes what it names, and is probed without --confirm
 * even when capabilities do not declare it destructive. Data only: the lint's plan matches names against it.
 */
export const DESTRUCTIVE_COMMAND_WORDS: readonly string[] = [
  'delete',
  'del',
  'remove',
  'rm',
  'rmdir',
  'purge',
  'drop',
  'destroy',
  'erase',
  'wipe',
  'nuke',
  'obliterate',
];

/**
 * Words that may name a destructive command, or may not (`cache-clear`, `kill` a process, `reset` a view, `revoke` a
 * token): judged by name only under `strict`, where the kit's own preferences apply (docs/spec-notes.md, AOI note 43).
 */
export const STRICT_DESTRUCTIVE_COMMAND_WORDS: readonly string[] = [
  'reset',
  'clear',
  'truncate',
  'prune',
  'kill',
  'uninstall',
  'unlink',
  'revoke',
];

/** Words that make a command create resources by its name (§16.3 `create`): AOI-08 creates twice and compares ids. */
export const CREATE_COMMAND_WORDS: readonly string[] = [
  'add',
  'create',
  'new',
  'insert',
  'import',
  'post',
  'upload',
  'register',
];

/** Words that make a command read one resource by its key (§16.3 `get`): AOI-08 resolves a created id with it. */
export const GET_COMMAND_WORDS: readonly string[] = [
  'get',
  'show',
  'view',
  'read',
  'describe',
  'inspect',
  'info',
];

/** The reads of §16.3 (`list` "Bounded collection", `get`, `search`, `status`): held to §14.1's read-only default. */
export const READ_COMMAND_WORDS: readonly string[] = ['list', 'get', 'search', 'status'];

/** Exit statuses of §6 (sysexits-compatible plus the shell's signal conventions). */
export const EXIT_CODES = {
  OK: 0,
  USAGE: 64,
  DATAERR: 65,
  UNAVAILABLE: 69,
  SOFTWARE: 70,
  CANTCREAT: 73,
  IOERR: 74,
  TEMPFAIL: 75,
  NOPERM: 77,
  CONFIG: 78,
  TIMEOUT: 124,
  SIGINT: 130,
  SIGPIPE: 141,
} as const;

/** Also used by the kit's own CLI: the file to check cannot be read (sysexits EX_NOINPUT). */
export const EX_NOINPUT = 66;

/**
 * The exit status §6 recommends for a run that failed with an error of each category (sysexits where
 * one fits; 1 where none does). Only a suggestion: consumers must not rely on exit codes alone.
 */
export const SUGGESTED_EXIT_CODE: Readonly<Record<ErrorCategory, number>> = {
  usage: 64,
  validation: 65,
  authn: 77,
  authz: 77,
  not_found: 1,
  conflict: 1,
  rate_limited: 75,
  temporary: 75,
  timeout: 124,
  cancelled: 130,
  partial: 1,
  internal: 70,
  config: 78,
  io: 74,
};
