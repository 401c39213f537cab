/**
 * What counts as sensitive, from AOI-CLI §11, as data. Used to judge meta.args and to mask every
 * excerpt the kit prints: the kit never shows a secret, not even in a failure message.
 */

/** Name segments that make a flag or key sensitive (§11, first bullet). */
const SENSITIVE_SEGMENTS = new Set(['token', 'secret', 'password', 'passwd', 'pwd', 'key', 'apikey', 'credential', 'credentials', 'cookie', 'authorization', 'authorisation', 'auth', 'bearer', 'private', 'signature', 'sig', 'pat']);
const SENSITIVE_SUBSTRING = /token|secret|passw(?:or)?d|credential|authori[sz]ation|cookie|bearer/i;

/**
 * Whether a flag or key name is sensitive: `--api-key`, `client_secret`, `AccessToken`, `auth`,
 * but not `author` or `keyword` (names are judged by their segments).
 */
export function isSensitiveName(name: string): boolean {
  if (SENSITIVE_SUBSTRING.test(name)) return true;
  const segments = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/);
  return segments.some((segment) => SENSITIVE_SEGMENTS.has(segment));
}

/** URL query keys that carry secrets (§11, second bullet), plus common SAS/signature keys. */
export const SENSITIVE_QUERY_KEY = /^(?:sig|signature|token|access_token|refresh_token|id_token|code|key|api_key|apikey|secret|client_secret|password|x-amz-signature|x-amz-credential|x-goog-signature|sv|se|sp|st|skoid|sktid)$/i;

const REDACTED_VALUE = /^(?:\*+|x{3,}|•+|…|\.{3}|\[redacted\]|<redacted>|redacted|\[filtered\]|\[masked\]|<hidden>|\$\{?[A-Z_][A-Z0-9_]*\}?)$/i;

/** Whether a value is already a redaction placeholder such as `***` or `[REDACTED]`. */
export function isRedacted(value: string): boolean {
  return REDACTED_VALUE.test(value.trim());
}

/** Well-known token shapes that are secret wherever they appear. */
const TOKEN_SHAPES: readonly RegExp[] = [
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g,
  /\bsk-[A-Za-z0-9_-]{16,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g,
];

const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^/\s:@"']+):([^/\s@"']+)@/gi;
const URL_QUERY_PARAM = /([?&;])([A-Za-z0-9_.-]+)=([^&#\s"']+)/g;
const AUTH_SCHEME = /\b(bearer|basic|token)\s+([A-Za-z0-9._~+/=-]{8,})/gi;
// A credential, not a word: "Bearer eyJhbGci…" or "token ghx_1a2B…", but not "bearer token authentication".
const CREDENTIAL_LIKE = /\d|[._~+/=-]|[a-z].*[A-Z]|[A-Z].*[a-z]/;
const SENSITIVE_ASSIGNMENT = /((?:^|[\s"'{,])-{0,2}[A-Za-z0-9_.-]*(?:token|secret|passw(?:or)?d|api[_-]?key|credential|cookie|authorization|bearer|private[_-]?key|client[_-]?secret)[A-Za-z0-9_.-]*["']?\s*[=:]\s*["']?)([^\s"'&,}]+)/gi;

export const MASK = '***';

/** True when the text contains something §11 calls sensitive and that is not already redacted. */
export function looksSecret(text: string): boolean {
  return maskSecrets(text) !== text;
}

/**
 * Replace secret-looking values (and any known secrets, e.g. canaries, in raw, URL-encoded and
 * base64 form) with `***`. Idempotent; leaves redaction placeholders alone.
 */
export function maskSecrets(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const secret of known) {
    if (secret.length < 4) continue;
    for (const form of secretForms(secret)) out = out.split(form).join(MASK);
  }
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, MASK);
  out = out.replace(URL_USERINFO, (_m, scheme: string, user: string) => `${scheme}${user}:${MASK}@`);
  out = out.replace(URL_QUERY_PARAM, (m, sep: string, key: string, value: string) =>
    SENSITIVE_QUERY_KEY.test(key) && !isRedacted(value) ? `${sep}${key}=${MASK}` : m,
  );
  out = out.replace(AUTH_SCHEME, (m, scheme: string, value: string) => (isRedacted(value) || !CREDENTIAL_LIKE.test(value) ? m : `${scheme} ${MASK}`));
  out = out.replace(SENSITIVE_ASSIGNMENT, (m, head: string, value: string) => (isRedacted(value) || value === MASK ? m : `${head}${MASK}`));
  return out;
}

/** Keys under which a tool would echo its environment; every value below them is secret (§11). */
export const ENV_KEYS = /^(?:env|environ|environment|env_vars)$/i;

const FLAG_WITH_VALUE = /^(-{1,2}[A-Za-z0-9_.-]+)=(.*)$/s;
const FLAG = /^-{1,2}([A-Za-z0-9_.-]+)$/;

/**
 * A copy of a JSON value with every secret-looking part masked: values under sensitive keys,
 * the value after a sensitive flag in an argv array, `--flag=value` pairs, and secret-looking
 * text inside strings. Used for excerpts, so that no failure message ever shows a secret.
 */
export function redactValue(value: unknown, known: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return redactArg(value, known);
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const previous = value[i - 1];
      const flag = typeof previous === 'string' ? FLAG.exec(previous) : null;
      if (flag && isSensitiveName(flag[1]!) && typeof item === 'string' && !item.startsWith('-') && !isRedacted(item)) return MASK;
      return redactValue(item, known, depth + 1);
    });
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      ENV_KEYS.test(key) && item !== null && typeof item === 'object'
        ? Object.fromEntries(Object.keys(item).map((name) => [name, MASK]))
        : typeof item === 'string' && isSensitiveName(key) && item !== '' && !isRedacted(item)
          ? MASK
          : redactValue(item, known, depth + 1),
    ]),
  );
}

function redactArg(text: string, known: readonly string[]): string {
  const withValue = FLAG_WITH_VALUE.exec(text);
  if (withValue && isSensitiveName(withValue[1]!) && withValue[2] !== '' && !isRedacted(withValue[2]!)) return `${withValue[1]}=${MASK}`;
  return maskSecrets(text, known);
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
    const core = encoded.slice(Math.ceil((8 * pad) / 6), Math.floor((8 * (pad + bytes.length)) / 6));
    if (core.length >= 6) forms.add(core);
  }
  return [...forms];
}
