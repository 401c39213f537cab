/**
 * The reports at phone width (375 px), in Debian's headless Chromium: the HTML report's matrices scroll inside their
 * own box and the page never scrolls sideways; the markdown summary, rendered by GitHub's renderer (cmark-gfm, else
 * marked) with GitHub's table style, opens with a three-column table and folds the wide rule × command one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marked } from 'marked';
import { afterAll, describe, expect, test } from 'vitest';
import { makeFault } from '../../src/fakes/aoi/faults/index.js';
import { notes } from '../../src/fakes/aoi/notes/index.js';
import { REFERENCE_LINT_PLAN } from '../../src/fakes/aoi/notes/lint-plan.js';
import { inMemoryTarget } from '../../src/lint/aoi/memory-target.js';
import { lintProgram } from '../../src/lint/program.js';
import { programView } from '../../src/report/index.js';
import { renderHtml } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { HAS_CHROMIUM, measureWidth } from '../support/chromium.js';

const PHONE = 375;
const dir = mkdtempSync(join(tmpdir(), 'aoi-phone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A failing lint of the in-memory notes under a long unbroken command line, as a deep checkout gives one. */
const view = async () =>
  programView(
    await lintProgram(
      inMemoryTarget(notes, {
        faults: [makeFault('destructive-without-confirmation'), makeFault('leaks-argv-in-meta')],
        seed: 7,
        label: `node /home/runner/work/${'a-very-long-directory-name/'.repeat(6)}dist/cli.js`,
      }),
      { ...REFERENCE_LINT_PLAN, canarySeed: 1 },
    ),
  );

/** GitHub's renderer where the machine has it (CI installs cmark-gfm), else marked in GFM mode. */
function githubHtml(markdown: string): string {
  try {
    return execFileSync('cmark-gfm', ['-e', 'table', '-e', 'autolink'], {
      input: markdown,
    }).toString();
  } catch {
    return marked.parse(markdown, { gfm: true, async: false }) as string;
  }
}

/** A page as github.com shows a rendered markdown file: its markdown-body table rule (a table scrolls alone). */
const githubPage = (body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
body{font:16px/1.5 -apple-system,system-ui,sans-serif;margin:0;padding:16px;overflow-wrap:break-word}
table{display:block;width:max-content;max-width:100%;overflow:auto;border-spacing:0;border-collapse:collapse}
td,th{padding:6px 13px;border:1px solid #d0d7de}
code{white-space:break-spaces}
</style></head><body class="markdown-body">${body}</body></html>`;

describe.skipIf(!HAS_CHROMIUM)(`the reports at ${PHONE} px`, () => {
  test('HTML: the page never scrolls sideways; each matrix scrolls in its own box', async () => {
    const file = join(dir, 'report.html');
    writeFileSync(file, renderHtml(await view()));
    const page = measureWidth(file, PHONE);
    expect(page.innerWidth).toBe(PHONE);
    expect(page.overflowing).toEqual([]);
    expect(page.scrollWidth).toBeLessThanOrEqual(page.innerWidth);
    // The matrix is wider than the phone: it is its box that scrolls.
    expect(page.scrollers.length).toBeGreaterThan(0);
    expect(page.scrollers.some((s) => s.scrollWidth > s.clientWidth)).toBe(true);
  }, 300_000);

  test('markdown: three columns first, the wide table folded; no sideways page in GitHub’s rendering', async () => {
    const markdown = renderMarkdown(await view());
    const tables = markdown.split('\n').filter((line) => /^\|---/.test(line));
    expect(tables.map((line) => line.split('|').length - 2)).toEqual([3, 14]);
    expect(markdown).toMatch(
      /<details><summary>Every rule × command<\/summary>\n\n\| command \| AOI-01/,
    );
    expect(markdown).toMatch(/^\| delete \| \d+ of 12 \| .*❌ AOI-06/m);
    const rendered = githubHtml(markdown);
    expect(rendered.match(/<table>/g)).toHaveLength(2);
    const file = join(dir, 'summary.html');
    writeFileSync(file, githubPage(rendered));
    const page = measureWidth(file, PHONE);
    expect(page.overflowing).toEqual([]);
    expect(page.scrollWidth).toBeLessThanOrEqual(page.innerWidth);
  }, 300_000);
});
