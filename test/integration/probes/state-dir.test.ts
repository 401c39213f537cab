import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, test } from 'vitest';
import { runCli, STATE_DIR_ENV, withStateDir } from '../../../src/run/index.js';

const counter = new URL('./bin/counter.mjs', import.meta.url).pathname;
const node = process.execPath;
const countOf = (bytes: Uint8Array) =>
  (JSON.parse(Buffer.from(bytes).toString().trim()) as { count: number }).count;

describe('withStateDir', () => {
  test('a fresh, empty directory, passed as a path and as AOI_TESTKIT_STATE_DIR, removed afterwards', async () => {
    let kept = '';
    const count = await withStateDir(async (dir, env) => {
      kept = dir;
      expect(dir.startsWith(tmpdir())).toBe(true);
      expect(statSync(dir).isDirectory()).toBe(true);
      expect(readdirSync(dir)).toEqual([]);
      expect(env).toEqual({ [STATE_DIR_ENV]: dir });
      const first = await runCli(node, [counter], { env });
      const second = await runCli(node, [counter], { env });
      expect(readdirSync(dir)).toEqual(['count']);
      return [countOf(first.stdout), countOf(second.stdout)];
    });
    expect(count).toEqual([1, 2]);
    expect(existsSync(kept)).toBe(false);
  });

  test("each probe gets its own: parallel probes never see each other's state", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        withStateDir(async (dir, env) => ({
          dir,
          count: countOf((await runCli(node, [counter], { env })).stdout),
        })),
      ),
    );
    expect(new Set(results.map((r) => r.dir)).size).toBe(4);
    expect(results.map((r) => r.count)).toEqual([1, 1, 1, 1]);
  });

  test("removed when the probe throws, and the error is the probe's", async () => {
    let kept = '';
    await expect(
      withStateDir(async (dir) => {
        kept = dir;
        await runCli(node, [counter], { env: { [STATE_DIR_ENV]: dir } });
        throw new Error('probe failed');
      }),
    ).rejects.toThrow('probe failed');
    expect(kept).not.toBe('');
    expect(existsSync(kept)).toBe(false);
  });

  test('takes a prefix', async () => {
    await withStateDir((dir) => expect(dir).toMatch(/aoi-lint-probe-[^/]+$/), {
      prefix: 'aoi-lint-probe-',
    });
  });
});
