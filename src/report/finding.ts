import type { Finding } from '../stream/finding.js';
import { sanitise } from '../stream/sanitise.js';
import { rulePage } from './rule-pages.js';

/**
 * One finding for a person, the one rendering the reporters and the matchers share. `block` (the matchers'
 * messages): the rule id and reason, then the evidence, the fix and the rule page, a line each. `line` (the
 * reports that list many): `AOI-06/x (line 3): message [probe] — excerpt`. Everything in a finding is already
 * sanitised and masked (makeFinding); sanitised again here, idempotently, where it goes on one line.
 */
export function formatFinding(finding: Finding, layout: 'block' | 'line' = 'block'): string {
  return layout === 'line' ? findingLine(finding) : findingBlock(finding);
}

function findingBlock(finding: Finding): string {
  const lines = [
    `${finding.id}${finding.severity === 'warning' ? ' (warning)' : ''}: ${finding.message}`,
  ];
  if (finding.line !== undefined && finding.excerpt !== undefined) {
    const where =
      finding.endLine !== undefined
        ? `lines ${finding.line}-${finding.endLine}`
        : `line ${finding.line}`;
    lines.push(`  ${where}: ${finding.excerpt}`);
  }
  lines.push(`  fix: ${finding.fix}`, `  see ${rulePage(finding.docs)}`);
  return lines.join('\n');
}

function findingLine(f: Finding): string {
  const where =
    f.line !== undefined
      ? ` (line ${f.line}${f.endLine !== undefined ? `-${f.endLine}` : ''})`
      : '';
  return `${f.id}${where}: ${sanitise(f.message)}${f.probe ? ` [${sanitise(f.probe)}]` : ''}${f.excerpt ? ` — ${sanitise(f.excerpt)}` : ''}`;
}

/**
 * The fixes (from the registry) of the sub-rules among `findings` that the report has not shown yet (`shown`
 * remembers, and learns these): a report says how to fix each defect once, under its first findings, however many
 * commands or scenarios it fails.
 */
export function newFixes(
  findings: readonly Pick<Finding, 'id' | 'fix'>[],
  shown: Set<string>,
): string[] {
  const fixes: string[] = [];
  for (const finding of findings) {
    if (shown.has(finding.id)) continue;
    shown.add(finding.id);
    fixes.push(finding.fix);
  }
  return fixes;
}
