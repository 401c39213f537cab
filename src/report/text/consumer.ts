/** Text for people of `consumer`: a line per scenario, then each rule that failed, was skipped or warned, with its findings. */
import { describeOutcome } from '../../checks/consumer/judge.js';
import { describeRuntimeOutcome, type RuntimeReport } from '../../checks/consumer/judge-runtime.js';
import { sanitise } from '../../stream/sanitise.js';
import { GREEN, GREY, painter, RED, STATUS_COLOUR, YELLOW } from '../colour.js';
import { formatFinding, newFixes } from '../finding.js';
import { seeRulePages } from '../rule-pages.js';
import {
  baselineText,
  STATUS_LABELS,
  statusLabel,
  type ConsumerFacts,
  type ReportView,
} from '../view.js';

/** How the consumer was run, for people: `stdin`, `spawn (as notes)`, `stdin, unbounded`, `app-runtime`. */
const shapeLabel = (c: ConsumerFacts): string =>
  c.shape === 'app-runtime'
    ? 'app-runtime'
    : c.as !== undefined
      ? `spawn (as ${c.as})`
      : c.mode === 'default'
        ? 'stdin'
        : `stdin, ${c.mode}`;

/**
 * For people: a line per scenario (its status, what it must do, what the consumer did, the rules that held), then
 * each rule that failed or was skipped, with its findings.
 */
export function consumerText(view: ReportView & { verb: 'consumer' }, color: boolean): string {
  const { report } = view;
  const shape = shapeLabel(view.consumer);
  const paint = painter(color);
  const out = [
    `aoi-testkit consumer ${sanitise(view.target)}: ${report.scenarios.length} scenario(s), ${shape}`,
  ];
  const fixes = new Set<string>();
  for (const scenario of report.scenarios) {
    const verdicts = report.verdicts.filter((v) => v.command === scenario.id);
    const status = verdicts.some((v) => v.status === 'fail')
      ? 'fail'
      : verdicts.some((v) => v.status === 'skip')
        ? 'skip'
        : 'pass';
    const warned = (v: (typeof verdicts)[number]) => v.status === 'pass' && v.warnings > 0;
    // A pass with a warning is a WARN, and the rule it warns about was not held.
    const label = status === 'pass' && verdicts.some(warned) ? 'WARN' : STATUS_LABELS[status];
    // The summary's `ok` is the consumer's own value: made safe to print.
    const did =
      scenario.outcome === null
        ? 'did not end (killed by the kit)'
        : sanitise(
            'must' in scenario
              ? describeOutcome(scenario.outcome)
              : describeRuntimeOutcome(
                  scenario.outcome as RuntimeReport['scenarios'][number]['outcome'] & object,
                ),
          );
    const held = verdicts.filter((v) => v.status === 'pass' && !warned(v)).map((v) => v.rule);
    const must =
      'must' in scenario
        ? `must ${scenario.must === 'succeed' ? 'succeed' : scenario.must === 'fail-closed' ? 'fail closed' : 'report and continue'}`
        : `${scenario.calls.length} call(s)${scenario.calls.length > 0 ? `: ${sanitise(scenario.calls.map((argv) => argv.join(' ')).join(' | ')).slice(0, 120)}` : ''}`;
    const facts = `${must}; did: ${did}; ${(scenario.durationMs / 1000).toFixed(1)} s${held.length > 0 ? `; held: ${held.join(', ')}` : ''}`;
    out.push(
      `  ${paint(label === 'WARN' ? YELLOW : (STATUS_COLOUR[status] ?? 0), label)}  ${scenario.id}  ${paint(GREY, facts)}`,
    );
    for (const verdict of verdicts.filter(
      (v) => v.status === 'fail' || v.status === 'skip' || warned(v),
    )) {
      const detail = verdict.status === 'skip' ? (verdict.reason ?? '') : verdict.title;
      out.push(
        `        ${paint(warned(verdict) ? YELLOW : (STATUS_COLOUR[verdict.status] ?? 0), statusLabel(verdict))}  ${verdict.rule}  ${paint(GREY, detail)}`,
      );
      for (const finding of verdict.findings.slice(0, 2))
        out.push(`              ${formatFinding(finding, 'line')}`);
      for (const fix of newFixes(verdict.findings.slice(0, 2), fixes))
        out.push(`              fix: ${fix}`);
    }
  }
  const what = shape === 'app-runtime' ? 'does its runtime duties' : 'handles AOI streams';
  const failed = [
    ...new Set(report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule)),
  ].sort();
  const seconds = ((view.durationMs ?? 0) / 1000).toFixed(1);
  out.push(
    failed.length === 0
      ? paint(
          GREEN,
          `${what}: ${report.verdicts.length} verdict(s) over ${report.scenarios.length} scenario(s), none failed (${seconds} s)`,
        )
      : paint(
          RED,
          `${what.startsWith('handles') ? 'does not handle' : 'does not do'}${what.slice(what.indexOf(' '))}: ${failed.join(', ')} failed (${seconds} s) — ${seeRulePages(failed)}`,
        ),
  );
  out.push(...baselineText(view));
  return `${out.join('\n')}\n`;
}
