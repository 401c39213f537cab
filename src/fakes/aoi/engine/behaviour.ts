/**
 * How a fake behaves, as switches: the well-behaved tool is `WELL_BEHAVED`; a behaviour fault flips
 * one switch. Engine switches are honoured by the engine for every tool, in memory and as a process
 * alike; tool switches are honoured by the reference tool `notes`.
 */

/** The commands a switch acts on: their names (the first argument that is not a flag), or `'all'`. */
export type Commands = 'all' | readonly string[];

export interface Latency {
  /** Before the first byte on stdout. */
  readonly firstByteMs: number;
  /** Before every later write. */
  readonly betweenEventsMs: number;
  /** Up to this much more, seeded, on each delay. */
  readonly jitterMs: number;
  readonly commands: Commands;
}

export interface Behaviour {
  // ── Engine: every tool ───────────────────────────────────────────────────────────────────────────
  /**
   * When the reader has closed stdout (EPIPE): `exit` 141 quietly; `keep-writing`: ignore it, carry on
   * and never exit; `stack-trace`: Node's unhandled `Error: write EPIPE` trace on stderr, exit 1.
   */
  readonly brokenPipe: {
    readonly mode: 'exit' | 'keep-writing' | 'stack-trace';
    readonly commands: Commands;
  };
  /**
   * On SIGINT/SIGTERM: `interrupt` (the interrupted summary, exit 130/143); `ignore` (keep running);
   * `no-summary` (exit 130/143 without the summary); `wrong-exit-code` (the summary, then exit 0).
   */
  readonly signals: 'interrupt' | 'ignore' | 'no-summary' | 'wrong-exit-code';
  /** On SIGINT/SIGTERM these commands print an AbortError's Node stack trace on stderr first. */
  readonly signalStackTrace: Commands;
  /** Delays: real timers in a process, virtual (order only, no waiting) in memory. */
  readonly latency: Latency;
  /**
   * Stop writing after this many events and never finish (null: never). With `helper`, a process waits
   * on a helper it started (a grandchild of the caller, in the same process group) that holds stdout
   * and stderr open and never ends; in memory there is no process, and the tool hangs itself.
   */
  readonly stall: {
    readonly afterEvents: number;
    readonly commands: Commands;
    readonly helper?: boolean;
  } | null;
  /** Read all of stdin before doing anything: an open pipe nobody closes hangs these commands. */
  readonly readsStdin: Commands;

  // ── Tool: honoured by notes ──────────────────────────────────────────────────────────────────────
  /** `schema` opens a TCP connection to a remote host before printing. */
  readonly schemaNetwork: boolean;
  /** `schema` fails (authn, exit 77) unless one of these variables holds a token (null: needs none). */
  readonly schemaCredentials: readonly string[] | null;
  /** The event schema's `$id` (null: the tool's own https URL). */
  readonly schemaId: string | null;
  /** How `schema` fails to give a usable event schema (null: it does not). */
  readonly schemaBroken: null | 'not-a-schema' | 'not-json' | 'fails';
  /** `capabilities` is not a valid §17 manifest. */
  readonly capabilitiesInvalid: boolean;
  /** `--schema-version`: `negotiated`; `always-default` (checked, then ignored); `falls-back` (an unsupported one becomes the default). */
  readonly schemaVersion: 'negotiated' | 'always-default' | 'falls-back';
  /**
   * The schema versions offered, oldest (the default) first: the first has `hit.rank`, every later one `hit.score`.
   * Well-behaved: `1.0.0`, `2.0.0` (the rename is a new major, §5.1).
   */
  readonly schemaVersions: readonly string[];
  /** The exit status of a usage error (64, EX_USAGE). */
  readonly usageExitCode: number;
  /** A usage error also prints the whole command line to stderr, raw. */
  readonly usageErrorEchoesArgv: boolean;
  /** A destructive command without --confirm: `required` (refused), `skipped` (done anyway), `prompt` (asks on stderr, waits for stdin). */
  readonly confirmation: 'required' | 'skipped' | 'prompt';
  /** A --confirm-count that does not match: `checked` (refused) or `ignored`. */
  readonly confirmCount: 'checked' | 'ignored';
  /** --dry-run: `plans` (aoi:plan, no change); `applies` (plans, then changes anyway); `no-plan` (no change, no plan). */
  readonly dryRun: 'plans' | 'applies' | 'no-plan';
  /** --idempotency-key: `honoured`; `ignored` (accepted, a replay does it again); `rejected` (an unknown flag). */
  readonly idempotencyKey: 'honoured' | 'ignored' | 'rejected';
  /** Mutations of these commands emit no domain event (the summary still counts what was emitted). */
  readonly silentMutations: Commands;
  /** These read commands save the state back, counting reads, as they read (§14.1). */
  readonly readsWrite: Commands;
  /** Pages: `bounded`; `ignores-limit`; `hides-truncation` (no truncated, no next_cursor); `cursor-rejected`; `cursor-restarts` (the next page starts at 0). */
  readonly paging:
    'bounded' | 'ignores-limit' | 'hides-truncation' | 'cursor-rejected' | 'cursor-restarts';
  /** `--help`: `prints` the help and exits 0; `fails` (a usage error, exit 64). */
  readonly help: 'prints' | 'fails';
  /** These commands refuse the machine-mode flag (`--output jsonl`) as an unknown option: stderr, exit 64, no stdout. */
  readonly machineFlagRefused: Commands;
  /** Capabilities declare `bounded: false` for the paged commands (search, list). */
  readonly declaresUnbounded: boolean;
  /** Malformed JSONL input: handled `as-declared`, or one of the ways to get it wrong. */
  readonly input:
    | 'as-declared'
    | 'fail-fast-applies'
    | 'continue-stops'
    | 'no-line-error'
    | 'continue-silent'
    | 'zero-based-line'
    | 'ok-despite-bad-line';
}

export const WELL_BEHAVED: Behaviour = Object.freeze({
  brokenPipe: { mode: 'exit', commands: 'all' },
  signals: 'interrupt',
  signalStackTrace: [],
  latency: { firstByteMs: 0, betweenEventsMs: 0, jitterMs: 0, commands: 'all' },
  stall: null,
  readsStdin: [],
  schemaNetwork: false,
  schemaCredentials: null,
  schemaId: null,
  schemaBroken: null,
  capabilitiesInvalid: false,
  schemaVersion: 'negotiated',
  schemaVersions: ['1.0.0', '2.0.0'],
  usageExitCode: 64,
  usageErrorEchoesArgv: false,
  confirmation: 'required',
  confirmCount: 'checked',
  dryRun: 'plans',
  idempotencyKey: 'honoured',
  silentMutations: [],
  readsWrite: [],
  paging: 'bounded',
  input: 'as-declared',
  help: 'prints',
  machineFlagRefused: [],
  declaresUnbounded: false,
} as const);

/** The behaviour of a run: the well-behaved defaults, then each fault's switches in order (a later one wins). */
export function mergeBehaviours(parts: readonly (Partial<Behaviour> | undefined)[]): Behaviour {
  return Object.freeze(
    Object.assign({}, WELL_BEHAVED, ...parts.filter((part) => part !== undefined)) as Behaviour,
  );
}

/** The command of a run: its first argument that is not a flag (`search` in `search note --limit 2`). */
export function commandOf(argv: readonly string[]): string | undefined {
  return argv.find((arg) => !arg.startsWith('-'));
}

export function appliesTo(commands: Commands, command: string | undefined): boolean {
  return commands === 'all' || (command !== undefined && commands.includes(command));
}
