// The corpus sharded as a CI matrix shards it: `aoi-testkit scenarios --run --shard i/n --reporter blob=FILE` for
// each shard, one after another (on CI each is a job on its own machine), then `merge-reports` of the blobs. Per
// sharding: the CPU time of every shard and its descendants (bash's `times`), the longest shard's wall time (what
// the matrix waits for), and the merged run's scenarios, which must be every scenario the unsharded run had, each
// with the same verdict.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `times`' second line: the children's user and system time, as `0m1.234s 0m0.456s`. */
const seconds = (field) => {
  const [, m, s] = /^(\d+)m([\d.]+)s$/.exec(field) ?? [];
  return Number(m) * 60 + Number(s);
};

/** Run `node <kit> ...args` through bash; its wall and CPU time (itself and every descendant), its exit status. */
function timed(root, args) {
  const started = performance.now();
  const result = spawnSync(
    'bash',
    [
      '-c',
      '"$@" >/dev/null 2>&1; code=$?; times; exit $code',
      'bash',
      process.execPath,
      join(root, 'dist/cli/main.js'),
      ...args,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const wallMs = performance.now() - started;
  const [user, system] = result.stdout.trim().split('\n').pop().split(/\s+/).map(seconds);
  return { wallMs, cpuMs: (user + system) * 1000, status: result.status };
}

/** The verdict of every scenario in a merged run's JSONL, as `id ok|FAIL`, sorted. */
function verdicts(path) {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === 'scenario_result')
    .map((event) => `${event.id} ${event.ok ? 'ok' : 'FAIL'}`)
    .sort();
}

/**
 * @param {string} root the checkout, dist/ built
 * @param {number[]} counts the shardings to measure, e.g. [1, 2, 4]
 * @param {(msg: string) => void} log
 * @returns {{ count: number, cpuMs: number, maxWallMs: number, sumWallMs: number, scenarios: number, same: boolean, differences: string[], failed: string[] }[]}
 */
export function shardedCorpus(root, counts, log) {
  const work = mkdtempSync(join(tmpdir(), 'aoi-bench-shards-'));
  try {
    let reference;
    return counts.map((count) => {
      const shards = [];
      for (let index = 1; index <= count; index++) {
        log(`  scenarios --run --shard ${index}/${count}`);
        const blob = join(work, `${count}-${index}.blob.json`);
        shards.push(
          timed(root, [
            'scenarios',
            '--run',
            '--shard',
            `${index}/${count}`,
            '--reporter',
            `blob=${blob}`,
          ]),
        );
      }
      const merged = join(work, `${count}.jsonl`);
      const merge = timed(root, [
        'merge-reports',
        '--reporter',
        `jsonl=${merged}`,
        ...shards.map((_, i) => join(work, `${count}-${i + 1}.blob.json`)),
      ]);
      if (merge.status !== 0 && merge.status !== 1)
        throw new Error(`merge-reports of ${count} shards exited ${merge.status}`);
      const seen = verdicts(merged);
      reference ??= seen;
      // What differs, by scenario: `id ok→FAIL` (or `id missing` / `id extra`), so that a flaky scenario under load
      // and a sharding bug can be told apart from the table alone.
      const before = new Map(reference.map((line) => line.split(' ')));
      const after = new Map(seen.map((line) => line.split(' ')));
      const differences = [
        ...[...before].flatMap(([id, v]) =>
          after.has(id)
            ? after.get(id) === v
              ? []
              : [`${id} ${v}→${after.get(id)}`]
            : [`${id} missing`],
        ),
        ...[...after.keys()].filter((id) => !before.has(id)).map((id) => `${id} extra`),
      ];
      return {
        count,
        cpuMs: shards.reduce((n, s) => n + s.cpuMs, 0),
        maxWallMs: Math.max(...shards.map((s) => s.wallMs)),
        sumWallMs: shards.reduce((n, s) => n + s.wallMs, 0),
        mergeMs: merge.wallMs,
        scenarios: seen.length,
        same: differences.length === 0,
        differences,
        failed: seen.filter((line) => line.endsWith(' FAIL')).map((line) => line.split(' ')[0]),
      };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
