import type { BackendConfig } from './backend.js';

/**
 * Named configurations of `notes sync`'s pretend backend (`$NOTES_BACKEND`), each with what the clean tool
 * must tell its consumer: the `aoi:error` (§9.1 category, code, retryable, and `retry_after_ms` from a
 * Retry-After) and the exit status (§6). Declared here, not computed from sync.ts: the process test and the
 * corpus (`scenarios/backend.*.json`) prove that sync does what these say. Like every fake, no checks here.
 */
export interface BackendCase {
  readonly id: string;
  /** What the backend does, as a clause: "answers 429 with Retry-After: 2". */
  readonly description: string;
  /** `$NOTES_BACKEND`: a configuration (serialised as JSON), or raw text for a configuration that is not JSON. */
  readonly backend: BackendConfig | string;
  /** Arguments of `sync` besides `--output jsonl`. */
  readonly args: readonly string[];
  readonly error: {
    readonly category: string;
    readonly code: string;
    readonly retryable: boolean;
    readonly retry_after_ms?: number;
  };
  readonly exitCode: number;
}

export const BACKEND_CASES: readonly BackendCase[] = [
  {
    id: 'rate-limited',
    description: 'answers 429 with Retry-After: 2',
    backend: { status: 429, retryAfterSeconds: 2 },
    args: [],
    error: {
      category: 'rate_limited',
      code: 'BACKEND_RATE_LIMITED',
      retryable: true,
      retry_after_ms: 2000,
    },
    exitCode: 75,
  },
  {
    id: 'unavailable',
    description: 'answers 503',
    backend: { status: 503 },
    args: [],
    error: { category: 'temporary', code: 'BACKEND_UNAVAILABLE', retryable: true },
    exitCode: 75,
  },
  {
    id: 'unauthenticated',
    description: 'wants a bearer token (requireToken) and gets none: 401',
    backend: { requireToken: true },
    args: [],
    error: { category: 'authn', code: 'BACKEND_UNAUTHENTICATED', retryable: false },
    exitCode: 77,
  },
  {
    id: 'forbidden',
    description: 'answers 403',
    backend: { status: 403 },
    args: [],
    error: { category: 'authz', code: 'BACKEND_FORBIDDEN', retryable: false },
    exitCode: 77,
  },
  {
    // 60 s of delay against a 0.2 s --timeout: a bound, not a race.
    id: 'timeout',
    description: 'answers only after 60 s, beyond the --timeout 0.2 of the run',
    backend: { delayMs: 60_000 },
    args: ['--timeout', '0.2'],
    error: { category: 'timeout', code: 'BACKEND_TIMEOUT', retryable: true },
    exitCode: 75,
  },
  {
    id: 'malformed-body',
    description: 'answers 200 with a body that is not JSON',
    backend: { rawBody: 'not json at all' },
    args: [],
    error: { category: 'internal', code: 'BACKEND_BAD_RESPONSE', retryable: false },
    exitCode: 70,
  },
  {
    id: 'config-invalid',
    description: 'is configured with a $NOTES_BACKEND that is not JSON',
    backend: '{not json',
    args: [],
    error: { category: 'config', code: 'BACKEND_CONFIG_INVALID', retryable: false },
    exitCode: 78,
  },
];

/** `$NOTES_BACKEND` for a case. */
export const backendEnvOf = (c: BackendCase): string =>
  typeof c.backend === 'string' ? c.backend : JSON.stringify(c.backend);
