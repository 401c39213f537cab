import type { StreamReport } from '../checks/aoi/stream.js';
import type { RuleVerdict } from '../checks/verdict.js';
import { toExcerpt, type Finding } from '../stream/finding.js';
import { redactValue } from '../checks/secrets.js';
import type { MatcherState } from './context.js';

const SHOWN_FINDINGS = 5;

/** `expect(received).not.toX(args)`, the first line of every message. */
export function hint(state: MatcherState | undefined, matcher: string, args = ''): string {
  return `expect(received).${state?.isNot ? 'not.' : ''}${matcher}(${args})`;
}

/** Where a rule's page is, as a user sees it from their project. */
export const docsLink = (docs: string) => `node_modules/aoi-testkit/${docs}`;

/** One finding: rule id + reason, evidence, fix, docs. */
export function formatFinding(finding: Finding): string {
  const lines = [`${finding.id}${finding.severity === 'warning' ? ' (warning)' : ''}: ${finding.message}`];
  if (finding.line !== undefined && finding.excerpt !== undefined) {
    const where = finding.endLine !== undefined ? `lines ${finding.line}-${finding.endLine}` : `line ${finding.line}`;
    lines.push(`  ${where}: ${finding.excerpt}`);
  }
  lines.push(`  fix: ${finding.fix}`, `  see ${docsLink(finding.docs)}`);
  return lines.join('\n');
}

/** The failing findings of a report (errors first, then warnings), the first few in full. */
export function formatFindings(findings: readonly Finding[], verdicts: readonly RuleVerdict[] = []): string {
  const ordered = [...findings.filter((f) => f.severity === 'error'), ...findings.filter((f) => f.severity === 'warning')];
  const shown = ordered.slice(0, SHOWN_FINDINGS).map(formatFinding);
  const total = verdicts.length > 0 ? verdicts.reduce((n, v) => n + v.errors + v.warnings, 0) : ordered.length;
  if (total > shown.length) shown.push(`… and ${total - shown.length} more finding(s)`);
  return shown.join('\n\n');
}

/** A one-line table of verdicts: `AOI-02 pass · AOI-03 fail · …`. */
export function verdictLine(report: StreamReport): string {
  return report.verdicts.map((v) => `${v.rule} ${v.status}`).join(' · ');
}

/** A safe rendering of a value for a message: secrets masked, bounded. */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  return toExcerpt(JSON.stringify(redactValue(value)) ?? String(value));
}
