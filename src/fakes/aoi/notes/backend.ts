/**
 * The pretend HTTP backend of `notes sync`, served by msw inside the fake's own process, so that the
 * tool is a real HTTP client (fetch, headers, status codes, Retry-After, aborts) with no network at
 * all. A scenario configures it through `$NOTES_BACKEND` (JSON, see {@link BackendConfig}).
 *
 * msw is imported lazily, on the first sync only: every other command, and the fake's cold start,
 * never pays for it. Type-only imports below vanish at build time. For users of the published kit msw is
 * an optional peer dependency; without it a sync fails with {@link BackendUnavailable}.
 *
 * Isolation. `setupServer().listen()` patches process globals (fetch, http.ClientRequest, XHR), and
 * @mswjs/interceptors lets only one interceptor own each patch: a second server started meanwhile
 * reuses the first one's patch, and whichever closes first unpatches fetch for both. As a process that
 * never matters (one run per process), but in memory many syncs may run at once in the test process,
 * each with its own `NOTES_BACKEND`. So there is exactly one server per process, reference-counted —
 * started by the first sync that needs it, closed when the last one ends — and its one handler looks up
 * the configuration of the run that sent the request by a per-run header ({@link RUN_HEADER}, a
 * counter, never anything secret). Each run registers its configuration under its own id before its
 * request and removes it after, so two parallel runs never see each other's backend. The URL stays the
 * documented one; a request without a known run id is unhandled and fails (onUnhandledRequest 'error').
 * The shared state lives on globalThis under a `Symbol.for` key, so that two copies of this module in
 * one process (src and dist, say) still share one server rather than fight over the patch.
 *
 * Caveat, in memory only: while any sync runs, every fetch/http request of the whole test process goes
 * through msw and anything but the notes backend fails as unhandled.
 */
import type { SetupServer } from 'msw/node';

/** Where the backend lives: a reserved `.example` host (RFC 2606), never resolvable. */
export const NOTES_API_URL = 'https://api.notes.example/v1/notes';
/** The header that names the in-process run a request belongs to (see the isolation note above). */
export const RUN_HEADER = 'x-notes-fake-run';
/** The environment variable a scenario configures the backend with. */
export const BACKEND_ENV = 'NOTES_BACKEND';

export interface BackendNote {
  title: string;
  body?: string;
  tags?: string[];
}

/**
 * `$NOTES_BACKEND`, as JSON; every field optional, unknown fields rejected (they are typos):
 * - `status`: the HTTP status to answer with (default 200). 429 carries `Retry-After` when
 *   `retryAfterSeconds` is given.
 * - `retryAfterSeconds`: the `Retry-After` header value (a non-negative integer).
 * - `delayMs`: wait this long before answering (an aborted request stops waiting).
 * - `notes`: the notes a 200 serves (default: two notes).
 * - `rawBody`: serve this text as the body instead of the notes (a malformed body: `"{\"notes\":"`).
 * - `requireToken`: answer 401 unless the request carries `Authorization: Bearer <non-empty>`.
 */
export interface BackendConfig {
  status?: number;
  retryAfterSeconds?: number;
  delayMs?: number;
  notes?: BackendNote[];
  rawBody?: string;
  requireToken?: boolean;
}

export const DEFAULT_NOTES: readonly BackendNote[] = [
  { title: 'Welcome', body: 'Synced from the notes backend.', tags: ['sync'] },
  { title: 'Shopping', body: 'milk, eggs, bread', tags: [] },
];

/** A `$NOTES_BACKEND` that is not valid JSON of the documented shape: a configuration error. */
export class BackendConfigProblem extends Error {}

const KEYS = ['status', 'retryAfterSeconds', 'delayMs', 'notes', 'rawBody', 'requireToken'];
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** Parse `$NOTES_BACKEND` (unset or empty: the default backend). Messages never quote the value. */
export function parseBackendConfig(raw: string | undefined): BackendConfig {
  if (raw === undefined || raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BackendConfigProblem(`$${BACKEND_ENV} is not valid JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new BackendConfigProblem(`$${BACKEND_ENV} must be a JSON object`);
  const config = value as Record<string, unknown>;
  const unknown = Object.keys(config).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0)
    throw new BackendConfigProblem(
      `$${BACKEND_ENV} has unknown field(s) ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${KEYS.join(', ')})`,
    );
  const { status, retryAfterSeconds, delayMs, notes, rawBody, requireToken } = config;
  const bad = (field: string, what: string) =>
    new BackendConfigProblem(`$${BACKEND_ENV}.${field} must be ${what}`);
  if (
    status !== undefined &&
    !(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599)
  )
    throw bad('status', 'an HTTP status from 200 to 599');
  if (
    retryAfterSeconds !== undefined &&
    !(Number.isInteger(retryAfterSeconds) && (retryAfterSeconds as number) >= 0)
  )
    throw bad('retryAfterSeconds', 'a non-negative integer');
  // setTimeout's limit: a longer delay would fire at once (with a warning on stderr).
  if (
    delayMs !== undefined &&
    !(typeof delayMs === 'number' && delayMs >= 0 && delayMs <= 2_147_483_647)
  )
    throw bad('delayMs', 'a number of milliseconds from 0 to 2147483647');
  if (rawBody !== undefined && typeof rawBody !== 'string') throw bad('rawBody', 'a string');
  if (requireToken !== undefined && typeof requireToken !== 'boolean')
    throw bad('requireToken', 'true or false');
  if (notes !== undefined) {
    const valid =
      Array.isArray(notes) &&
      notes.every(
        (n: unknown) =>
          n !== null &&
          typeof n === 'object' &&
          typeof (n as BackendNote).title === 'string' &&
          ((n as BackendNote).body === undefined || typeof (n as BackendNote).body === 'string') &&
          ((n as BackendNote).tags === undefined || isStringArray((n as BackendNote).tags)),
      );
    if (!valid) throw bad('notes', 'an array of {title, body?, tags?}');
  }
  return config as BackendConfig;
}

interface Shared {
  server: SetupServer | undefined;
  users: number;
  nextRun: number;
  runs: Map<string, BackendConfig>;
}

const SHARED_KEY = Symbol.for('aoi-testkit.notes-backend');
const shared: Shared = ((globalThis as Record<symbol, unknown>)[SHARED_KEY] as
  Shared | undefined) ?? { server: undefined, users: 0, nextRun: 0, runs: new Map() };
(globalThis as Record<symbol, unknown>)[SHARED_KEY] = shared;

type Msw = typeof import('msw/core/http') & typeof import('msw/node');
let loading: Promise<Msw> | undefined;
// msw/core/http, not msw: the package's main entry also loads graphql (~130 CommonJS files), which doubles the
// cost of a sync's start; the handler answers with the platform's Response, which msw takes as HttpResponse.
const loadMsw = (): Promise<Msw> =>
  (loading ??= Promise.all([import('msw/core/http'), import('msw/node')]).then(
    ([core, node]) => ({ ...core, ...node }),
    (error: unknown) => {
      loading = undefined; // installed later in the same process: the next sync tries again
      throw isMissingPackage(error, 'msw') ? new BackendUnavailable() : error;
    },
  ));

/**
 * msw is an optional peer dependency of the published kit (it brings ~50 packages for this one command):
 * without it, `notes sync` cannot serve its pretend backend and says so, as a structured error.
 */
export class BackendUnavailable extends Error {
  constructor() {
    super(
      'the pretend notes backend needs msw, an optional peer dependency of aoi-testkit: npm install --save-dev msw',
    );
    this.name = 'BackendUnavailable';
  }
}

/** Whether `error` is the loader's "no such package" for `name` (or a subpath of it), ESM or CommonJS. */
export function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`Cannot find (?:package|module) '${quoted}(?:/[^']*)?'`).test(String(message));
}

/**
 * Wait `ms`, or less when the client gave up on the request (so no timer outlives an aborted sync). The
 * timer is deliberately not unref'd: a mocked request holds no socket, so this timer is what keeps a
 * fake process alive while its request is pending, as a real connection would.
 */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** A JSON answer with the headers msw's `HttpResponse.json` sets. */
function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      ...headers,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
    },
  });
}

function handlers(msw: Msw) {
  const { http } = msw;
  return [
    http.get(NOTES_API_URL, async ({ request }) => {
      const config = shared.runs.get(request.headers.get(RUN_HEADER) ?? '');
      if (!config) return undefined; // not one of ours: unhandled, and 'error' fails it
      await wait(config.delayMs ?? 0, request.signal);
      const authorization = request.headers.get('authorization') ?? '';
      if (config.requireToken && !/^Bearer \S+$/.test(authorization)) {
        return json({ error: 'unauthenticated' }, 401, {
          'WWW-Authenticate': 'Bearer realm="notes"',
        });
      }
      const status = config.status ?? 200;
      const headers: Record<string, string> =
        config.retryAfterSeconds !== undefined
          ? { 'Retry-After': String(config.retryAfterSeconds) }
          : {};
      if ([204, 205, 304].includes(status)) return new Response(null, { status, headers }); // no body allowed
      if (status >= 300) return json({ error: `status ${status}` }, status, headers);
      if (config.rawBody !== undefined)
        return new Response(config.rawBody, {
          status,
          headers: { ...headers, 'Content-Type': 'application/json' },
        });
      return json({ notes: config.notes ?? DEFAULT_NOTES }, status, headers);
    }),
  ];
}

/** One run's view of the backend: the headers that route its requests, and how to let go of it. */
export interface BackendLease {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Idempotent; closes the process's server when no other run uses it. */
  release(): void;
}

/** Start (or join) the process's backend and register this run's configuration on it. */
export async function openBackend(config: BackendConfig): Promise<BackendLease> {
  const msw = await loadMsw();
  // From here on everything is synchronous, so no other run can interleave between the count and
  // listen()/close(): a server is never closed under a run that has just joined it.
  if (shared.users++ === 0) {
    const server = msw.setupServer(...handlers(msw));
    server.listen({ onUnhandledRequest: 'error' });
    shared.server = server;
  }
  const id = `${process.pid}.${++shared.nextRun}`;
  shared.runs.set(id, config);
  let released = false;
  return {
    url: NOTES_API_URL,
    headers: { [RUN_HEADER]: id },
    release() {
      if (released) return;
      released = true;
      shared.runs.delete(id);
      if (--shared.users === 0) {
        shared.server?.close();
        shared.server = undefined;
      }
    },
  };
}
