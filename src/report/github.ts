import { formatFinding } from './finding.js';
import { sanitise } from '../stream/sanitise.js';
import type { RuleVerdict } from '../checks/verdict.js';
import { rulePageLink } from './rule-pages.js';
import { isKnown, placeOf, staleLines, verdictName, type VerdictView } from './view.js';

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

/** GitHub shows at most this many error annotations, and as many warnings, of a step (and 50 of a job). */
export const ANNOTATIONS_PER_STEP = 10;

/**
 * GitHub Actions: an `::error` per failing (rule × command), a `::warning` per known failure of the baseline
 * and per rule that passed with warnings, an `::error` per stale baseline entry, each placed in the file its first
 * finding is about or at the lint's anchor. GitHub drops what passes its caps silently: past nine of a level, one
 * annotation says how many more there are and where they all are. The markdown report is appended to
 * `$GITHUB_STEP_SUMMARY` when it is set (the caller does that: the markdown reporter's text).
 */
export function renderGithub(view: VerdictView): string {
  const notes: { level: 'error' | 'warning'; text: string }[] = [];
  const note = (v: RuleVerdict, level: 'error' | 'warning', prefix = '') => {
    const first = v.findings.find((f) => f.severity === 'error') ?? v.findings[0];
    const where = first && placeOf(view, v, first);
    const body = [
      ...v.findings.slice(0, 5).map((f) => formatFinding(f, 'line')),
      ...(v.findings.length > 5 ? [`… and ${v.findings.length - 5} more finding(s)`] : []),
      ...(first ? [`Fix: ${first.fix}`] : []),
      `Rule page: ${rulePageLink(v.rule).text}`,
    ].join('\n');
    notes.push({
      level,
      text: annotation(
        level,
        `${prefix}${verdictName(v)}: ${v.title}`,
        body,
        where
          ? { uri: where.uri, ...(where.line !== undefined ? { line: where.line } : {}) }
          : undefined,
      ),
    });
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
  for (const line of staleLines(view))
    notes.push({ level: 'error', text: annotation('error', 'stale baseline entry', line) });
  // In the report's order; past the cap of a level, its last place says how many more there are.
  const total = (level: string) => notes.filter((n) => n.level === level).length;
  const room = (level: string) =>
    total(level) > ANNOTATIONS_PER_STEP ? ANNOTATIONS_PER_STEP - 1 : ANNOTATIONS_PER_STEP;
  const shown = new Map<string, number>();
  let out = '';
  for (const n of notes) {
    const count = shown.get(n.level) ?? 0;
    if (count < room(n.level)) out += n.text;
    shown.set(n.level, count + 1);
  }
  for (const level of ['error', 'warning'] as const) {
    const more = total(level) - room(level);
    if (more > 0)
      out += annotation(
        level,
        `${more} more ${level === 'error' ? 'failure' : 'warning'}(s) not annotated`,
        `GitHub shows ${ANNOTATIONS_PER_STEP} ${level} annotations a step: these ${more} are in the job summary (the markdown report) and in every other report of this run (--reporter junit, sarif, html).`,
      );
  }
  return out;
}
