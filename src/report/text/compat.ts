/** Text for people of `compat`: the breaks (unannounced first), the compatible changes, a verdict per rule. */
import type { Contract } from '../../spec/compat/contract.js';
import { sanitise } from '../../stream/sanitise.js';
import { GREEN, painter, RED, YELLOW } from '../colour.js';
import { newFixes } from '../finding.js';
import { seeRulePages } from '../rule-pages.js';
import { baselineText, statusLabel, type ReportView } from '../view.js';

/** At most this many changes of a kind are listed; the rest are counted. */
const SHOWN = 50;

export function compatText(view: ReportView & { verb: 'compat' }, color: boolean): string {
  const { report, compared } = view;
  const paint = painter(color);
  const release = (tool: Contract['tool']) =>
    [tool.name, tool.version].filter((x) => x !== undefined).join(' ') || 'a tool';
  const breaking = report.changes.filter((c) => c.breaking);
  const out = [
    `aoi-testkit compat ${sanitise(compared.base)} → ${sanitise(compared.head)}: ${sanitise(release(report.base))} → ${sanitise(release(report.head))}, ${report.changes.length} change(s), ${breaking.length} breaking`,
  ];
  const lines = (
    title: string,
    list: typeof report.changes,
    show: (c: (typeof list)[0]) => string,
  ) => {
    if (list.length === 0) return;
    out.push(`  ${title}:`);
    for (const c of list.slice(0, SHOWN)) out.push(`    ${show(c)}`);
    if (list.length > SHOWN) out.push(`    … and ${list.length - SHOWN} more`);
  };
  lines(
    'breaking, no major version announces it',
    breaking.filter((c) => !c.announcedBy),
    (c) =>
      `${paint(RED, c.subRule!)}${c.versionUnknown ? ' (version unknown: not judged)' : ''}  ${sanitise(c.message)}`,
  );
  lines(
    'breaking, announced',
    breaking.filter((c) => c.announcedBy),
    (c) => `${paint(YELLOW, c.class)}  ${sanitise(c.message)}  (${sanitise(c.announcedBy!)})`,
  );
  lines(
    'compatible',
    report.changes.filter((c) => !c.breaking),
    (c) => `${paint(GREEN, c.class)}  ${sanitise(c.message)}`,
  );
  const fixes = new Set<string>();
  for (const v of report.verdicts)
    out.push(
      `  ${statusLabel(v)}  ${v.rule}  ${v.status === 'skip' || v.status === 'not_applicable' ? sanitise(v.reason ?? '') : v.title}`,
      ...newFixes(v.status === 'fail' ? v.findings : [], fixes).map(
        (fix) => `          fix: ${fix}`,
      ),
    );
  const failed = report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule);
  out.push(
    failed.length === 0
      ? paint(GREEN, 'compatible: no break that no major version announces')
      : paint(RED, `not compatible: ${failed.join(', ')} failed — ${seeRulePages(failed)}`),
    ...baselineText(view),
  );
  return `${out.join('\n')}\n`;
}
