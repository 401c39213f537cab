import { formatFinding } from './finding.js';
import { sanitise } from '../stream/sanitise.js';
import type { RuleVerdict } from '../checks/verdict.js';
import { rulePageLink } from './rule-pages.js';
import { fileOf, isKnown, staleLines, verdictName, type VerdictView } from './view.js';

/** A workflow command's message: each line sanitised, then `%`, CR and LF escaped (the runner's rules), so our own line breaks stay line breaks. */
export const commandData = (text: string): string =>
  text
    .split('\n')
    .map((line) => sanitise(line).replace(/%/g, '%25').replace(/\r/g, '%0D'))
    .join('%0A');
/** A workflow command's property value (`title=…`): the message's escapes plus `:` and `,`. */
export const commandProperty = (text: string): string =>
  commandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

function annotation(
  level: 'error' | 'warning' | 'notice',
  title: string,
  message: string,
  file?: { uri: string; line?: number },
): string {
  const props = [
    ...(file
      ? [
          `file=${commandProperty(file.uri)}`,
          ...(file.line !== undefined ? [`line=${file.line}`] : []),
        ]
      : []),
    `title=${commandProperty(title)}`,
  ];
  return `::${level} ${props.join(',')}::${commandData(message)}\n`;
}

/**
 * GitHub Actions: an `::error` per failing (rule × command), a `::warning` per known failure of the baseline
 * and per rule that passed with warnings, an `::error` per stale baseline entry; the markdown report is
 * appended to `$GITHUB_STEP_SUMMARY` when it is set (the caller does that: the markdown reporter's text).
 */
export function renderGithub(view: VerdictView): string {
  let out = '';
  const note = (v: RuleVerdict, level: 'error' | 'warning', prefix = '') => {
    const first = v.findings.find((f) => f.severity === 'error') ?? v.findings[0];
    const where = first && fileOf(view, v, first);
    const body = [
      ...v.findings.slice(0, 5).map((f) => formatFinding(f, 'line')),
      `Rule page: ${rulePageLink(v.rule).text}`,
    ].join('\n');
    out += annotation(
      level,
      `${prefix}${verdictName(v)}: ${v.title}`,
      body,
      where
        ? { uri: where.uri, ...(where.line !== undefined ? { line: where.line } : {}) }
        : undefined,
    );
  };
  for (const v of view.report.verdicts) {
    if (v.status === 'fail')
      note(
        v,
        isKnown(view, v) ? 'warning' : 'error',
        isKnown(view, v) ? 'known failure (baseline): ' : '',
      );
    else if (v.status === 'pass' && v.warnings > 0) note(v, 'warning');
  }
  for (const line of staleLines(view)) out += annotation('error', 'stale baseline entry', line);
  return out;
}
