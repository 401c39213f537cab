import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatShard, inShard, MAX_SHARDS, parseShard, shardOf } from '../../src/shard.js';
import { loadScenarios } from '../../src/corpus/scenario-files.js';

describe('--shard i/n', () => {
  test('parses i/n and refuses what is not one, saying why', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard(' 1/1 ')).toEqual({ index: 1, count: 1 });
    expect(formatShard(parseShard('3/8'))).toBe('3/8');
    for (const [text, message] of [
      ['2', /takes i\/n/],
      ['0/4', /i must be 1 to 4/],
      ['5/4', /i must be 1 to 4/],
      ['1/0', /n must be 1 to 64/],
      [`1/${MAX_SHARDS + 1}`, /n must be 1 to 64/],
      ['-1/4', /takes i\/n/],
      ['1.5/4', /takes i\/n/],
    ] as const)
      expect(() => parseShard(text), text).toThrow(message);
  });

  test('FNV-1a 32 of the UTF-8 bytes, so that other languages can compute the same split', () => {
    // Reference values of FNV-1a 32 (the published test vectors: "" → 0x811c9dc5, "a" → 0xe40c292c).
    expect(shardOf('', 2 ** 32 - 1)).toBe((0x811c9dc5 % (2 ** 32 - 1)) + 1);
    expect(shardOf('a', 2 ** 32 - 1)).toBe((0xe40c292c % (2 ** 32 - 1)) + 1);
    expect(shardOf('foobar', 2 ** 32 - 1)).toBe((0xbf9cf968 % (2 ** 32 - 1)) + 1);
    expect(shardOf('é', 1000)).toBe(shardOf('\u00e9', 1000));
  });

  test('every id is in exactly one shard, the same one whatever else is sharded', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: MAX_SHARDS }), (id, count) => {
        const owners = Array.from({ length: count }, (_, i) => i + 1).filter((index) =>
          inShard(id, { index, count }),
        );
        expect(owners).toEqual([shardOf(id, count)]);
      }),
    );
    expect(inShard('anything', undefined)).toBe(true);
  });

  test('the corpus spreads over 2 and 4 shards without an empty or lopsided one', () => {
    const ids = loadScenarios().map((s) => s.id);
    for (const count of [2, 4]) {
      const sizes = Array.from(
        { length: count },
        (_, i) => ids.filter((id) => shardOf(id, count) === i + 1).length,
      );
      expect(sizes.reduce((a, b) => a + b)).toBe(ids.length);
      for (const size of sizes) expect(size).toBeGreaterThan((ids.length / count) * 0.7);
    }
  });
});

describe('sharded work', () => {
  test('runCorpus runs only its shard of the scenarios: the shards together are the whole, once each', async () => {
    const { runCorpus } = await import('../../src/corpus/runner.js');
    const scenarios = loadScenarios()
      .filter((s) => s.kind === 'stream')
      .slice(0, 6);
    const whole = await runCorpus(scenarios);
    const parts = await Promise.all(
      [1, 2, 3].map((index) => runCorpus(scenarios, { shard: { index, count: 3 } })),
    );
    expect(
      parts
        .flat()
        .map((r) => r.id)
        .sort(),
    ).toEqual(whole.map((r) => r.id).sort());
    for (const [i, part] of parts.entries())
      for (const r of part) expect(shardOf(r.id, 3), r.id).toBe(i + 1);
    expect(parts.flat().every((r) => r.ok)).toBe(true);
  });
});
