import { canaryScanner, replaceRanges } from './canary-scan.js';
import {
  AUTH_SCHEMES,
  ENV_KEYS,
  MASK,
  QUANTITY_SEGMENTS,
  REDACTED_VALUE,
  SENSITIVE_QUERY_KEY,
  SENSITIVE_SEGMENTS,
  SENSITIVE_SUBSTRING,
  TOKEN_SHAPES,
} from '../spec/aoi/secret-patterns.js';

/**
 * The one walker that finds what AOI-CLI §11 calls sensitive (the patterns are data, in
 * spec/aoi/secret-patterns.ts) and masks it. The same walker decides whether a value leaks (AOI-09) and
 * masks every excerpt and message the kit prints, so what the kit flags and what it hides never disagree.
 * The kit never shows a secret. Fakes never use it: the reference tool redacts by its own policy.
 */

const segmentsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);

/**
 * Whether a flag or key name is sensitive: `--api-key`, `client_secret`, `AccessToken`, `auth`,
 * but not `author` or `keyword` (names are judged by their segments).
 */
export function isSensitiveName(name: string): boolean {
  return (
    SENSITIVE_SUBSTRING.test(name) ||
    segmentsOf(name).some((segment) => SENSITIVE_SEGMENTS.has(segment))
  );
}

/** Whether a value is already a redaction placeholder such as `***` or `[REDACTED]`. */
export function isRedacted(value: string): boolean {
  return REDACTED_VALUE.test(value.trim());
}

// Linear time: no pattern may rescan a long run from each of its positions. A lookbehind makes a
// scheme (or token) start only where its run of characters starts, and names are bounded.
const URL_USERINFO = /(?<![a-z0-9_+.-])([a-z][a-z0-9+.-]*:\/\/)([^/\s:@"']+):([^/\s@"']+)@/gi;
const URL_QUERY_PARAM = /([?&;])([A-Za-z0-9_.-]+)=([^&#\s"']+)/g;
const AUTH_SCHEME = /\b(bearer|basic|token)\s+([A-Za-z0-9._~+/=-]{8,})/gi;
// A credential, not a word: "Bearer eyJhbGci…" or "token ghx_1a2B…", but not "bearer token authentication".
const CREDENTIAL_LIKE = {
  test: (value: string) =>
    /[\d._~+/=-]/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value)),
};
const SENSITIVE_ASSIGNMENT =
  /((?:^|[\s"'{,])-{0,2}[A-Za-z0-9_.-]{0,64}(?:token|secret|passw(?:or)?d|api[_-]?key|credential|cookie|authorization|bearer|private[_-]?key|client[_-]?secret)[A-Za-z0-9_.-]{0,64}["']?\s*[=:]\s*["']?)([^\s"'&,}]+)/gi;
// `--password hunter2` inside a command line held as one string.
const FLAG_SPACE_VALUE = /(^|\s)(-{1,2}[A-Za-z0-9_.-]+)(\s+)([^\s-][^\s]*)/g;
const ENV_ASSIGNMENT = /\b[A-Z_][A-Z0-9_]*=\S*/;
const FLAG_WITH_VALUE = /^(-{1,2}[A-Za-z0-9_.-]+)=(.*)$/s;
const FLAG = /^-{1,2}([A-Za-z0-9_.-]+)$/;

/**
 * Replace secret-looking values in text (and any known secrets, e.g. canaries, in raw, URL-encoded
 * and base64 form) with `***`. Idempotent; leaves redaction placeholders alone.
 */
export function maskSecrets(text: string, known: readonly string[] = []): string {
  // Known secrets first, in every encoding the scanner detects (canary-scan.ts), then secret shapes.
  let out =
    known.length === 0 ? text : replaceRanges(text, canaryScanner(known).maskRanges(text), MASK);
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, MASK);
  out = out.replace(
    URL_USERINFO,
    (_m, scheme: string, user: string) => `${scheme}${user}:${MASK}@`,
  );
  out = out.replace(URL_QUERY_PARAM, (m, sep: string, key: string, value: string) =>
    SENSITIVE_QUERY_KEY.test(key) && !isRedacted(value) ? `${sep}${key}=${MASK}` : m,
  );
  out = out.replace(AUTH_SCHEME, (m, scheme: string, value: string) =>
    isRedacted(value) || !CREDENTIAL_LIKE.test(value) ? m : `${scheme} ${MASK}`,
  );
  out = out.replace(SENSITIVE_ASSIGNMENT, (m, head: string, value: string) =>
    isRedacted(value) || AUTH_SCHEMES.test(value) ? m : `${head}${MASK}`,
  );
  out = out.replace(
    FLAG_SPACE_VALUE,
    (m, lead: string, flag: string, space: string, value: string) =>
      isSensitiveName(flag.replace(/^-+/, '')) && !isRedacted(value)
        ? `${lead}${flag}${space}${MASK}`
        : m,
  );
  return out;
}

/** True when the text contains something §11 calls sensitive and that is not already redacted. */
export function looksSecret(text: string): boolean {
  return maskSecrets(text) !== text;
}

const MAX_DEPTH = 16;

interface Walk {
  known: readonly string[];
  /** Set when the walker masked something: the value leaked a secret. */
  masked: boolean;
}

/**
 * A copy of a JSON value with every secret-looking part masked: values under sensitive keys (numbers
 * too, unless the name is a quantity such as `max_tokens`), the value after a sensitive flag in an
 * argv array, `--flag=value`, environment dumps, and secret-looking text inside strings. Values
 * nested deeper than 16 levels become `[…]`, so rendering the copy can never overflow the stack.
 */
export function redactValue(value: unknown, known: readonly string[] = []): unknown {
  return walk(value, { known, masked: false }, 0);
}

/** Whether redaction would change the value: it carries a secret (§11). */
export function leaksSecret(value: unknown, known: readonly string[] = []): boolean {
  const state: Walk = { known, masked: false };
  walk(value, state, 0);
  return state.masked;
}

function walk(value: unknown, state: Walk, depth: number): unknown {
  if (typeof value === 'string') return maskString(value, state);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const previous = value[i - 1];
      const flag = typeof previous === 'string' ? FLAG.exec(previous) : null;
      if (
        flag &&
        isSensitiveName(flag[1]!) &&
        typeof item === 'string' &&
        !item.startsWith('-') &&
        !isRedacted(item)
      )
        return mask(state);
      return walk(item, state, depth + 1);
    });
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = walkField(key, item, state, depth);
  return out;
}

/** Whether a field echoes the environment: an object under `env`, or `KEY=value` text there. */
export function isEnvDump(key: string, value: unknown): boolean {
  if (!ENV_KEYS.test(key)) return false;
  return (
    (value !== null && typeof value === 'object') ||
    (typeof value === 'string' && ENV_ASSIGNMENT.test(value))
  );
}

function walkField(key: string, item: unknown, state: Walk, depth: number): unknown {
  if (isEnvDump(key, item)) {
    return typeof item === 'string'
      ? mask(state)
      : Object.fromEntries(Object.keys(item as object).map((name) => [name, mask(state)]));
  }
  if (isSensitiveName(key)) {
    if (typeof item === 'string' && item !== '' && !isRedacted(item) && !SCHEME_ONLY(item))
      return mask(state);
    if (
      typeof item === 'number' &&
      !segmentsOf(key).some((segment) => QUANTITY_SEGMENTS.has(segment))
    )
      return mask(state);
  }
  return walk(item, state, depth + 1);
}

// "Bearer ***" under an Authorization key is a redacted header, not a leak.
const SCHEME_ONLY = (value: string) =>
  /^(?:bearer|basic|token|digest)\s+\S+$/i.test(value.trim()) &&
  isRedacted(value.trim().split(/\s+/)[1]!);

function maskString(text: string, state: Walk): string {
  const withValue = FLAG_WITH_VALUE.exec(text);
  if (
    withValue &&
    isSensitiveName(withValue[1]!.replace(/^-+/, '')) &&
    withValue[2] !== '' &&
    !isRedacted(withValue[2]!)
  ) {
    state.masked = true;
    return `${withValue[1]}=${MASK}`;
  }
  const masked = maskSecrets(text, state.known);
  if (masked !== text) state.masked = true;
  return masked;
}

function mask(state: Walk): string {
  state.masked = true;
  return MASK;
}

/** The forms a leaked secret takes on the wire: raw, URL-encoded, and base64 at each alignment. */
export function secretForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret)]);
  const bytes = Buffer.from(secret, 'utf8');
  // base64 of the secret depends on where it starts in the encoded text: try all three offsets and
  // keep only the characters that do not depend on neighbouring bytes.
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.concat([Buffer.alloc(pad), bytes]).toString('base64');
    // Character i covers bits [6i, 6i+6): keep those that fall wholly inside the secret's bytes.
    const core = encoded.slice(
      Math.ceil((8 * pad) / 6),
      Math.floor((8 * (pad + bytes.length)) / 6),
    );
    if (core.length >= 6) forms.add(core);
  }
  return [...forms];
}
