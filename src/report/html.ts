import { CHARACTERISTICS } from '../checks/characteristics.js';
import type { RuleVerdict } from '../checks/verdict.js';
import type { Finding } from '../stream/finding.js';
import { sanitise } from '../stream/sanitise.js';
import { TOOL, TOOL_VERSION } from './meta.js';
import { rulePageUrl, rulePagesDir } from './rule-pages.js';
import { counts, isKnown, specOf, staleLines, viewOk, type VerdictView } from './view.js';

/** Text for HTML content or a quoted attribute: sanitised (no terminal escapes, no bidi tricks), then markup made literal. */
export const html = (text: string): string =>
  sanitise(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A cell's verdict, worst first: what a reader's eye should go to. `known` is a failure the baseline excuses. */
export const CELL_STATUSES = ['fail', 'known', 'warn', 'pass', 'skip', 'na'] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

/** Every status has a word beside its colour (colour alone says nothing to some readers, or on paper). */
export const CELL_LABELS: Record<CellStatus, string> = {
  fail: '✗ fail',
  known: '● known',
  warn: '! warn',
  pass: '✓ pass',
  skip: '– skip',
  na: 'n/a',
};

/** The background of each status; the report's CSS is built from this table (so a test can check the mapping). */
export const CELL_COLOURS: Record<CellStatus, string> = {
  fail: '#ffcdd2',
  known: '#ffe0b2',
  warn: '#fff59d',
  pass: '#c8e6c9',
  skip: '#e0e0e0',
  na: '#f5f5f5',
};

/** One verdict's status in the report. */
export function verdictStatus(view: VerdictView, v: RuleVerdict): CellStatus {
  if (v.status === 'fail') return isKnown(view, v) ? 'known' : 'fail';
  if (v.status === 'pass') return v.warnings > 0 ? 'warn' : 'pass';
  return v.status === 'skip' ? 'skip' : 'na';
}

/**
 * The status of several verdicts (a characteristic of a command is judged by every rule mapped to it): the
 * worst among them, as in `characteristicMatrix` (a failure fails it; a skip or not-applicable proves nothing
 * when another rule passed it). No verdict at all: not applicable.
 */
export function cellStatus(view: VerdictView, verdicts: readonly RuleVerdict[]): CellStatus {
  const statuses = new Set(verdicts.map((v) => verdictStatus(view, v)));
  return CELL_STATUSES.find((s) => statuses.has(s)) ?? 'na';
}

const commandLabel = (command: string) => (command === '' ? '(whole tool)' : command);
const unique = <T>(items: readonly T[]) => [...new Set(items)];

/** A cell of a matrix: coloured by class, labelled in words, a link to the block that holds its evidence. */
const cell = (status: CellStatus, anchor: string, title: string) =>
  `<td class="cell ${status}" data-status="${status}"><a href="#${anchor}" title="${html(title)}">${CELL_LABELS[status]}</a></td>`;

/**
 * Where a rule's page is: its public page (a report is an artifact, opened away from this install), else this
 * install's copy when there is one (as the text reports print), else the path in the package.
 */
function rulePage(v: RuleVerdict): string {
  const url = rulePageUrl(v.rule);
  if (url !== undefined) return `<a class="page" href="${html(url)}">${html(v.docs)}</a>`;
  const dir = rulePagesDir();
  const name = v.docs.replace(/^.*\//, '');
  if (dir === null) return `<span class="page">${html(v.docs)} (in the ${TOOL} package)</span>`;
  return `<a class="page" href="${html(new URL(`file://${dir}/${name}`).href)}">${html(v.docs)}</a>`;
}

function findingItem(f: Finding): string {
  const where =
    f.line !== undefined
      ? ` (line ${f.line}${f.endLine !== undefined ? `-${f.endLine}` : ''})`
      : '';
  const parts = [
    `<span class="sev ${f.severity}">${f.severity}</span> <code>${html(f.id)}</code>${where}: ${html(f.message)}`,
  ];
  if (f.probe) parts.push(`<div class="probe">probe: <code>${html(f.probe)}</code></div>`);
  if (f.excerpt) parts.push(`<pre class="excerpt">${html(f.excerpt)}</pre>`);
  parts.push(`<div class="fix">fix: ${html(f.fix)}</div>`);
  return `<li>${parts.join('')}</li>`;
}

/** A verdict with its evidence: status, rule, title, reason or findings, rule page. */
function verdictBlock(view: VerdictView, v: RuleVerdict): string {
  const status = verdictStatus(view, v);
  const out = [
    `<div class="verdict"><span class="tag ${status}">${CELL_LABELS[status]}</span> <strong>${html(v.rule)}</strong> ${html(v.title)} — ${rulePage(v)}`,
  ];
  if (v.reason !== undefined) out.push(`<div class="reason">${html(v.reason)}</div>`);
  for (const note of v.notes ?? []) out.push(`<div class="reason">${html(note)}</div>`);
  if (v.findings.length > 0) {
    const more = v.errors + v.warnings - v.findings.length;
    out.push(`<ul class="findings">${v.findings.map(findingItem).join('')}</ul>`);
    if (more > 0) out.push(`<div class="reason">and ${more} more occurrence(s) not kept</div>`);
  }
  out.push('</div>');
  return out.join('');
}

const evidence = (
  view: VerdictView,
  anchor: string,
  heading: string,
  verdicts: readonly RuleVerdict[],
) =>
  `<section class="evidence" id="${anchor}"><h4>${heading}</h4>${verdicts.map((v) => verdictBlock(view, v)).join('')}</section>`;

/** §18.1: a row per command, a column per characteristic; each cell the worst verdict of the rules mapped to it. */
function aoiSection(view: VerdictView, verdicts: readonly RuleVerdict[]): string {
  const commands = unique(verdicts.map((v) => v.command ?? ''));
  const rows: string[] = [];
  const blocks: string[] = [];
  commands.forEach((command, i) => {
    const mine = verdicts.filter((v) => (v.command ?? '') === command);
    const cells = CHARACTERISTICS.map((characteristic) => {
      const judging = mine.filter((v) => v.characteristics.includes(characteristic));
      const anchor = `aoi-c${i}-${characteristic}`;
      const status = cellStatus(view, judging);
      // No rule maps this characteristic to the command (Idempotent of a read-only one): nothing to link to.
      if (judging.length === 0)
        return `<td class="cell na" data-status="na" title="${html(`no rule of this run judges ${characteristic} for ${commandLabel(command)}`)}">${CELL_LABELS.na}</td>`;
      blocks.push(
        evidence(
          view,
          anchor,
          `${characteristic} × ${html(commandLabel(command))}: ${CELL_LABELS[status]}`,
          judging,
        ),
      );
      return cell(
        status,
        anchor,
        `${characteristic} × ${commandLabel(command)}: ${judging.map((v) => v.rule).join(', ')}`,
      );
    });
    rows.push(`<tr><th scope="row">${html(commandLabel(command))}</th>${cells.join('')}</tr>`);
  });
  return [
    '<section class="spec" id="spec-aoi"><h2>AOI-CLI: characteristics × commands (§18.1)</h2>',
    '<p>Each cell is the worst verdict of the rules that map to the characteristic, for that command; follow it to the evidence.</p>',
    `${scroller('characteristics × commands')}<table class="matrix"><thead><tr><th scope="col">command</th>${CHARACTERISTICS.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table></div>`,
    `<h3>Evidence</h3>${blocks.join('')}</section>`,
  ].join('\n');
}

/**
 * The box a matrix scrolls in: a matrix is as wide as its columns (ten characteristics, a column per command), wider
 * than a phone, and only the box scrolls, never the page. Focusable and named, so that a keyboard can scroll it.
 */
const scroller = (name: string) =>
  `<div class="scroll" role="region" aria-label="${html(name)}" tabindex="0">`;

/** Another spec: a row per rule, a column per command (one column when its verdicts have none). */
function specSection(view: VerdictView, spec: string, verdicts: readonly RuleVerdict[]): string {
  const rules = unique(verdicts.map((v) => v.rule));
  const commands = unique(verdicts.map((v) => v.command ?? ''));
  const blocks: string[] = [];
  const rows = rules.map((rule, r) => {
    const cells = commands.map((command, c) => {
      const judging = verdicts.filter((v) => v.rule === rule && (v.command ?? '') === command);
      const anchor = `${spec}-r${r}-c${c}`;
      if (judging.length === 0) return '<td class="cell none"></td>';
      const status = cellStatus(view, judging);
      blocks.push(
        evidence(
          view,
          anchor,
          `${html(rule)} × ${html(commandLabel(command))}: ${CELL_LABELS[status]}`,
          judging,
        ),
      );
      return cell(status, anchor, `${rule} × ${commandLabel(command)}`);
    });
    const title = verdicts.find((v) => v.rule === rule)!.title;
    return `<tr><th scope="row" title="${html(title)}">${html(rule)}</th>${cells.join('')}</tr>`;
  });
  return [
    `<section class="spec" id="spec-${spec}"><h2>${html(spec)}: rules × commands</h2>`,
    `${scroller(`${spec}: rules × commands`)}<table class="matrix"><thead><tr><th scope="col">rule</th>${commands.map((c) => `<th scope="col">${html(commandLabel(c))}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table></div>`,
    `<h3>Evidence</h3>${blocks.join('')}</section>`,
  ].join('\n');
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#1b1b1b;background:#fff;overflow-wrap:anywhere}
@media (max-width:600px){body{margin:.75em}}
.scroll{overflow-x:auto;max-width:100%}
h1{font-size:1.4em;margin:0 0 .3em}
header dl{display:grid;grid-template-columns:max-content auto;gap:.1em 1em;margin:.5em 0}
header dt{font-weight:600}
.outcome{display:inline-block;padding:.1em .6em;border-radius:.3em;font-weight:700}
.outcome.ok{background:${CELL_COLOURS.pass}}.outcome.not-ok{background:${CELL_COLOURS.fail}}
table.matrix{border-collapse:collapse;margin:.5em 0 1em}
.matrix th,.matrix td{border:1px solid #999;padding:.25em .5em;text-align:center;white-space:nowrap;overflow-wrap:normal}
.matrix th[scope=row]{text-align:left;font-family:ui-monospace,monospace;position:sticky;left:0;background:#fff}
.cell a{color:#1b1b1b;text-decoration:none;display:block}
.legend span{display:inline-block;padding:0 .5em;margin-right:.4em;border:1px solid #999}
${CELL_STATUSES.map((s) => `.cell.${s},.tag.${s},.legend .${s}{background:${CELL_COLOURS[s]}}`).join('\n')}
.tag{padding:0 .4em;border-radius:.2em;font-size:.9em}
.evidence{border-left:4px solid #ccc;margin:.6em 0;padding:.1em .8em}
.evidence:target{border-left-color:#1565c0;background:#f0f6ff}
.evidence h4{margin:.3em 0}
.verdict{margin:.3em 0}
.reason,.fix,.probe{color:#444;margin-left:1em}
pre.excerpt{background:#f5f5f5;padding:.4em;margin:.2em 0 .2em 1em;white-space:pre-wrap;word-break:break-all}
.sev.error{color:#b71c1c;font-weight:600}.sev.warning{color:#8d6e00;font-weight:600}
`;

/**
 * The conformance report as one self-contained HTML page (inline CSS, no script, no fetched resource; its
 * Content-Security-Policy forbids both): a header with the target, the kit's version, the date and the outcome;
 * for AOI the (characteristic × command) matrix of §18.1; a rule × command table for every other spec in the run;
 * each cell coloured and labelled by its verdict and linking to its evidence (findings with their masked
 * excerpts, reasons, rule pages). Everything that came from the program is sanitised and escaped.
 */
export function renderHtml(view: VerdictView, now: Date = new Date()): string {
  const ok = viewOk(view);
  const c = counts(view);
  const bySpec = new Map<string, RuleVerdict[]>();
  for (const v of view.report.verdicts)
    bySpec.set(specOf(v.rule), [...(bySpec.get(specOf(v.rule)) ?? []), v]);
  const sections = [...bySpec].map(([spec, verdicts]) =>
    spec === 'aoi' ? aoiSection(view, verdicts) : specSection(view, spec, verdicts),
  );
  const summary = [
    `${c.total} verdict(s)`,
    `${c.passed} passed`,
    `${c.failed} failed`,
    ...(c.known ? [`${c.known} known failure(s) (baseline)`] : []),
    `${c.skipped} skipped`,
    `${c.notApplicable} not applicable`,
  ];
  const stale = staleLines(view);
  const baseline = view.baseline
    ? `<dt>Baseline</dt><dd>${html(view.baseline.file)}: ${view.baseline.known.length} known failure(s) excused, ${view.baseline.unexpected.length} not known, ${view.baseline.stale.length} stale${stale.length ? `<ul>${stale.map((s) => `<li>${html(s)}</li>`).join('')}</ul>` : ''}</dd>`
    : '';
  const failures = view.report.verdicts.filter((v) => verdictStatus(view, v) === 'fail');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(`${TOOL} ${view.verb}: ${ok ? 'conformant' : 'not conformant'} — ${view.target}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${TOOL} ${view.verb}: <span class="outcome ${ok ? 'ok' : 'not-ok'}" id="outcome">${ok ? '✓ conformant' : '✗ not conformant'}</span></h1>
<dl>
<dt>Target</dt><dd><code>${html(view.target)}</code></dd>
<dt>Kit</dt><dd>${TOOL} ${TOOL_VERSION}</dd>
<dt>Date</dt><dd><time datetime="${now.toISOString()}">${now.toISOString()}</time></dd>
<dt>Result</dt><dd>${ok ? 'ok' : 'not ok'}: ${summary.join(' · ')}${view.durationMs !== undefined ? ` · ${(view.durationMs / 1000).toFixed(1)} s` : ''}</dd>
${baseline}
</dl>
<p class="legend">${CELL_STATUSES.map((s) => `<span class="${s}">${CELL_LABELS[s]}</span>`).join('')}</p>
${failures.length ? `<p>${failures.length} verdict(s) failed; their cells are marked ${CELL_LABELS.fail}.</p>` : ''}
</header>
<main>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
