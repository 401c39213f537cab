import { MASK } from '../../../spec/aoi/secret-patterns.js';
import type { FakeContext } from '../engine/types.js';

/**
 * The reference tool's own redaction policy (AOI-CLI §11), simpler than the checker's detection and
 * independent of it, so that a gap in one cannot hide the same gap in the other. Wherever `notes` repeats
 * what the caller typed, it never repeats a value it was handed under a sensitive-looking name, on its
 * command line (`--api-token x`, `--password=x`) or in its environment (`GITHUB_TOKEN`), nor the
 * credentials of a URL (`https://user:***@host/?token=***`). Everything else it repeats as given.
 */
const SENSITIVE_NAME =
  /token|secret|passw(?:or)?d|credential|api[-_]?key|auth|cookie|private[-_]?key|signature/i;
const URL_PASSWORD = /(:\/\/[^/\s:@]+:)[^/\s@]+@/g;
const URL_QUERY_VALUE = /([?&])([^=&#\s]+)=([^&#\s]+)/g;
// Short environment values (`1`, `true`) are switches rather than credentials: masking them would garble ids.
const MIN_ENV_SECRET_LENGTH = 8;

/** The values handed to the tool under sensitive names, longest first (a value inside another is masked whole). */
function secretsGiven({ argv, env }: Pick<FakeContext, 'argv' | 'env'>): string[] {
  const values: string[] = [];
  argv.forEach((arg, i) => {
    const flag = /^--?([^=]+)(?:=(.*))?$/s.exec(arg);
    if (!flag || !SENSITIVE_NAME.test(flag[1]!)) return;
    const value = flag[2] ?? argv[i + 1];
    if (value !== undefined && value !== '' && (flag[2] !== undefined || !value.startsWith('-')))
      values.push(value);
  });
  for (const [name, value] of Object.entries(env)) {
    if (SENSITIVE_NAME.test(name) && value !== undefined && value.length >= MIN_ENV_SECRET_LENGTH)
      values.push(value);
  }
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** Text the tool repeats from its caller (an operand, a usage message), with every sensitive value it was given masked. */
export function redact(text: string, ctx: Pick<FakeContext, 'argv' | 'env'>): string {
  return secretsGiven(ctx)
    .reduce((out, secret) => out.split(secret).join(MASK), text)
    .replace(URL_PASSWORD, `$1${MASK}@`)
    .replace(URL_QUERY_VALUE, (whole, separator: string, name: string) =>
      SENSITIVE_NAME.test(name) ? `${separator}${name}=${MASK}` : whole,
    );
}
