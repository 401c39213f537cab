/** Text for people of `runner`: a line per scenario, then each rule that failed, was skipped or warned, with its findings. */
import { describeRunnerOutcome } from '../../checks/agentcli/runner.js';
import type { RunnerMust } from '../../spec/agentcli/runner-scenarios.js';
import { sanitise } from '../../stream/sanitise.js';
import { GREEN, GREY, painter, RED, STATUS_COLOUR } from '../colour.js';
import { formatFinding, newFixes } from '../finding.js';
import { seeRulePages } from '../rule-pages.js';
import { baselineText, STATUS_LABELS, type ReportView } from '../view.js';

const MUST: Readonly<Record<RunnerMust, string>> = {
  succeed: 'must relay and succeed',
  fail: 'must fail, saying why',
  'refuse-spawn': 'must refuse, start nothing',
  'refuse-session': 'must refuse the agent',
  cancel: 'must forward the cancel',
  limit: 'must refuse the turn past max_turns',
};

/**
 * For people: a line per scenario (its status, what a runner must do, what it did, what the agent saw), then each
 * rule that failed, was skipped or warned, with its findings.
 */
export function runnerText(view: ReportView & { verb: 'runner' }, color: boolean): string {
  const { report } = view;
  const paint = painter(color);
  const arms = [...new Set(report.scenarios.map((s) => s.arm))];
  const out = [
    `aoi-testkit runner ${sanitise(view.target)}: ${report.scenarios.length} scenario(s), ${(arms.length > 0 ? arms : view.runner.protocols).join(', ')}`,
  ];
  const fixes = new Set<string>();
  for (const scenario of report.scenarios) {
    const verdicts = report.verdicts.filter((v) => v.command === scenario.id);
    const status = verdicts.some((v) => v.status === 'fail')
      ? 'fail'
      : verdicts.some((v) => v.status === 'skip')
        ? 'skip'
        : 'pass';
    const did =
      scenario.outcome === null
        ? 'did not end (killed by the kit)'
        : sanitise(describeRunnerOutcome(scenario.outcome));
    const a = scenario.agent;
    const facts = `${MUST[scenario.must]}; did: ${did}; agent: ${a.starts} start(s), ${a.prompts} turn(s), ${a.cancels} cancel(s); ${(scenario.durationMs / 1000).toFixed(1)} s`;
    out.push(
      `  ${paint(STATUS_COLOUR[status] ?? 0, STATUS_LABELS[status])}  ${scenario.id}  ${paint(GREY, facts)}`,
    );
    for (const verdict of verdicts.filter(
      (v) => v.status === 'fail' || v.status === 'skip' || v.warnings > 0,
    )) {
      const label = verdict.status === 'pass' ? 'WARN' : STATUS_LABELS[verdict.status];
      const detail = verdict.status === 'skip' ? (verdict.reason ?? '') : verdict.title;
      out.push(
        `        ${paint(STATUS_COLOUR[verdict.status] ?? 0, label)}  ${verdict.rule}  ${paint(GREY, detail)}`,
      );
      for (const finding of verdict.findings.slice(0, 2))
        out.push(`              ${formatFinding(finding, 'line')}`);
      for (const fix of newFixes(verdict.findings.slice(0, 2), fixes))
        out.push(`              fix: ${fix}`);
    }
  }
  const failed = [
    ...new Set(report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule)),
  ].sort();
  const warned = report.verdicts.filter((v) => v.status === 'pass' && v.warnings > 0).length;
  const seconds = ((view.durationMs ?? 0) / 1000).toFixed(1);
  out.push(
    failed.length === 0
      ? paint(
          GREEN,
          `runs agents as AIP-45 says: ${report.verdicts.length} verdict(s) over ${report.scenarios.length} scenario(s), none failed${warned > 0 ? `, ${warned} with warnings (--strict fails them)` : ''} (${seconds} s)`,
        )
      : paint(
          RED,
          `does not run agents as AIP-45 says: ${failed.join(', ')} failed (${seconds} s) — ${seeRulePages(failed)}`,
        ),
  );
  out.push(...baselineText(view));
  return `${out.join('\n')}\n`;
}
