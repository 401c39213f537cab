import type { StreamReport } from '../checks/aoi/stream.js';
import type { RuleVerdict } from '../checks/verdict.js';
import { toExcerpt, type Finding } from '../stream/finding.js';
import { redactValue } from '../checks/secrets.js';
import type { MatcherState } from './context.js';

const SHOWN_FINDINGS = 5;

/** `expect(received).resolves.not.toX(args)`, the first line of every message, as the runner's own matchers write it. */
export function hint(state: MatcherState | undefined, matcher: string, args = ''): string {
  const promise = state?.promise === 'resolves' || state?.promise === 'rejects' ? `${state.promise}.` : '';
  return `expect(received).${promise}${state?.isNot ? 'not.' : ''}${matcher}(${args})`;
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

/** A safe rendering of a value for a message: secrets masked, bounded, asymmetric matchers by name (`Any<Number>`). */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  const names: string[] = [];
  const json = JSON.stringify(redactValue(nameAsymmetric(value, names, 0)));
  if (json === undefined) return toExcerpt(String(value));
  // Each matcher stood in as a placeholder string; print its (masked) name bare, as the runners do.
  return toExcerpt(json.replace(/"\u27e6asymmetric (\d+)\u27e7"/g, (_, i: string) => String(redactValue(names[Number(i)]))));
}

interface AsymmetricLike {
  asymmetricMatch(other: unknown): boolean;
  toAsymmetricMatcher?(): string;
  sample?: unknown;
}

const isAsymmetric = (value: unknown): value is AsymmetricLike =>
  value !== null && typeof value === 'object' && typeof (value as AsymmetricLike).asymmetricMatch === 'function';

/** Copy of `value` with every asymmetric matcher (expect.any, expect.stringMatching, …) replaced by a placeholder. */
function nameAsymmetric(value: unknown, names: string[], depth: number): unknown {
  if (isAsymmetric(value)) {
    names.push(asymmetricName(value));
    return `\u27e6asymmetric ${names.length - 1}\u27e7`;
  }
  if (value === null || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((item) => nameAsymmetric(item, names, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, nameAsymmetric(item, names, depth + 1)]));
}

/** `Any<Number>`, `StringMatching /^al/`, `ObjectContaining {"type":"hit"}`: what pretty-format prints. */
function asymmetricName(matcher: AsymmetricLike): string {
  if (typeof matcher.toAsymmetricMatcher === 'function') return matcher.toAsymmetricMatcher();
  const name = typeof (matcher as object).toString === 'function' && (matcher as object).toString !== Object.prototype.toString ? String(matcher) : matcher.constructor.name;
  if (!('sample' in matcher)) return name;
  const { sample } = matcher;
  return `${name} ${sample instanceof RegExp ? String(sample) : show(sample)}`;
}
