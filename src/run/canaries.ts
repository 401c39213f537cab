import { createHash, randomBytes } from 'node:crypto';

/** Where a canary is planted: on the command line, in the environment, or inside a URL argument. */
export type CanaryVia = 'argv' | 'env' | 'url';

/** One planted secret. Its `label` is safe to print; its `value` never is. */
export interface Canary {
  /** Where it was planted, e.g. `argv --token`, `env GITHUB_TOKEN`, `url userinfo`. Unique in a set. */
  readonly label: string;
  readonly via: CanaryVia;
  /** The secret itself. Never print it; {@link findLeaks} and `maskSecrets` mask it. */
  readonly value: string;
}

/** A set of distinct canaries and the plan to plant them. */
export interface Canaries {
  readonly all: readonly Canary[];
  /** Every canary value, for `maskSecrets(text, canaries.values)`. */
  readonly values: readonly string[];
  /** `['--token', <c>, '--api-key=<c>']`: both argv forms of a sensitive flag (§11). */
  readonly argv: readonly string[];
  /** `AOI_CANARY_TOKEN` plus variables named like real secrets (`GITHUB_TOKEN`, `NPM_TOKEN`, …). */
  readonly env: Readonly<Record<string, string>>;
  /** `https://user:<c>@example.invalid/x?token=<c>`: credentials in userinfo and in a query key (§11). */
  readonly url: string;
  /** The canary planted at `label`; throws for an unknown label. */
  byLabel(label: string): Canary;
}

const ARGV_FLAGS = [
  { label: 'argv --token', flag: '--token', joined: false },
  { label: 'argv --api-key', flag: '--api-key', joined: true },
] as const;
/**
 * AOI_CANARY_TOKEN, then names real tools read secrets from, so a tool that dumps "its" variables is caught.
 *
 * @example
 * CANARY_ENV_NAMES.includes('GITHUB_TOKEN'); // true; makeCanaries().env has one canary per name
 */
export const CANARY_ENV_NAMES = [
  'AOI_CANARY_TOKEN',
  'GITHUB_TOKEN',
  'NPM_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'OPENAI_API_KEY',
] as const;
const URL_PARTS = ['url userinfo', 'url ?token'] as const;

/**
 * A canary value: distinctive (a fixed marker plus 96 bits), long enough that each of its base64 forms
 * is searchable, and with a `+` so that its URL-encoded form (`%2B`) differs from the raw one.
 */
function canaryValue(seed: string | number | undefined, label: string): string {
  const bytes =
    seed === undefined
      ? randomBytes(12)
      : createHash('sha256')
          .update(`aoi-testkit canary\0${seed}\0${label}`)
          .digest()
          .subarray(0, 12);
  const hex = bytes.toString('hex');
  return `aoiCanary_${hex.slice(0, 12)}+${hex.slice(12)}`;
}

/**
 * Make a fresh set of canary secrets (AOI-CLI §11, AOI-09). With a `seed`, the values are the same on
 * every call (reproducible corpora); without one, random. Every canary in a set is distinct, so a leak
 * names exactly where the secret was planted.
 *
 * @example
 * const canaries = makeCanaries();
 * await runCli('tool', ['list', ...canaries.argv], { env: { ...canaries.env } });
 */
export function makeCanaries(seed?: string | number): Canaries {
  const all: Canary[] = [];
  const plant = (label: string, via: CanaryVia) => {
    const canary = { label, via, value: canaryValue(seed, label) };
    all.push(canary);
    return canary.value;
  };
  const argv = ARGV_FLAGS.flatMap(({ label, flag, joined }) => {
    const value = plant(label, 'argv');
    return joined ? [`${flag}=${value}`] : [flag, value];
  });
  const env = Object.fromEntries(
    CANARY_ENV_NAMES.map((name) => [name, plant(`env ${name}`, 'env')]),
  );
  const [userinfo, query] = URL_PARTS.map((label) => encodeURIComponent(plant(label, 'url')));
  const url = `https://user:${userinfo}@example.invalid/x?token=${query}`;
  const byLabel = new Map(all.map((canary) => [canary.label, canary]));
  return {
    all,
    values: all.map((canary) => canary.value),
    argv,
    env,
    url,
    byLabel(label: string) {
      const canary = byLabel.get(label);
      if (!canary) throw new RangeError(`no canary labelled ${JSON.stringify(label)}`);
      return canary;
    },
  };
}
