/** Text for people of `manifest`: a line per AGENTCLI rule, its findings' lines and excerpts. */
import { verdictDetail } from '../jsonl.js';
import { newFixes } from '../finding.js';
import { seeRulePages } from '../rule-pages.js';
import { baselineText, statusLabel, type ReportView } from '../view.js';
import { sanitise } from '../../stream/sanitise.js';

export function manifestText(view: ReportView & { verb: 'manifest' }): string {
  const { verdicts, ok: valid } = view.report;
  const source = sanitise(view.target);
  const out = [`aoi-testkit manifest ${source}`];
  const fixes = new Set<string>();
  for (const verdict of verdicts) {
    out.push(`  ${statusLabel(verdict)}  ${verdict.rule}  ${verdictDetail(verdict)}`);
    for (const f of verdict.findings.slice(0, 5))
      out.push(
        `          ${f.id}${f.line !== undefined ? ` line ${f.line}` : ''}${f.excerpt ? `: ${f.excerpt}` : ''}`,
      );
    for (const fix of newFixes(verdict.findings.slice(0, 5), fixes))
      out.push(`          fix: ${fix}`);
  }
  out.push(
    valid
      ? 'valid AGENT-CLI.md (AIP-45)'
      : `not a valid AGENT-CLI.md — ${seeRulePages(verdicts.filter((v) => v.status === 'fail').map((v) => v.rule))}`,
    ...baselineText(view),
  );
  return `${out.join('\n')}\n`;
}
