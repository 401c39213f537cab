/**
 * The HTML conformance report of real lints (the reference fake; a fake that deletes without confirmation),
 * rendered by a real headless Chromium (Debian's package): the §18.1 matrix has a cell per (characteristic ×
 * command) of the JSONL summary's own matrix, with the same verdicts; each linked cell's target exists; the
 * browser paints pass and fail cells in their own colours (computed styles, read by a probe script added to a
 * copy of the page only: the report itself runs no script), and the screenshot shows them. The SVG badge is
 * parsed as XML. Needs `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, test } from 'vitest';
import { CHARACTERISTICS } from '../../src/checks/characteristics.js';
import { CELL_COLOURS, CELL_LABELS, type CellStatus } from '../../src/report/html.js';
import { REFERENCE_LINT_PLAN } from '../../src/fakes/aoi/notes/lint-plan.js';
import { dumpDom, HAS_CHROMIUM, pngColours, screenshot } from '../support/chromium.js';

import { CLI, runKit } from '../support/kit-cli.js';
const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'aoi-html-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const read = (name: string) => readFileSync(at(name), 'utf8');
const cli = (args: string[]) => runKit([...args], { timeoutMs: 290_000, cwd: ROOT });
const plan = [
  ...REFERENCE_LINT_PLAN.setup.flatMap((argv) => ['--setup', argv.map((a) => `'${a}'`).join(' ')]),
  ...REFERENCE_LINT_PLAN.invocations.flatMap((argv) => [
    '--invoke',
    argv.map((a) => `'${a}'`).join(' '),
  ]),
];
const fake = (...faults: string[]) => [
  process.execPath,
  CLI,
  'fake',
  ...faults.flatMap((f) => ['--fault', f]),
  'well-behaved',
];

interface RenderedCell {
  spec: string;
  row: string;
  column: string;
  status: CellStatus;
  label: string;
  background: string;
  href: string | null;
  target: string | null;
}

/** Added to a copy of the report (its policy forbids scripts, so the copy drops it): what the browser made of every cell, base64 JSON in a <pre>. */
const PROBE = `<pre id="aoi-probe"></pre><script>
const cells = [...document.querySelectorAll('table.matrix td.cell[data-status]')].map((td) => {
  const tr = td.parentElement;
  const link = td.querySelector('a');
  const href = link ? link.getAttribute('href') : null;
  const target = href ? document.getElementById(href.slice(1)) : null;
  return {
    spec: td.closest('section.spec').id,
    row: tr.querySelector('th').textContent,
    column: td.closest('table').querySelector('thead tr').children[[...tr.children].indexOf(td)].textContent,
    status: td.dataset.status,
    label: td.textContent,
    background: getComputedStyle(td).backgroundColor,
    href,
    target: target ? target.textContent : null,
  };
});
document.getElementById('aoi-probe').textContent = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(cells))));
</script>`;

function renderedCells(name: string): RenderedCell[] {
  const copy = at(`${name}.probe.html`);
  writeFileSync(
    copy,
    read(name)
      .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
      .replace('</body>', `${PROBE}</body>`),
  );
  const dom = dumpDom(copy);
  const encoded = /<pre id="aoi-probe">([A-Za-z0-9+/=]+)<\/pre>/.exec(dom);
  expect(encoded, 'the probe ran in Chromium').not.toBeNull();
  return JSON.parse(Buffer.from(encoded![1]!, 'base64').toString('utf8')) as RenderedCell[];
}

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const statusOfMatrix = (status: CellStatus) =>
  status === 'fail' ? 'fail' : status === 'pass' || status === 'warn' ? 'pass' : 'not_judged';

/** The AOI cells against the JSONL summary's (characteristic × command) matrix: every pair present, the same verdict. */
function expectMatrixOfSummary(cells: RenderedCell[], jsonl: string): void {
  const summary = JSON.parse(jsonl.trimEnd().split('\n').at(-1)!) as {
    characteristics: Record<string, Record<string, string>>;
  };
  const matrix = summary.characteristics;
  expect(Object.keys(matrix).length).toBeGreaterThan(5);
  const aoi = cells.filter((c) => c.spec === 'spec-aoi');
  expect(aoi).toHaveLength(Object.keys(matrix).length * CHARACTERISTICS.length);
  const rendered = Object.fromEntries(
    Object.keys(matrix).map((command) => [
      command,
      Object.fromEntries(
        CHARACTERISTICS.map((ch) => {
          const cell = aoi.find(
            (c) => c.row === (command === '' ? '(whole tool)' : command) && c.column === ch,
          );
          return [ch, cell ? statusOfMatrix(cell.status) : 'missing'];
        }),
      ),
    ]),
  );
  expect(rendered).toEqual(matrix);
}

/** Every cell painted in its status's colour and labelled with its word; every link leads to its evidence. */
function expectPaintedAndLinked(cells: RenderedCell[]): void {
  for (const cell of cells) {
    expect({
      cell: `${cell.row} × ${cell.column}`,
      background: cell.background,
      label: cell.label,
    }).toEqual({
      cell: `${cell.row} × ${cell.column}`,
      background: rgb(CELL_COLOURS[cell.status]),
      label: CELL_LABELS[cell.status],
    });
    if (cell.href !== null)
      expect(cell.target, `${cell.href} exists`).toMatch(
        new RegExp(`^\\S.*: ${CELL_LABELS[cell.status].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
  }
}

describe.skipIf(!HAS_CHROMIUM)('the HTML report in Chromium', () => {
  test(
    'the reference fake and a fake that deletes without confirmation: matrices of their summaries, painted by verdict, each failing cell linked to its finding; their badges',
    { timeout: 600_000 },
    async () => {
      // The reference fake, every spec detected: no failing cell, an exec section, a green badge.
      const clean = await cli([
        'lint',
        '--reporter',
        `html=${at('clean.html')}`,
        '--reporter',
        `jsonl=${at('clean.jsonl')}`,
        '--reporter',
        `badge=${at('clean.svg')}`,
        ...plan,
        '--',
        ...fake(),
      ]);
      expect(clean.exitCode).toBe(0);
      const cleanCells = renderedCells('clean.html');
      expectMatrixOfSummary(cleanCells, read('clean.jsonl'));
      expectPaintedAndLinked(cleanCells);
      expect(cleanCells.filter((c) => c.status === 'fail')).toEqual([]);
      expect(
        cleanCells.filter((c) => c.spec === 'spec-exec' && c.status === 'pass').length,
      ).toBeGreaterThan(5);
      const svg = read('clean.svg');
      expect(XMLValidator.validate(svg)).toBe(true);
      const badge = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
        svg,
      ) as { svg: { title: string } };
      expect(badge.svg.title).toMatch(/^AOI-CLI: \d+\/10$/);
      expect(svg).toContain('data-colour="green"');

      // The failing fake: Safe × delete fails, linked to its finding and rule page, painted apart from the pass cells.
      const failing = await cli([
        'lint',
        '--spec',
        'aoi',
        '--reporter',
        `html=${at('fail.html')}`,
        '--reporter',
        `jsonl=${at('fail.jsonl')}`,
        '--reporter',
        `badge=${at('fail.svg')}`,
        ...plan,
        '--',
        ...fake('destructive-without-confirmation'),
      ]);
      expect(failing.exitCode).toBe(1);
      const cells = renderedCells('fail.html');
      expectMatrixOfSummary(cells, read('fail.jsonl'));
      expectPaintedAndLinked(cells);
      const failed = cells.filter((c) => c.status === 'fail');
      expect(failed.map((c) => `${c.column} × ${c.row}`)).toEqual(['Safe × delete']);
      expect(failed[0]!.target).toContain('AOI-06/unconfirmed-destructive');
      expect(failed[0]!.target).toContain('docs/rules/AOI-06.md');
      expect(cells.find((c) => c.status === 'pass')!.background).not.toBe(failed[0]!.background);
      expect(read('fail.svg')).toContain('data-colour="red"');

      // The reports as shipped (their policy on, no probe): the failing one's screenshot shows far more of the fail
      // colour than the clean one's, which has it only in its legend; both show the pass colour.
      const [failShot, cleanShot] = [
        screenshot(at('fail.html'), 1400, 1000),
        screenshot(at('clean.html'), 1400, 1000),
      ].map(pngColours);
      expect(failShot!.get(CELL_COLOURS.pass) ?? 0).toBeGreaterThan(5_000);
      expect(cleanShot!.get(CELL_COLOURS.pass) ?? 0).toBeGreaterThan(5_000);
      expect(
        (failShot!.get(CELL_COLOURS.fail) ?? 0) - (cleanShot!.get(CELL_COLOURS.fail) ?? 0),
      ).toBeGreaterThan(1_000);
    },
  );
});
