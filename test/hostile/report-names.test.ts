import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RULE_PAGE_CDN } from '../../src/report/rule-pages.js';
import { sanitise } from '../../src/stream/sanitise.js';
import { makeCaller, PROGRAMS, runKit, type Caller, type KitRun } from './support.js';

// Issue 38, item 8: a tool whose command names carry OSC 8 and OSC 52 escapes, a CSI as the one-byte U+009B, a bidi
// override and a newline + `::add-mask::`, and whose commands print `https://…`, `www.…` and an email. The markdown
// report must link none of the tool's text; the baseline (a file meant to be committed) must hold none of those
// characters raw; and a consumer who parses the JSONL and prints a `command` must get no escape or CI command.

const HOSTILE = `${PROGRAMS}hostile.py`;
/** The only links a markdown report may hold: the kit's published rule pages (from a checkout it links none). */
const KIT_PAGES = `${RULE_PAGE_CDN}aoi-testkit@`;

let caller: Caller;
let run: KitRun;
let markdown: string;
let baseline: string;
let rerun: KitRun;

beforeAll(async () => {
  caller = makeCaller();
  const md = join(caller.root, 'report.md');
  const base = join(caller.root, 'baseline.json');
  const lint = ['lint', '--spec', 'aoi', '--env', 'HOSTILE_MODE=names'];
  run = await runKit(
    [
      ...lint,
      '--output',
      'jsonl',
      `--reporter=markdown=${md}`,
      '--write-baseline',
      base,
      '--',
      'python3',
      HOSTILE,
    ],
    caller,
  );
  markdown = readFileSync(md, 'utf8');
  baseline = readFileSync(base, 'utf8');
  rerun = await runKit([...lint, '--baseline', base, '--', 'python3', HOSTILE], caller);
}, 600_000);
afterAll(() => caller?.remove());

/** Every string in a parsed value, with where it is. */
const strings = (value: unknown, at: string): [string, string][] =>
  typeof value === 'string'
    ? [[at, value]]
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`))
      : [];

/** The links in rendered HTML. */
const hrefs = (html: string) => [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]!);

/**
 * cmark-gfm, GitHub's own renderer, where the machine has it (Debian's `cmark-gfm`). CI sets
 * AOI_TESTKIT_REQUIRE_CMARK_GFM=1 (.ci/run installs it): there a missing cmark-gfm fails instead of skipping.
 */
const cmarkGfm = (() => {
  try {
    execFileSync('cmark-gfm', ['--version'], { stdio: 'ignore' });
    return (text: string) =>
      execFileSync('cmark-gfm', ['-e', 'autolink', '-e', 'table'], { input: text }).toString();
  } catch {
    if (process.env.AOI_TESTKIT_REQUIRE_CMARK_GFM === '1')
      throw new Error(
        'cmark-gfm is required here (AOI_TESTKIT_REQUIRE_CMARK_GFM=1): apt-get install cmark-gfm',
      );
    return undefined;
  }
})();

describe('command names and text a tool chose do not act in the reports', () => {
  test('the lint ran the hostile commands and reported them', () => {
    expect(run.code).toBe(0);
    expect(markdown).toContain('evil');
    expect(markdown).toMatch(/add-mask/);
    expect(baseline).toMatch(/"command": "osc52/);
  });

  test('JSONL: every string, command names included, decodes to sanitised text', () => {
    const events = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const commands = events.flatMap((e, i) =>
      strings(e, `#${i}`).filter(([at]) => /\.commands?\b/.test(at)),
    );
    expect(commands.map(([, v]) => v)).toContain('mask\\n::add-mask::hunter2');
    const raw = events.flatMap((e, i) => strings(e, `#${i}`)).filter(([, v]) => sanitise(v) !== v);
    expect(raw).toEqual([]);
  });

  test('markdown: no link but the kit’s own rule pages, in marked (GFM) and in cmark-gfm', () => {
    const renderers = [marked.parse(markdown, { gfm: true, async: false }) as string];
    if (cmarkGfm) renderers.push(cmarkGfm(markdown));
    for (const html of renderers) {
      const links = hrefs(html);
      expect(html).toContain('docs/rules/AOI-02.md');
      expect(links.filter((href) => !href.startsWith(KIT_PAGES))).toEqual([]);
      // The text is still there, to read.
      expect(html).toContain('owner<code>@</code>evil.example');
      expect(html).toContain('https://evil.example/login');
    }
  });

  test('the baseline file holds no control, bidi or invisible character raw, and still matches', () => {
    expect(baseline.replace(/\n/g, '')).toBe(sanitise(baseline.replace(/\n/g, '')));
    expect(baseline).not.toMatch(/[\u009b\u202e\u001b\u0007]/);
    expect(baseline).toContain('"command": "csi\\u009b2J\\u202eevil"');
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toMatch(
      /4 known failure\(s\) excused, 0 failure\(s\) it does not know, 0 stale/,
    );
  });
});
