import { UsageProblem } from './args.js';
import {
  BACKEND_ENV,
  BackendConfigProblem,
  BackendUnavailable,
  openBackend,
  parseBackendConfig,
  type BackendConfig,
  type BackendNote,
} from './backend.js';
import type { Command } from './commands.js';
import { loadState, newId, saveState } from './state.js';

/** `--timeout SECONDS` bounds the one external call (§15, §16.1); by default 30 s. */
const DEFAULT_TIMEOUT_SECONDS = 30;
const MAX_TIMEOUT_SECONDS = 3600;
const TOKEN_ENV = 'NOTES_API_TOKEN';

/** Why the pull failed, as an AOI error (§9.1) and the exit status that goes with it (§6). */
interface Failure {
  category: string;
  code: string;
  message: string;
  retryable: boolean;
  exit: number;
  extra?: Record<string, unknown>;
}

type Pulled = { ok: true; notes: BackendNote[] } | { ok: false; failure: Failure };

function timeoutMs(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS * 1000;
  const seconds = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(seconds) ||
    seconds <= 0 ||
    seconds > MAX_TIMEOUT_SECONDS
  ) {
    throw new UsageProblem(
      `--timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, got "${value}"`,
    );
  }
  return Math.max(1, Math.round(seconds * 1000));
}

/**
 * `notes sync [--timeout SECONDS] [--dry-run]`: pull the notes of the backend (direction: pull, stated in
 * meta as §16.3 asks) and create those not yet here. A note is already here when a local note has the
 * same title and body — the natural key that makes a second sync create nothing (§14.4). `--dry-run`
 * plans the creations and writes nothing (§14.2). Failures of the backend are AOI errors with the §9.1
 * category and the §6 exit status. The token is sent in a header and never written anywhere.
 */
export async function sync(cmd: Command): Promise<number> {
  const timeout = timeoutMs(cmd.flags.timeout);
  if (cmd.operands.length > 0) throw new UsageProblem('sync takes no operands');
  const dryRun = cmd.flags['dry-run'] === true;
  await cmd.out.meta('sync', { direction: 'pull' });

  let config: BackendConfig;
  try {
    config = parseBackendConfig(cmd.ctx.env[BACKEND_ENV]);
  } catch (error) {
    if (!(error instanceof BackendConfigProblem)) throw error;
    return fail(cmd, {
      category: 'config',
      code: 'BACKEND_CONFIG_INVALID',
      message: error.message,
      retryable: false,
      exit: 78,
    });
  }
  const pulled = await pull(cmd, config, timeout);
  if (!pulled.ok) return fail(cmd, pulled.failure);

  const state = loadState(cmd.ctx.stateDir);
  const keyOf = (note: { title: string; body?: string }) =>
    JSON.stringify([note.title, note.body ?? '']);
  const present = new Set(state.notes.map(keyOf));
  const fresh: BackendNote[] = [];
  for (const note of pulled.notes) {
    if (present.has(keyOf(note))) continue;
    present.add(keyOf(note)); // the backend listing a note twice still creates it once
    fresh.push(note);
  }
  if (dryRun) {
    for (const note of fresh)
      await cmd.out.item(
        { type: 'aoi:plan', action: 'create', target: 'note', title: note.title },
        `would create "${note.title}"`,
      );
    await cmd.out.summary(true);
    return 0;
  }
  const created = fresh.map((note) => {
    const id = newId(state);
    state.notes.push({ id, title: note.title, body: note.body ?? '', tags: note.tags ?? [] });
    return { id, title: note.title };
  });
  // Commit, then report: a reader that goes away mid-report does not undo the sync, and the next sync
  // (which would find these notes) creates nothing twice.
  if (created.length > 0) saveState(cmd.ctx.stateDir, state);
  for (const { id, title } of created)
    await cmd.out.item({ type: 'created', id }, `created ${id} "${title}"`);
  await cmd.out.summary(true);
  return 0;
}

async function fail(cmd: Command, failure: Failure): Promise<number> {
  await cmd.out.error(
    failure.category,
    failure.code,
    failure.message,
    failure.retryable,
    failure.extra,
  );
  await cmd.out.summary(false);
  return failure.exit;
}

/** GET the notes, bounded by `timeout` and by an interruption; every outcome is a value, not a throw. */
async function pull(cmd: Command, config: BackendConfig, timeout: number): Promise<Pulled> {
  const token = cmd.ctx.env[TOKEN_ENV];
  const deadline = AbortSignal.timeout(timeout);
  const interruption = new AbortController();
  cmd.ctx.interrupted.then(
    () => interruption.abort(),
    () => {},
  );
  const signal = AbortSignal.any([deadline, interruption.signal]);
  let backend: Awaited<ReturnType<typeof openBackend>>;
  try {
    backend = await openBackend(config);
  } catch (error) {
    // msw not installed (an optional peer): a setup problem the user can fix, with the fix in the message.
    if (error instanceof BackendUnavailable)
      return {
        ok: false,
        failure: {
          category: 'config',
          code: 'BACKEND_NEEDS_MSW',
          message: error.message,
          retryable: false,
          exit: 69,
        },
      };
    // msw failing to start is the fake's own fault: still a structured error and a summary.
    return {
      ok: false,
      failure: {
        category: 'internal',
        code: 'BACKEND_START_FAILED',
        message: 'the pretend notes backend could not be started',
        retryable: false,
        exit: 70,
      },
    };
  }
  const aborted = (): Failure | undefined => {
    if (deadline.aborted)
      return {
        category: 'timeout',
        code: 'BACKEND_TIMEOUT',
        message: `the notes backend did not answer within ${timeout / 1000} s (--timeout)`,
        retryable: true,
        exit: 75,
      };
    if (interruption.signal.aborted)
      return {
        category: 'cancelled',
        code: 'INTERRUPTED',
        message: 'sync was interrupted',
        retryable: true,
        exit: 130,
      };
    return undefined;
  };
  try {
    let response: Response;
    try {
      response = await fetch(backend.url, {
        headers: {
          accept: 'application/json',
          ...backend.headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        signal,
      });
    } catch {
      // Never the error's own text: it is not ours to vouch for (it could quote a header).
      return {
        ok: false,
        failure: aborted() ?? {
          category: 'temporary',
          code: 'BACKEND_UNREACHABLE',
          message: 'could not reach the notes backend',
          retryable: true,
          exit: 75,
        },
      };
    }
    const failure = statusFailure(response);
    if (failure) return { ok: false, failure }; // the error body is not read: nothing in it is needed
    let text: string;
    try {
      text = await response.text(); // the body is bounded by the same deadline as the headers
    } catch {
      return {
        ok: false,
        failure: aborted() ?? {
          category: 'temporary',
          code: 'BACKEND_UNREACHABLE',
          message: 'the notes backend closed the connection mid-response',
          retryable: true,
          exit: 75,
        },
      };
    }
    const notes = parseNotes(text);
    if (!notes)
      return {
        ok: false,
        failure: {
          category: 'internal',
          code: 'BACKEND_BAD_RESPONSE',
          message: 'the notes backend answered 200 with a body that is not {"notes":[{"title":…}]}',
          retryable: false,
          exit: 70,
        },
      };
    return { ok: true, notes };
  } finally {
    backend.release();
  }
}

/**
 * HTTP status → AOI error. Exit statuses per §6: credentials 77 (EX_NOPERM), retryable failures 75
 * (EX_TEMPFAIL). A 503 is "service unavailable", which is also what 69 (EX_UNAVAILABLE) names; 75 is
 * chosen because its meaning — "temporary failure, retry may succeed" — is what category `temporary`
 * with retryable:true says, so that a consumer that looks at the exit status alone reaches the same
 * decision (retry) as one that reads the aoi:error.
 */
function statusFailure(response: Response): Failure | undefined {
  const status = response.status;
  if (status === 200) return undefined;
  const http = `HTTP ${status}`;
  switch (status) {
    case 401:
      return {
        category: 'authn',
        code: 'BACKEND_UNAUTHENTICATED',
        message: `the notes backend wants valid credentials (${http}): set ${TOKEN_ENV}`,
        retryable: false,
        exit: 77,
        extra: { hint: `set ${TOKEN_ENV}` },
      };
    case 403:
      return {
        category: 'authz',
        code: 'BACKEND_FORBIDDEN',
        message: `the credentials may not read the notes (${http})`,
        retryable: false,
        exit: 77,
      };
    case 429: {
      const retryAfterMs = retryAfter(response.headers.get('retry-after'));
      return {
        category: 'rate_limited',
        code: 'BACKEND_RATE_LIMITED',
        message: `the notes backend is rate limiting (${http})`,
        retryable: true,
        exit: 75,
        extra: retryAfterMs === undefined ? {} : { retry_after_ms: retryAfterMs },
      };
    }
    default:
      if (status >= 500) {
        const retryAfterMs = retryAfter(response.headers.get('retry-after'));
        return {
          category: 'temporary',
          code: 'BACKEND_UNAVAILABLE',
          message: `the notes backend is unavailable (${http})`,
          retryable: true,
          exit: 75,
          extra: retryAfterMs === undefined ? {} : { retry_after_ms: retryAfterMs },
        };
      }
      return {
        category: 'internal',
        code: 'BACKEND_UNEXPECTED_STATUS',
        message: `the notes backend answered ${http}, which sync does not expect`,
        retryable: false,
        exit: 70,
      };
  }
}

/** `Retry-After`: delay-seconds or an HTTP-date (RFC 9110 §10.2.3), in milliseconds from now. */
function retryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** `{"notes":[{"title":"…","body"?:"…","tags"?:["…"]}]}`, or undefined when the body is anything else. */
function parseNotes(text: string): BackendNote[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const notes = (value as { notes?: unknown } | null)?.notes;
  if (!Array.isArray(notes)) return undefined;
  const valid = notes.every((n: unknown) => {
    const note = n as Partial<BackendNote> | null;
    return (
      note !== null &&
      typeof note === 'object' &&
      typeof note.title === 'string' &&
      note.title !== '' &&
      (note.body === undefined || typeof note.body === 'string') &&
      (note.tags === undefined ||
        (Array.isArray(note.tags) && note.tags.every((t) => typeof t === 'string')))
    );
  });
  return valid
    ? (notes as BackendNote[]).map(({ title, body, tags }) => ({
        title,
        body: body ?? '',
        tags: tags ?? [],
      }))
    : undefined;
}
