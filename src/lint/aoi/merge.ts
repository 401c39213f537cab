import { characteristicMatrix } from '../../checks/characteristics.js';
import { verdictsOk, type RuleVerdict } from '../../checks/verdict.js';
import { AOI_RULES } from '../../spec/aoi/rules.js';
import { checkShards } from '../../shard.js';
import { commandOrder, type LintReport } from './lint.js';

/**
 * The shards of one AOI lint as the one lint they were cut from: every shard's rows, in the order an unsharded lint
 * gives them (rule by rule, discovery's commands then the plan's), the probes of all, the longest duration.
 * Throws a RangeError when the reports are not the shards of one lint, each once (checkShards says why).
 */
export function mergeLintReports(reports: readonly LintReport[]): LintReport {
  checkShards(reports.map((r) => r.shard));
  const first = reports[0]!;
  const order = commandOrder(first);
  if (
    reports.some(
      (r) => r.target !== first.target || commandOrder(r).join('\0') !== order.join('\0'),
    )
  )
    throw new RangeError('the reports are not of the same program and plan');
  const rank = (command: string | undefined) => {
    const at = order.indexOf(command ?? '');
    return at === -1 ? order.length : at;
  };
  const ruleRank = (rule: string) => AOI_RULES.findIndex((r) => r.id === rule);
  // A stable sort: rows of a command outside the plan (an escape's) keep the order their shard gave them.
  const verdicts: RuleVerdict[] = reports
    .flatMap((r) => r.verdicts)
    .map((verdict, at) => ({ verdict, at }))
    .sort(
      (a, b) =>
        ruleRank(a.verdict.rule) - ruleRank(b.verdict.rule) ||
        rank(a.verdict.command) - rank(b.verdict.command) ||
        a.at - b.at,
    )
    .map(({ verdict }) => verdict);
  const { shard: _shard, ...rest } = first;
  return {
    ...rest,
    ok: verdictsOk(verdicts),
    verdicts,
    characteristics: characteristicMatrix(verdicts),
    findings: verdicts.flatMap((v) => v.findings),
    probes: reports.reduce((n, r) => n + r.probes, 0),
    observers: [...new Set(reports.flatMap((r) => r.observers))],
    capabilities: reports.some((r) => r.capabilities),
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
  };
}
