/**
 * What counts as sensitive, from AOI-CLI §11, as data: the names, keys, placeholders and token shapes. The
 * checker's detection and masking (secrets/mask.ts) reads them; a reference tool keeps its own, simpler
 * policy, so that a gap in the checker cannot hide behind the same gap in the tool it judges.
 */

/** What the kit prints in place of a secret. */
export const MASK = '***';

/** Name segments that make a flag or key sensitive (§11, first bullet). */
export const SENSITIVE_SEGMENTS: ReadonlySet<string> = new Set([
  'token',
  'secret',
  'password',
  'passwd',
  'key',
  'apikey',
  'credential',
  'credentials',
  'cookie',
  'authorization',
  'authorisation',
  'auth',
  'bearer',
  'private',
  'signature',
  'sig',
  'pat',
]);
/** Parts of a name that make it sensitive wherever they stand in it (`AccessToken`, `x-client-secret`). */
export const SENSITIVE_SUBSTRING =
  /token|secret|passw(?:or)?d|credential|authori[sz]ation|cookie|bearer/i;
/** Segments that make a sensitive-looking name a quantity (`max_tokens`, `token_count`), not a secret. */
export const QUANTITY_SEGMENTS: ReadonlySet<string> = new Set([
  'count',
  'counts',
  'limit',
  'max',
  'min',
  'size',
  'length',
  'len',
  'ttl',
  'expires',
  'expiry',
  'timeout',
  'used',
  'remaining',
  'total',
]);

/** URL query keys that carry secrets (§11, second bullet), plus common SAS/signature keys. */
export const SENSITIVE_QUERY_KEY =
  /^(?:sig|signature|token|access_token|refresh_token|id_token|code|key|api_key|apikey|secret|client_secret|password|x-amz-signature|x-amz-credential|x-goog-signature|sv|se|sp|st|skoid|sktid)$/i;

/** Keys under which a tool would echo its environment; every value below them is secret (§11). */
export const ENV_KEYS = /^(?:env|environ|environment|env_vars)$/i;

/** Redaction placeholders (`***`, `[REDACTED]`, `${GITHUB_TOKEN}`, …): a value already hidden, not a leak. */
export const REDACTED_VALUE =
  /^(?:\*+|x{3,}|•+|…|\.{3}|\[redacted\]|<redacted>|redacted|\[filtered\]|\[masked\]|<hidden>|\$\{?[A-Z_][A-Z0-9_]*\}?)$/i;

/**
 * Well-known token shapes that are secret wherever they appear (global: for replacing every match). A
 * shape starts only where its run of characters starts (lookbehind), so matching stays linear in time.
 */
export const TOKEN_SHAPES: readonly RegExp[] = [
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g,
  /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{16,}\b/g,
  /(?<![A-Za-z0-9_-])xox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g,
  // A PEM private key (PKCS#1/#8, EC, OpenSSH, encrypted): the BEGIN line, its body (base64, the
  // Proc-Type/DEK-Info headers, real or JSON-escaped line breaks) and the END line when present, so an
  // excerpt cut mid-key is masked too. The body cannot match five dashes, so the pattern is linear, and it
  // is bounded (an RSA 4096 key is about 3.3 KB).
  /-----BEGIN [A-Z0-9 ]{0,24}PRIVATE KEY-----(?:[A-Za-z0-9+/=:,.\s\\]|-(?!----)){0,16384}(?:-----END [A-Z0-9 ]{0,24}PRIVATE KEY-----)?/g,
];

/** Authorization schemes that precede a credential (`Bearer eyJ…`, `token ghp_…`). */
export const AUTH_SCHEMES = /^(?:bearer|basic|token|digest)$/i;
