/**
 * `merge-reports`' judgement: the blobs of the shards of one run (any order) as the report of the run they were
 * cut from, which every reporter renders as it renders an unsharded run. One unsharded blob comes back as it is,
 * to be rendered in other reporters later.
 */
import type { RunnerReport } from '../checks/agentcli/runner.js';
import type { ConsumerReport } from '../checks/consumer/judge.js';
import type { RuntimeReport } from '../checks/consumer/judge-runtime.js';
import { verdictsOk, type RuleVerdict } from '../checks/verdict.js';
import { mergeProgramReports } from '../lint/merge.js';
import { checkShards } from '../shard.js';
import { BLOB_FORMAT, type Blob } from './blob.js';
import type { CorpusRunView } from './corpus.js';
import { programView } from './index.js';
import type { ReportView, ShardView } from './view.js';

/** The merged report; a RangeError that says why the blobs are not the shards of one run. */
export function mergeBlobs(blobs: readonly Blob[]): ReportView | CorpusRunView {
  const [first] = blobs;
  if (first === undefined) throw new RangeError(`no ${BLOB_FORMAT} file to merge`);
  const kits = [...new Set(blobs.map((b) => b.kit))];
  if (kits.length > 1)
    throw new RangeError(`the blobs were written by different kits (${kits.join(', ')})`);
  const verbs = [...new Set(blobs.map((b) => b.report.verb))];
  if (verbs.length > 1)
    throw new RangeError(`the blobs are of different verbs (${verbs.join(', ')})`);
  const reports = blobs.map((b) => b.report);
  const lead = reports[0]!;
  if (lead.verb === 'lint') {
    const merged = mergeProgramReports(
      (reports as Extract<ReportView, { verb: 'lint' }>[]).map((r) => r.report),
    );
    // Placed where the shards placed their findings (their --sarif-location, their working directory).
    const view = programView(merged);
    const { anchor } = lead as Extract<ReportView, { verb: 'lint' }>;
    return anchor ? { ...view, anchor } : view;
  }
  const shard = checkShards(reports.map((r) => shardOf(r)));
  if (shard === undefined) return lead;
  const order = sameOrder(reports.map((r) => r.shard!));
  if (lead.verb === 'scenarios') {
    const results = reports.flatMap((r) => (r as CorpusRunView).results);
    return { verb: 'scenarios', results: inOrder(results, order, (r) => r.id, 'scenario') };
  }
  if (lead.verb === 'consumer' || lead.verb === 'runner') {
    // A consumer's or a runner's run: scenarios, each judged apart (a verdict's command is its scenario).
    const views = reports as Extract<ReportView, { verb: 'consumer' | 'runner' }>[];
    // How it was run (the consumer's shape and mode, the runner's protocols): what the view has besides its report.
    const facts = (v: ReportView) => {
      const {
        report: _r,
        shard: _s,
        durationMs: _d,
        locations: _l,
        baseline: _b,
        target: _t,
        ...rest
      } = v;
      return JSON.stringify(rest);
    };
    if (views.some((v) => facts(v) !== facts(lead)))
      throw new RangeError(
        `the blobs are of ${lead.verb}s run differently (--as, the mode, the protocols)`,
      );
    if (views.some((v) => v.target !== lead.target))
      throw new RangeError(`the blobs are of different ${lead.verb}s`);
    const { shard: _shard, durationMs: _ms, locations: _locations, ...rest } = lead;
    return {
      ...rest,
      report: mergeScenarioReports(
        views.map((v) => v.report),
        order,
      ),
      durationMs: Math.max(...views.map((v) => v.durationMs ?? 0)),
    } as ReportView;
  }
  throw new RangeError(`a ${lead.verb} report is never sharded: there is nothing to merge`);
}

const shardOf = (r: ReportView | CorpusRunView): ShardView | undefined =>
  r.verb === 'lint' ? r.report.shard : r.shard;

/** The order every shard gives (the whole run's unit ids): the same in each, or the shards are of different runs. */
function sameOrder(shards: readonly ShardView[]): readonly string[] {
  const order = shards[0]!.order;
  if (order === undefined) throw new RangeError('the blobs do not say the order of the whole run');
  if (shards.some((s) => (s.order ?? []).join('\n') !== order.join('\n')))
    throw new RangeError('the blobs are shards of different runs (their scenarios differ)');
  return order;
}

/** Units in the whole run's order; each unit of the run in exactly one shard. */
function inOrder<T>(
  units: readonly T[],
  order: readonly string[],
  id: (u: T) => string,
  what: string,
): T[] {
  const rank = new Map(order.map((unit, i) => [unit, i]));
  const stray = units.find((u) => !rank.has(id(u)));
  if (stray)
    throw new RangeError(`${what} ${id(stray)} is not in the run the shards were cut from`);
  const ids = units.map(id);
  const twice = ids.find((unit, i) => ids.indexOf(unit) !== i);
  if (twice !== undefined) throw new RangeError(`${what} ${twice} is in two shards`);
  const missing = order.filter((unit) => !ids.includes(unit));
  if (missing.length > 0)
    throw new RangeError(
      `${what}${missing.length > 1 ? 's' : ''} ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''} in no shard`,
    );
  return [...units].sort((a, b) => rank.get(id(a))! - rank.get(id(b))!);
}

/** A consumer's shards: its scenarios and their verdicts (a verdict's command is its scenario) in the run's order. */
function mergeScenarioReports<R extends ConsumerReport | RuntimeReport | RunnerReport>(
  reports: readonly R[],
  order: readonly string[],
): R {
  const scenarios = inOrder(
    reports.flatMap((r) => r.scenarios as readonly { id: string }[]),
    order,
    (s) => s.id,
    'scenario',
  );
  const rank = new Map(order.map((unit, i) => [unit, i]));
  const verdicts: RuleVerdict[] = reports
    .flatMap((r) => r.verdicts)
    .map((verdict, at) => ({ verdict, at }))
    .sort(
      (a, b) =>
        (rank.get(a.verdict.command ?? '') ?? order.length) -
          (rank.get(b.verdict.command ?? '') ?? order.length) || a.at - b.at,
    )
    .map(({ verdict }) => verdict);
  return {
    ok: verdictsOk(verdicts),
    verdicts,
    findings: verdicts.flatMap((v) => v.findings),
    scenarios,
  } as unknown as R;
}
