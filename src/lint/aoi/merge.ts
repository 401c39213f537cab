import { characteristicMatrix } from '../../checks/characteristics.js';
import { verdictsOk, type RuleVerdict } from '../../checks/verdict.js';
import { AOI_RULES } from '../../spec/aoi/rules.js';
import { formatShard } from '../../shard.js';
import { commandOrder, type LintReport } from './lint.js';

/**
 * The shards of one AOI lint as the one lint they were cut from: every shard's rows, in the order an unsharded lint
 * gives them (rule by rule, discovery's commands then the plan's), the probes of all, the longest duration.
 * Throws a RangeError when the reports are not the shards of one lint, each once.
 */
export function mergeLintReports(reports: readonly LintReport[]): LintReport {
  const [first] = reports;
  if (first === undefined) throw new RangeError('no lint report to merge');
  const count = first.shard?.count ?? 1;
  const seen = reports.map((r) => r.shard?.index ?? 1).sort((a, b) => a - b);
  if (reports.some((r) => (r.shard?.count ?? 1) !== count))
    throw new RangeError(
      `the reports are of different shardings (${reports.map((r) => (r.shard ? formatShard(r.shard) : 'none')).join(', ')})`,
    );
  const expected = Array.from({ length: count }, (_, i) => i + 1);
  if (seen.join(',') !== expected.join(','))
    throw new RangeError(
      `shards ${seen.join(', ')} of ${count}: each shard 1 to ${count} must be given once`,
    );
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
