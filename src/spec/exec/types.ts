/** Danger levels of the CLI Agent Spec's ManifestResponse (REQ-C-002). */
export type DangerLevel = 'safe' | 'mutating' | 'destructive';

/** One input line of `tool exec`: `_cmd` routes it, `_opts` are per-line flags, the rest is payload. */
export interface DispatchRequest {
  readonly _cmd: string;
  readonly _opts?: Readonly<Record<string, boolean | string | number>>;
  readonly [field: string]: unknown;
}

/** One output line of `tool exec`. `_cmd`/`_line` sit at the top level or in `meta` (see EnvelopeReading). */
export interface ExecEnvelope {
  readonly _cmd?: string;
  readonly _line?: number;
  readonly ok: boolean;
  readonly data: Record<string, unknown> | unknown[] | null;
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly retryable?: boolean;
    readonly [k: string]: unknown;
  } | null;
  readonly warnings: readonly string[];
  readonly meta: {
    readonly duration_ms: number;
    readonly _cmd?: string;
    readonly _line?: number;
    readonly [k: string]: unknown;
  };
}

/**
 * Where `_cmd` and `_line` live. The guide's prose says "two additions in meta"; its example puts them at
 * the top level (which upstream's ResponseEnvelope, additionalProperties false, forbids). `either` (the
 * kit's default) accepts both; `meta` and `top-level` accept only that place.
 */
export type EnvelopeReading = 'top-level' | 'meta' | 'either';

export const DEFAULT_ENVELOPE_READING: EnvelopeReading = 'either';

/**
 * What exec does after a failed line without `--ignore-errors`. The guide says both "the stream is always
 * one-in, one-out" and "if exec stops at the first failure (default behavior)". `either` (the kit's default)
 * accepts a stop and a tool that goes on; `stops` wants no line dispatched after the failure; `one-in-one-out`
 * wants an envelope for every line (those not run may answer an error).
 */
export type FailureReading = 'either' | 'stops' | 'one-in-one-out';

export const DEFAULT_FAILURE_READING: FailureReading = 'either';

/** The error code of a malformed stream (exit 2). */
export const DISPATCH_PARSE_ERROR = 'DISPATCH_PARSE_ERROR';

/** Exit statuses of exec. */
export const EXEC_EXIT = { ok: 0, lineFailed: 1, malformed: 2 } as const;

/** Where the guide puts the dispatch manifest: `tool manifest --output json` (the one default of the checker and detection). */
export const DEFAULT_EXEC_MANIFEST_ARGS: readonly string[] = ['manifest', '--output', 'json'];
/**
 * Where a tool whose `manifest` verb means something else may keep it (the kit's own CLI: `manifest` validates
 * an AGENT-CLI.md): tried when the guide's place does not list exec and the tool's cmdhelp documents it. Never
 * blindly: in many tools `exec WORD` runs WORD (`npm exec manifest` would fetch and run a package).
 */
export const EXEC_MANIFEST_FALLBACK_ARGS: readonly string[] = [
  'exec',
  'manifest',
  '--output',
  'json',
];

/** The `_cmd` pattern of DispatchRequest. */
export const CMD_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;
