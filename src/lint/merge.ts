/**
 * The shards of one program lint as the lint they were cut from: the AOI lint's commands joined (mergeLintReports),
 * each other spec taken from the shard that judged it, every outcome as an unsharded lint gives it.
 */
import { verdictsOk } from '../checks/verdict.js';
import { LIVE_SPEC_IDS } from '../spec/specs.js';
import { checkShards } from '../shard.js';
import { mergeLintReports } from './aoi/merge.js';
import type { ProgramReport, SpecOutcome } from './program.js';

/**
 * The shards 1…n of one sharded lint, each once, in any order. Throws a RangeError that says why when they are not
 * (a shard missing or given twice, different shardings, another program or plan).
 */
export function mergeProgramReports(reports: readonly ProgramReport[]): ProgramReport {
  const shards = checkShards(reports.map((r) => r.shard));
  const [first] = reports;
  if (reports.some((r) => r.target !== first!.target))
    throw new RangeError(
      `the reports are of different programs: ${[...new Set(reports.map((r) => r.target))].join(', ')}`,
    );
  if (shards === undefined) return first!;
  const byIndex = (index: number) => reports.find((r) => r.shard!.index === index)!;
  const aoiParts = reports.flatMap((r) => (r.aoi ? [r.aoi] : []));
  if (aoiParts.length !== 0 && aoiParts.length !== reports.length)
    throw new RangeError('the AOI lint ran in some shards and not others: not one lint');
  const aoi = aoiParts.length > 0 ? mergeLintReports(aoiParts) : undefined;
  // Every other spec is in the report of the shard its outcome names (each shard names the same one).
  const owner = (spec: string) => first!.specs.find((s) => s.spec === spec)?.shard;
  const results = LIVE_SPEC_IDS.flatMap((spec) => {
    const index = owner(spec);
    return index === undefined ? [] : byIndex(index).results.filter((r) => r.spec === spec);
  });
  const verdicts = [...(aoi?.verdicts ?? []), ...results.flatMap((r) => r.verdicts)];
  const specs = first!.specs.map((outcome): SpecOutcome => {
    const { shard: _shard, ...judged } =
      outcome.shard === undefined
        ? outcome
        : byIndex(outcome.shard).specs.find((s) => s.spec === outcome.spec)!;
    if (outcome.spec !== 'aoi' || aoi === undefined || judged.status !== 'run') return judged;
    return {
      ...judged,
      count: aoi.verdicts.length,
      error_count: aoi.verdicts.filter((v) => v.status === 'fail').length,
    };
  });
  const appDir = reports.find((r) => r.appDir !== undefined)?.appDir;
  const { shard: _shard, aoi: _aoi, appDir: _appDir, ...rest } = first!;
  return {
    ...rest,
    ok: verdictsOk(verdicts),
    verdicts,
    findings: verdicts.flatMap((v) => v.findings),
    specs,
    ...(aoi ? { aoi } : {}),
    results,
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
    ...(appDir !== undefined ? { appDir } : {}),
  };
}
