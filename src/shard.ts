/**
 * Shards: the kit's work spread over the parallel jobs a CI already has (a GitHub Actions matrix, GitLab's
 * `parallel:`), each job running `--shard i/n` and writing a blob report that `aoi-testkit merge-reports` combines.
 * The kit has no scheduler: a unit of work (a scenario, a command of a lint, a spec) belongs to the shard its id
 * hashes to, so the same id always lands in the same shard, whatever else is added or removed, and a harness in
 * another language can compute the same split: FNV-1a (32 bits) of the id's UTF-8 bytes, modulo n, plus one.
 */

/** Shard `index` of `count` (1-based, as users write `--shard 2/4`). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** At most this many shards: more jobs than that cost more in start-up and repeated discovery than they save. */
export const MAX_SHARDS = 64;

/** `i/n` as users write it; a RangeError that says what is wrong otherwise. */
export function parseShard(text: string): Shard {
  const match = /^(\d{1,3})\/(\d{1,3})$/.exec(text.trim());
  if (!match) throw new RangeError(`--shard takes i/n (e.g. 2/4), got "${text}"`);
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (count < 1 || count > MAX_SHARDS)
    throw new RangeError(`--shard ${text}: n must be 1 to ${MAX_SHARDS}`);
  if (index < 1 || index > count) throw new RangeError(`--shard ${text}: i must be 1 to ${count}`);
  return { index, count };
}

export const formatShard = (shard: Shard): string => `${shard.index}/${shard.count}`;

/** The shard (1-based) an id belongs to among `count`. */
export function shardOf(id: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(id)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % count) + 1;
}

/** Whether the unit of work `id` is this shard's (every id is, without a shard). */
export const inShard = (id: string, shard: Shard | undefined): boolean =>
  shard === undefined || shardOf(id, shard.count) === shard.index;

/**
 * The sharding the reports share: undefined for one unsharded report; else every shard 1…n exactly once. A
 * RangeError names what is wrong, for every kind of report merged (lints, corpus runs, consumer runs).
 */
export function checkShards(shards: readonly (Shard | undefined)[]): Shard | undefined {
  if (shards.length === 0) throw new RangeError('no report to merge');
  if (shards.every((s) => s === undefined)) {
    if (shards.length > 1)
      throw new RangeError(
        `${shards.length} unsharded reports: only the shards of one run can be merged (each run with --shard i/n)`,
      );
    return undefined;
  }
  const names = shards.map((s) => (s ? formatShard(s) : 'unsharded'));
  const count = shards[0]?.count;
  if (shards.some((s) => s === undefined || s.count !== count))
    throw new RangeError(`the reports are of different shardings: ${names.join(', ')}`);
  const missing = Array.from({ length: count! }, (_, i) => i + 1).filter(
    (index) => !shards.some((s) => s!.index === index),
  );
  const twice = shards.find((s, i) => shards.findIndex((t) => t!.index === s!.index) !== i);
  if (twice) throw new RangeError(`shard ${formatShard(twice)} is given twice`);
  if (missing.length > 0)
    throw new RangeError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing: every shard 1 to ${count} must be given once`,
    );
  return shards[0];
}
