/**
 * Blobs and their merge, in memory: a blob reads back as it was written; a consumer's and a corpus run's shards
 * come back in the whole run's order; and every way blobs can fail to be the shards of one run is refused.
 */
import { describe, expect, test } from 'vitest';
import type { RuleVerdict } from '../../../src/checks/verdict.js';
import type { ScenarioResult } from '../../../src/corpus/runner.js';
import { parseBlob, renderBlob, type Blob } from '../../../src/report/blob.js';
import type { CorpusRunView } from '../../../src/report/corpus.js';
import { mergeBlobs } from '../../../src/report/merge.js';
import type { ReportView } from '../../../src/report/view.js';
import { shardOf } from '../../../src/shard.js';

const blob = (report: ReportView | CorpusRunView): Blob => parseBlob(renderBlob(report));

const verdict = (rule: string, command: string, status: RuleVerdict['status']): RuleVerdict => ({
  rule,
  title: rule,
  characteristics: [],
  command,
  status,
  errors: status === 'fail' ? 1 : 0,
  warnings: 0,
  findings:
    status === 'fail'
      ? [
          {
            id: `${rule}/x`,
            rule,
            severity: 'error',
            message: `${command} broke`,
            fix: '',
            docs: '',
          },
        ]
      : [],
  docs: '',
});

const IDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];

/** A consumer's run of IDS (each scenario two rules, gamma failing), whole or as shard `index` of `count`. */
function consumerView(shard?: { index: number; count: number }): ReportView {
  const mine = IDS.filter((id) => !shard || shardOf(id, shard.count) === shard.index);
  const verdicts = mine.flatMap((id) => [
    verdict('CONSUMER-01', id, id === 'gamma' ? 'fail' : 'pass'),
    verdict('CONSUMER-05', id, 'pass'),
  ]);
  return {
    verb: 'consumer',
    target: 'python3 wrapper.py',
    consumer: { shape: 'stdin', mode: 'default' },
    durationMs: 10,
    report: {
      ok: verdicts.every((v) => v.status !== 'fail'),
      verdicts,
      findings: verdicts.flatMap((v) => v.findings),
      scenarios: mine.map((id) => ({
        id,
        shape: 'stdin',
        must: 'succeed',
        outcome: null,
        received: 1,
        durationMs: 1,
      })),
    },
    ...(shard ? { shard: { ...shard, order: IDS } } : {}),
  } as ReportView;
}

const corpusView = (shard?: { index: number; count: number }): CorpusRunView => ({
  verb: 'scenarios',
  results: IDS.filter((id) => !shard || shardOf(id, shard.count) === shard.index).map(
    (id): ScenarioResult => ({
      id,
      kind: 'stream',
      ok: true,
      expected: { ok: true, rules: {}, findings: [] },
      actual: { ok: true, rules: {}, findings: [] },
      durationMs: 1,
    }),
  ),
  ...(shard ? { shard: { ...shard, order: IDS } } : {}),
});

const shards = <T>(make: (s: { index: number; count: number }) => T, count: number) =>
  Array.from({ length: count }, (_, i) => make({ index: i + 1, count }));

describe('blobs', () => {
  test('a blob reads back as the report it was written from, its baseline left out', () => {
    const view = {
      ...consumerView(),
      baseline: { ok: true, known: [], stale: [], file: 'b.json' },
    };
    const back = blob(view as unknown as ReportView);
    expect(back.report).toEqual(consumerView());
    expect(back.format).toBe('aoi-testkit-blob');
  });

  test.each([
    ['{', /not JSON/],
    ['{"format":"other"}', /not a blob report/],
    ['{"format":"aoi-testkit-blob","version":2,"kit":"1"}', /blob version 2/],
    [
      '{"format":"aoi-testkit-blob","version":1,"kit":"1","report":{"verb":"rm"}}',
      /not one of a verb/,
    ],
    [
      '{"format":"aoi-testkit-blob","version":1,"kit":"1","report":{"verb":"lint","target":"x","report":{"ok":true,"verdicts":[{"rule":1}],"findings":[]}}}',
      /verdict 1 is not a verdict/,
    ],
    [
      '{"format":"aoi-testkit-blob","version":1,"kit":"1","report":{"verb":"scenarios","results":[{}]}}',
      /result 1/,
    ],
  ])('%s is refused', (text, message) => {
    expect(() => parseBlob(text)).toThrow(message);
  });
});

describe('mergeBlobs', () => {
  test.each([2, 3, 4])('a consumer run in %i shards is the whole run', (count) => {
    const merged = mergeBlobs(shards((s) => blob(consumerView(s)), count).reverse());
    const { durationMs: _a, ...whole } = consumerView();
    const { durationMs: _b, ...back } = merged as ReportView;
    expect(back).toEqual(whole);
  });

  test('a runner run in 3 shards is the whole run (a runner is merged as a consumer is)', () => {
    const asRunner = (view: ReportView) => {
      const { consumer: _facts, ...rest } = view as Extract<ReportView, { verb: 'consumer' }>;
      return { ...rest, verb: 'runner', runner: { protocols: ['acp'] } } as unknown as ReportView;
    };
    const merged = mergeBlobs(shards((s) => blob(asRunner(consumerView(s))), 3));
    const { durationMs: _a, ...whole } = asRunner(consumerView());
    const { durationMs: _b, ...back } = merged as ReportView;
    expect(back).toEqual(whole);
  });

  test.each([2, 3])('a corpus run in %i shards is the whole run, in its order', (count) => {
    expect(mergeBlobs(shards((s) => blob(corpusView(s)), count).reverse())).toEqual(corpusView());
  });

  test('one unsharded blob is the report as it was', () => {
    expect(mergeBlobs([blob(corpusView())])).toEqual(corpusView());
  });

  test('what is not the shards of one run is refused', () => {
    const [one, two] = shards((s) => blob(corpusView(s)), 2);
    expect(() => mergeBlobs([])).toThrow(/no aoi-testkit-blob file/);
    expect(() => mergeBlobs([one!])).toThrow('shard 2/2 missing');
    expect(() => mergeBlobs([one!, one!])).toThrow('shard 1/2 is given twice');
    expect(() => mergeBlobs([blob(corpusView()), blob(corpusView())])).toThrow(
      /2 unsharded reports/,
    );
    expect(() => mergeBlobs([one!, { ...two!, kit: '0.0.1' }])).toThrow(/different kits/);
    const [c1, c2] = shards((s) => blob(consumerView(s)), 2);
    expect(() => mergeBlobs([one!, c2!])).toThrow(/different verbs/);
    const otherRun = {
      ...two!,
      report: { ...two!.report, shard: { index: 2, count: 2, order: ['x'] } },
    };
    expect(() => mergeBlobs([one!, otherRun as Blob])).toThrow(/different runs/);
    const otherTarget = { ...c2!, report: { ...c2!.report, target: 'node other.js' } };
    expect(() => mergeBlobs([c1!, otherTarget as Blob])).toThrow(/different consumers/);
    const check = blob({
      verb: 'check',
      target: '-',
      report: { ok: true, verdicts: [], findings: [] },
    } as unknown as ReportView);
    expect(mergeBlobs([check])).toEqual(check.report);
  });
});
