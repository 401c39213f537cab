import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aoiRun,
  aoiStream,
  aoiStreamWithDefect,
  type AoiEventValue,
  type GeneratedRun,
} from '../../src/arbitraries/index.js';

/**
 * The main arbitraries are built from record/tuple/oneof + map, never chain, so that a failing property
 * shrinks to a minimal counterexample. Each test runs a property that fails on purpose (fc.check, not
 * fc.assert) from several seeds, and asserts the exact counterexample fast-check shrinks to.
 */
const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34];

/** The smallest hit hitEvent() makes: every string empty, every number at its minimum. */
const MINIMAL_HIT = { type: 'hit', id: 'n_0000', title: '', rank: 1, snippet: '' };

/** Shrink a failure of `predicate` over `arbitrary` from `seed`; the counterexample fast-check reports. */
function shrunk<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => boolean, seed: number): T {
  const details = fc.check(fc.property(arbitrary, predicate), { seed, numRuns: 500 });
  expect(details.failed, `seed ${seed}: the property was meant to fail`).toBe(true);
  return details.counterexample![0];
}

/** A meta with only the required fields, each at its smallest (the schema version aside: any x.y.z of 0s and 1s). */
function expectMinimalMeta(meta: AoiEventValue | undefined, command: string): void {
  expect(meta).toEqual({
    type: 'aoi:meta',
    tool: 'a',
    aoi_version: '0.2',
    schema_name: 'dev.example.a.events',
    schema_version: expect.stringMatching(/^[01]\.[01]\.[01]$/),
    command,
  });
}

const hits = (events: readonly AoiEventValue[]) => events.filter((event) => event.type === 'hit');
const items = (events: readonly AoiEventValue[]) =>
  events.filter((event) => !event.type.startsWith('aoi:'));

describe('shrinking: a failure comes out minimal', () => {
  it('aoiStream({ kind: "read", outcome: "ok" }): "fewer than 2 hits" fails on meta, two minimal hits, a bare summary', () => {
    for (const seed of SEEDS) {
      const stream = shrunk(
        aoiStream({ kind: 'read', outcome: 'ok' }),
        (s) => hits(s.events).length < 2,
        seed,
      );
      expect(stream.events).toHaveLength(4);
      expectMinimalMeta(stream.events[0], 'search');
      expect(stream.events.slice(1)).toEqual([
        MINIMAL_HIT,
        MINIMAL_HIT,
        { type: 'aoi:summary', ok: true },
      ]);
      expect(Buffer.from(stream.bytes).toString('utf8').split('\n')).toHaveLength(5); // four lines, then the final newline
    }
  });

  it('aoiStream(), every kind and outcome: exactly two minimal hits, no asides, only the framework events the outcome needs', () => {
    for (const seed of SEEDS) {
      const stream = shrunk(aoiStream(), (s) => hits(s.events).length < 2, seed);
      expect(items(stream.events), `seed ${seed}`).toEqual([MINIMAL_HIT, MINIMAL_HIT]);
      const framework = stream.events
        .filter((event) => event.type.startsWith('aoi:'))
        .map((event) => event.type);
      // meta unless unbounded (where it is optional), at most one error (a failed outcome needs one), the summary unless killed.
      expect(
        framework.filter((type) => !['aoi:meta', 'aoi:error', 'aoi:summary'].includes(type)),
        `seed ${seed}`,
      ).toEqual([]);
      expect(framework.filter((type) => type === 'aoi:error').length).toBeLessThanOrEqual(1);
    }
  });

  it('aoiStreamWithDefect(): "fewer than 3 items" fails on a minimal meta and exactly three minimal hits, whatever the defect', () => {
    for (const seed of SEEDS) {
      const stream = shrunk(
        aoiStreamWithDefect(undefined, { shapes: ['search-truncated'] }),
        (s) => items(s.events).length < 3,
        seed,
      );
      expectMinimalMeta(stream.events[0], 'search');
      expect(items(stream.events), `seed ${seed}, ${stream.defect.id}`).toEqual([
        MINIMAL_HIT,
        MINIMAL_HIT,
        MINIMAL_HIT,
      ]);
      expect(stream.events.at(-1)).toMatchObject({
        type: 'aoi:summary',
        ok: true,
        count: 3,
        truncated: true,
      });
    }
  });

  it('aoiStreamWithDefect(), every shape: exactly three minimal items of the shape it shrank to', () => {
    const minimal = [MINIMAL_HIT, { type: 'created', id: 'n_0000' }];
    for (const seed of SEEDS) {
      const stream = shrunk(aoiStreamWithDefect(), (s) => items(s.events).length < 3, seed);
      const found = items(stream.events);
      expect(found, `seed ${seed}, ${stream.defect.id} on a ${stream.kind} stream`).toHaveLength(3);
      for (const item of found) expect(minimal).toContainEqual(item);
    }
  });

  it('aoiStreamWithDefect(one defect): a property that always fails shrinks to the smallest base its declaration holds on', () => {
    for (const seed of SEEDS) {
      const search = shrunk(aoiStreamWithDefect('crash-before-summary'), () => false, seed);
      expectMinimalMeta(search.events[0], 'search');
      expect(items(search.events)).toEqual([MINIMAL_HIT, MINIMAL_HIT]); // the search-truncated shape has two hits at least
      const get = shrunk(aoiStreamWithDefect('exit-zero-on-failure'), () => false, seed);
      expect(get.events.map((event) => event.type)).toEqual([
        'aoi:meta',
        'aoi:error',
        'aoi:summary',
      ]);
      expect(get.events[1]).toEqual({
        type: 'aoi:error',
        category: 'not_found',
        retryable: false,
        code: 'A',
        message: '',
      });
      expect(get.exitCode).toBe(0); // what the defect does to the base's exit status 1
    }
  });

  it('aoiRun(): "at most one stderr line" fails on two empty lines; a consistent run shrinks to meta and a bare summary', () => {
    const stderrLines = (run: GeneratedRun) => Buffer.from(run.stderr).toString('utf8');
    for (const seed of SEEDS) {
      const any = shrunk(aoiRun(), (run) => stderrLines(run).split('\n').length <= 2, seed);
      expect(stderrLines(any)).toBe('\n\n');
      const consistent = shrunk(
        aoiRun({ consistent: true }),
        (run) => stderrLines(run).split('\n').length <= 2,
        seed,
      );
      expect(stderrLines(consistent)).toBe('\n\n');
      const [meta, summary, ...rest] = Buffer.from(consistent.stdout)
        .toString('utf8')
        .split('\n')
        .map((line) => (line ? (JSON.parse(line) as AoiEventValue) : line));
      expectMinimalMeta(meta as AoiEventValue, 'search');
      expect([summary, ...rest]).toEqual([{ type: 'aoi:summary', ok: true }, '']);
      expect([consistent.exitCode, consistent.signal, consistent.label]).toEqual([
        0,
        null,
        'conformant',
      ]);
    }
  });
});
