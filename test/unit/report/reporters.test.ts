/** Each reporter on hand-made reports: structure, escaping, sanitising, masking, the baseline's marks. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHARACTERISTICS } from '../../../src/checks/characteristics.js';
import { VerdictCollector, type Report } from '../../../src/checks/verdict.js';
import { parseReporters } from '../../../src/cli/reporting.js';
import { readBaseline, stepSummary } from '../../../src/verbs/deliver.js';
import { applyBaseline, baselineOf, type BaselineFile } from '../../../src/report/baseline.js';
import { commandData, commandProperty, renderGithub } from '../../../src/report/github.js';
import { renderJunit, xml as xmlText } from '../../../src/report/junit.js';
import { badgeText, renderBadge } from '../../../src/report/badge.js';
import { CELL_COLOURS, CELL_LABELS, CELL_STATUSES, renderHtml } from '../../../src/report/html.js';
import { renderMarkdown } from '../../../src/report/markdown.js';
import { renderSarif } from '../../../src/report/sarif.js';
import { aoiText } from '../../../src/report/text/lint.js';
import { REPORTERS } from '../../../src/report/reporters.js';
import { getSubRule } from '../../../src/spec/rules.js';
import type { LintReport } from '../../../src/lint/aoi/lint.js';
import { locateFindings, type ReportView, type VerdictView } from '../../../src/report/view.js';
import type { Finding } from '../../../src/stream/finding.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { HAS_XMLLINT, parseJunit, sarifProblems, xsdProblems } from '../../support/reporters.js';

const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
/** A rule's page as the reports link it from this checkout: the local page (an install links the registry's copy). */
const pageUrl = (rule: string) => new URL(`../../../docs/rules/${rule}.md`, import.meta.url).href;
const EVIL = 'de\u001b[31mlete\u202e'; // a command name with a colour escape and a bidi override

/** lint-like: two commands × AOI-02, AOI-03, AOI-06; one failure per command, a skip, a not-applicable, a warning. */
function lintReport(): Report {
  const c = new VerdictCollector({
    secrets: [SECRET],
    unrecorded: { notApplicable: 'no probe concerned it' },
  });
  c.add(
    'AOI-02/ansi',
    'line 2 contains ANSI escape codes',
    { line: 2, text: `\u001b[31mtoken=${SECRET}\u001b[0m` },
    'list',
  );
  c.skip('AOI-03', 'capabilities --output json failed', 'list');
  c.notApplicable('AOI-06', 'list is not destructive', 'list');
  c.exercised('AOI-02', EVIL);
  c.add(
    'AOI-03/count-mismatch',
    'summary.count is 3 but the stream carried 2 item event(s)',
    { line: 4 },
    EVIL,
  );
  c.add(
    'AOI-06/unconfirmed-destructive',
    `deleted without --confirm: 100%, really: yes, key ${SECRET}`,
    { probe: `${EVIL} n_1` },
    EVIL,
  );
  return c.report(['AOI-02', 'AOI-03', 'AOI-06'], ['list', EVIL]);
}
const view = (report: Report = lintReport(), extra: Partial<VerdictView> = {}): ReportView =>
  ({
    verb: 'lint',
    target: `mytool --flag`,
    report,
    durationMs: 1234,
    ...extra,
  }) as unknown as ReportView;
/** `locations` of a view whose findings with a line point into `uri`. */
const inFile = (report: Report, uri: string) =>
  locateFindings(report, (f: Finding) =>
    f.line !== undefined ? { uri, line: f.line } : undefined,
  );
const withBaseline = (report: Report, baseline: BaselineFile): ReportView =>
  view(report, { baseline: applyBaseline(report, baseline, 'aoi-baseline.json') });

/** Nothing the program printed reaches a terminal raw, and no secret at all. */
function expectSafe(text: string): void {
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/[\u001b\u009b\u202e]/);
}

describe('junit', () => {
  test('a testcase per (rule × command): failure with the findings, skipped with the reason', () => {
    const xml = renderJunit(view());
    expectSafe(xml);
    const { testsuites } = parseJunit(xml);
    expect(testsuites).toMatchObject({ tests: 6, failures: 2, skipped: 2 });
    const [suite] = testsuites.testsuite;
    expect(suite!.name).toBe('aoi-testkit lint mytool --flag [aoi]');
    expect(suite!.testcase).toHaveLength(6);
    const byName = new Map(suite!.testcase.map((c) => [c.name.split(':')[0], c]));
    expect(byName.get('AOI-02 list')!.failure).toMatchObject({
      type: 'AOI-02/ansi',
      message: expect.stringContaining('line 2 contains ANSI escape codes'),
    });
    expect(byName.get('AOI-02 list')!.failure!.text).toContain('\\u001b[31mtoken=');
    expect(byName.get('AOI-03 list')!.skipped!.message).toBe(
      'skip: capabilities --output json failed',
    );
    expect(byName.get('AOI-06 list')!.skipped!.message).toBe(
      'not applicable: list is not destructive',
    );
    const del = suite!.testcase.filter(
      (c) => c.name.startsWith('AOI-0') && c.name.includes('\\u001b[31mlete'),
    );
    expect(del.map((c) => c.name.split(':')[0])).toEqual([
      'AOI-02 de\\u001b[31mlete\\u202e',
      'AOI-03 de\\u001b[31mlete\\u202e',
      'AOI-06 de\\u001b[31mlete\\u202e',
    ]);
    // The pass with a warning keeps it in system-out; the failure names the first error.
    expect(del[1]!.failure).toBeUndefined();
    expect(del[1]!['system-out']).toContain('AOI-03/count-mismatch');
    expect(del[2]!.failure!.type).toBe('AOI-06/unconfirmed-destructive');
  });

  test.skipIf(!HAS_XMLLINT)(
    'valid against the JUnit XSD, which rejects a testcase without a name',
    () => {
      expect(xsdProblems(renderJunit(view()))).toBeUndefined();
      expect(
        xsdProblems(
          renderJunit(
            withBaseline(lintReport(), {
              aoi_testkit_baseline: 1,
              known_failures: [
                { rule: 'AOI-02', command: 'list', sub_rule: 'AOI-02/ansi' },
                { rule: 'AOI-02', command: EVIL, sub_rule: 'AOI-02/ansi' },
              ],
            }),
          ),
        ),
      ).toBeUndefined();
      expect(
        xsdProblems(
          '<testsuites><testsuite name="x" tests="1"><testcase classname="c"/></testsuite></testsuites>',
        ),
      ).toMatch(/name/);
    },
  );

  test('the parser refuses what is not XML (the check can fail)', () => {
    expect(() => parseJunit('<testsuites><testsuite name="a & b" tests="0"></testsuites>')).toThrow(
      /not well-formed/,
    );
  });

  test('markup in names and messages is escaped', () => {
    const c = new VerdictCollector();
    c.add(
      'AOI-02/prose',
      'a <b>"quoted"</b> & \'so\' line',
      { line: 1, text: '</testcase><x>' },
      'a<b>&"c"',
    );
    const xml = renderJunit(view(c.report(['AOI-02'], ['a<b>&"c"'])));
    const { testsuites } = parseJunit(xml);
    expect(testsuites.testsuite[0]!.testcase[0]!.name).toBe(
      'AOI-02 a<b>&"c": Machine mode emits only valid JSONL objects, each with a type',
    );
    expect(testsuites.testsuite[0]!.testcase[0]!.failure!.text).toContain('</testcase><x>');
  });

  test('a known failure is skipped, saying so; a stale entry is a failing testcase of its own suite', () => {
    const report = lintReport();
    const xml = renderJunit(
      withBaseline(report, {
        aoi_testkit_baseline: 1,
        known_failures: [
          { rule: 'AOI-02', command: 'list', sub_rule: 'AOI-02/ansi' },
          { rule: 'AOI-02', command: EVIL, sub_rule: 'AOI-02/ansi' },
        ],
      }),
    );
    expectSafe(xml);
    const { testsuites } = parseJunit(xml);
    expect(testsuites).toMatchObject({ tests: 7, failures: 2, skipped: 3 });
    const known = testsuites.testsuite[0]!.testcase.find((c) => c.name.startsWith('AOI-02 list'))!;
    expect(known.failure).toBeUndefined();
    expect(known.skipped!.message).toMatch(/^known failure \(baseline aoi-baseline\.json\)/);
    const stale = testsuites.testsuite[1]!;
    expect(stale).toMatchObject({
      name: 'aoi-testkit lint mytool --flag [baseline aoi-baseline.json]',
      tests: 1,
      failures: 1,
    });
    expect(stale.testcase[0]!.failure!.message).toBe(
      'stale baseline entry: AOI-02/ansi de\\u001b[31mlete\\u202e no longer fails; remove it from aoi-baseline.json',
    );
  });
});

describe('github', () => {
  test('workflow-command escaping: % CR LF in data; also : and , in properties', () => {
    expect(commandData('100% done\nnext')).toBe('100%25 done%0Anext');
    expect(commandData('a\rb')).toBe('a\\rb'); // a CR from the program is sanitised to a visible escape first
    expect(commandProperty('AOI-06: x, y')).toBe('AOI-06%3A x%2C y');
  });

  test('an ::error per failure, a ::warning per rule with warnings; one command per line, nothing raw', () => {
    const report = lintReport();
    const out = renderGithub(view(report, { locations: inFile(report, 'run.jsonl') }));
    expectSafe(out);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^::error file=run\.jsonl,line=2,title=AOI-02 list%3A Machine mode emits only valid JSONL objects%2C each with a type::AOI-02\/ansi \(line 2\): line 2 contains ANSI escape codes — \\u001b\[31mtoken=/,
    );
    expect(lines[1]).toMatch(
      /^::warning file=run\.jsonl,line=4,title=AOI-03 de\\u001b\[31mlete\\u202e%3A /,
    );
    expect(lines[2]).toMatch(
      /^::error title=AOI-06 de\\u001b\[31mlete\\u202e%3A .*::AOI-06\/unconfirmed-destructive: deleted without --confirm: 100%25, really: yes, key \*+/,
    );
    expect(lines[2]).toContain(`%0ARule page: ${commandData(pageUrl('AOI-06'))}`);
  });

  test("past GitHub's cap of ten a level a step, one annotation says how many more and where they are", () => {
    const c = new VerdictCollector({});
    const commands = Array.from({ length: 25 }, (_, i) => `cmd${i}`);
    for (const cmd of commands)
      c.add('AOI-06/unconfirmed-destructive', `deleted ${cmd} without --confirm`, {}, cmd);
    c.add('AOI-03/count-mismatch', 'summary.count is 3 but 2 items', { line: 4 }, 'cmd0');
    const lines = renderGithub(
      view(c.report(['AOI-03', 'AOI-06'], commands), { anchor: { uri: 'bin/tool.py', line: 1 } }),
    )
      .trimEnd()
      .split('\n');
    const errors = lines.filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(10);
    expect(errors.slice(0, 9).map((l) => /title=AOI-06 (cmd\d+)/.exec(l)?.[1])).toEqual(
      commands.slice(0, 9),
    );
    expect(errors[9]).toMatch(
      /^::error title=16 more failure\(s\) not annotated::GitHub shows 10 error annotations a step: these 16 are in the job summary/,
    );
    // Placed at the anchor, with the fix.
    expect(errors[0]).toMatch(/^::error file=bin\/tool\.py,line=1,title=/);
    expect(errors[0]).toContain('%0AFix: ');
    expect(lines.filter((l) => l.startsWith('::warning'))).toHaveLength(1);
    // At the cap exactly, nothing is folded.
    const ten = new VerdictCollector({});
    for (const cmd of commands.slice(0, 10))
      ten.add('AOI-06/unconfirmed-destructive', 'x', {}, cmd);
    const out = renderGithub(view(ten.report(['AOI-06'], commands.slice(0, 10))));
    expect(out.trimEnd().split('\n')).toHaveLength(10);
    expect(out).not.toContain('not annotated');
  });

  test('known failures are warnings, stale entries errors; the summary goes to $GITHUB_STEP_SUMMARY', () => {
    const v = withBaseline(lintReport(), {
      aoi_testkit_baseline: 1,
      known_failures: [
        { rule: 'AOI-06', command: EVIL, sub_rule: 'AOI-06/unconfirmed-destructive' },
        { rule: 'AOI-03', command: EVIL, sub_rule: 'AOI-03/count-mismatch' },
      ],
    });
    const lines = renderGithub(v).trimEnd().split('\n');
    expect(lines.map((l) => l.split(' ')[0])).toEqual([
      '::error',
      '::warning',
      '::warning',
      '::error',
    ]);
    expect(lines[2]).toContain('title=known failure (baseline)%3A AOI-06');
    expect(lines[3]).toBe(
      '::error title=stale baseline entry::AOI-03/count-mismatch (de\\u001b[31mlete\\u202e) no longer fails: remove it from aoi-baseline.json',
    );
    const summary = join(mkdtempSync(join(tmpdir(), 'aoi-gh-')), 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    stepSummary(v, { GITHUB_STEP_SUMMARY: summary });
    stepSummary(v, {}); // not set: nothing to do
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# earlier step\n## aoi-testkit lint: ❌ not conformant')).toBe(true);
  });
});

describe('fix lines', () => {
  // AOI-02/ansi fails on two commands, AOI-02/prose beside it on one.
  const twice = (): Report => {
    const c = new VerdictCollector();
    c.add(
      'AOI-02/ansi',
      'line 2 contains ANSI escape codes',
      { line: 2, text: '\u001b[1mx' },
      'list',
    );
    c.add('AOI-02/prose', 'line 3 is plain text', { line: 3, text: 'hello' }, 'list');
    c.add(
      'AOI-02/ansi',
      'line 1 contains ANSI escape codes',
      { line: 1, text: '\u001b[1my' },
      'get',
    );
    return c.report(['AOI-02'], ['list', 'get']);
  };
  const ANSI = getSubRule('AOI-02/ansi').fix;
  const PROSE = getSubRule('AOI-02/prose').fix;
  const count = (text: string, needle: string) => text.split(needle).length - 1;

  test("text: each failing sub-rule's fix once in the report, after the findings it fixes", () => {
    const report = twice();
    const text = aoiText(
      {
        ...report,
        target: 'mytool',
        commands: ['list', 'get'],
        probes: 2,
        durationMs: 1,
        strict: false,
      } as unknown as LintReport,
      false,
    );
    expect(count(text, `fix: ${ANSI}`)).toBe(1);
    expect(count(text, `fix: ${PROSE}`)).toBe(1);
    const lines = text.split('\n');
    const fix = lines.findIndex((line) => line.includes(`fix: ${ANSI}`));
    expect(lines[fix - 1]).toContain('hello'); // under list's findings, the last of them
    expect(lines[fix + 1]).toContain(`fix: ${PROSE}`);
    // check's text too.
    const check = REPORTERS.text.render({
      verb: 'check',
      target: 'x.jsonl',
      report: { ...twice(), stats: { lines: 3, events: 0 } },
    } as unknown as ReportView);
    expect(count(check, `fix: ${ANSI}`)).toBe(1);
  });

  test('markdown: each fix once in the summary, as an item under its first failure', () => {
    const md = renderMarkdown(view(twice()));
    expect(count(md, `  - fix: ${ANSI.replace(/[\\`*_[\]<>|#!~]/g, (c) => `\\${c}`)}`)).toBe(1);
    expect(md).toMatch(/- \*\*AOI-02 list\*\*[^\n]*\n(?: {2}- .*\n){3} {2}- fix: /);
  });

  test('JUnit: every failing testcase has the fixes of its own sub-rules (a test tab shows one testcase alone)', () => {
    const { testsuites } = parseJunit(renderJunit(view(twice())));
    const [list, get] = testsuites.testsuite[0]!.testcase;
    expect(list!.failure!.text).toContain(
      `fix (AOI-02/ansi): ${ANSI}\nfix (AOI-02/prose): ${PROSE}\nRule page:`,
    );
    expect(get!.failure!.text).toContain(`fix: ${ANSI}\nRule page:`);
  });
});

describe('markdown', () => {
  test('a rules × commands table, then the failures with their findings', () => {
    const md = renderMarkdown(view());
    expectSafe(md);
    const lines = md.split('\n');
    expect(lines[0]).toBe('## aoi-testkit lint: ❌ not conformant');
    expect(lines).toContain('| command | AOI-02 | AOI-03 | AOI-06 |');
    expect(lines).toContain('| list | ❌ fail | ⏭️ skip | ➖ n/a |');
    expect(lines).toContain('| de\\\\u001b\\[31mlete\\\\u202e | ✅ pass | ⚠️ warn | ❌ fail |');
    expect(md).toContain('### Failures');
    expect(md).toContain(
      '  - AOI-06/unconfirmed-destructive: deleted without --confirm: 100%, really: yes, key ',
    );
    expect(md).toContain('### Skipped\n\n- **AOI-03 list**');
    // From a checkout the rule page is its place as code: a file:// link would be emptied where the summary is read.
    expect(md).toContain(`(\`${pageUrl('AOI-06')}\`)`);
    expect(md).not.toContain('](file:');
  });

  test('one row per rule when the verdicts have no command; a pipe cannot break the table', () => {
    const c = new VerdictCollector();
    c.add('AOI-02/prose', 'a | b', { line: 1, text: '| x |' });
    const md = renderMarkdown({
      verb: 'check',
      target: 'run|x.jsonl',
      report: c.report(['AOI-02', 'AOI-03']),
    });
    expect(md).toContain('| rule | verdict | title |');
    expect(md).toContain('| AOI-03 | ✅ pass |');
    expect(md).toContain('a \\| b');
  });

  test('known failures and stale entries have their sections', () => {
    const md = renderMarkdown(
      withBaseline(lintReport(), {
        aoi_testkit_baseline: 1,
        known_failures: [
          { rule: 'AOI-02', command: 'list', sub_rule: 'AOI-02/ansi' },
          { rule: 'AOI-02', command: EVIL, sub_rule: 'AOI-02/ansi' },
        ],
      }),
    );
    expect(md).toContain('| list | 🟡 known | ⏭️ skip | ➖ n/a |');
    expect(md).toContain('### Known failures (baseline aoi-baseline.json)');
    expect(md).toContain('### Stale baseline entries');
  });
});

describe('sarif', () => {
  test('valid SARIF 2.1.0: a result per finding, located in the file where there is one, at the command otherwise', () => {
    const report = lintReport();
    const text = renderSarif(view(report, { locations: inFile(report, 'fixtures/run one.jsonl') }));
    expectSafe(text);
    const log = JSON.parse(text);
    expect(sarifProblems(log)).toEqual([]);
    const [run] = log.runs;
    expect(
      run.results.map((r: { ruleId: string; level: string }) => `${r.ruleId} ${r.level}`),
    ).toEqual([
      'AOI-02/ansi error',
      'AOI-03/count-mismatch warning',
      'AOI-06/unconfirmed-destructive error',
    ]);
    expect(
      run.results.map((r: { ruleIndex: number }) => run.tool.driver.rules[r.ruleIndex].id),
    ).toEqual(['AOI-02/ansi', 'AOI-03/count-mismatch', 'AOI-06/unconfirmed-destructive']);
    expect(run.results[0].locations[0]).toMatchObject({
      physicalLocation: {
        artifactLocation: { uri: 'fixtures/run%20one.jsonl' },
        region: { startLine: 2 },
      },
      logicalLocations: [{ name: 'list' }],
    });
    expect(run.results[2].locations[0].physicalLocation).toBeUndefined();
    expect(run.results[2].message.text).toContain('Probe: de\\u001b[31mlete\\u202e n_1');
    // Each rule's help links its public page (code scanning shows it beside the alert).
    expect(run.tool.driver.rules.map((r: { helpUri: string }) => r.helpUri)).toEqual([
      pageUrl('AOI-02'),
      pageUrl('AOI-03'),
      pageUrl('AOI-06'),
    ]);
    expect(run.tool.driver.rules[0].help.text).toContain(`Rule page: ${pageUrl('AOI-02')}`);
  });

  test('with a baseline: known results are notes, unchanged; stale entries are error notifications; still valid', () => {
    const log = JSON.parse(
      renderSarif(
        withBaseline(lintReport(), {
          aoi_testkit_baseline: 1,
          known_failures: [
            { rule: 'AOI-02', command: 'list', sub_rule: 'AOI-02/ansi' },
            { rule: 'AOI-03', command: 'list', sub_rule: 'AOI-03/timed-out' },
            { rule: 'AOI-02', command: EVIL, sub_rule: 'AOI-02/ansi' },
          ],
        }),
      ),
    );
    expect(sarifProblems(log)).toEqual([]);
    expect(
      log.runs[0].results.map(
        (r: { level: string; baselineState: string }) => `${r.level} ${r.baselineState}`,
      ),
    ).toEqual(['note unchanged', 'warning unchanged', 'error new']);
    expect(log.runs[0].invocations[0].toolExecutionNotifications).toEqual([
      {
        level: 'error',
        message: { text: expect.stringMatching(/^stale baseline entry: AOI-02\/ansi/) },
        descriptor: { id: 'baseline-stale' },
      },
    ]);
  });

  test('a program lint: every result placed (its own file, else the anchor) with a fingerprint the same in every run', () => {
    const anchored = (report: Report) =>
      JSON.parse(
        renderSarif(
          view(report, {
            locations: locateFindings(report, (f) =>
              f.id === 'AOI-02/ansi' ? { uri: 'run.jsonl', line: 2 } : undefined,
            ),
            anchor: { uri: 'package.json', line: 7 },
          }),
        ),
      ).runs[0];
    const run = anchored(lintReport());
    expect(sarifProblems({ version: '2.1.0', runs: [run] })).toEqual([]);
    expect(
      run.results.map(
        (r: {
          locations: { physicalLocation: { artifactLocation: { uri: string }; region: object } }[];
        }) => [
          r.locations[0]!.physicalLocation.artifactLocation.uri,
          r.locations[0]!.physicalLocation.region,
        ],
      ),
    ).toEqual([
      ['run.jsonl', { startLine: 2, snippet: { text: expect.any(String) } }],
      ['package.json', { startLine: 7 }],
      ['package.json', { startLine: 7 }],
    ]);
    // The output's line and excerpt stay in the message where the place is not the output.
    expect(run.results[1].message.text).toContain('Line 4 of the output');
    const prints = (r: { results: { partialFingerprints: Record<string, string> }[] }) =>
      r.results.map((x) => x.partialFingerprints['aoiTestkitFinding/v1']);
    expect(new Set(prints(run)).size).toBe(3);
    for (const p of prints(run)) expect(p).toMatch(/^[0-9a-f]{32}$/);
    // Another run whose messages differ (a count, a timing) is the same alert; another command is not.
    const other = new VerdictCollector({ secrets: [SECRET] });
    other.add('AOI-02/ansi', 'line 2 contains ANSI escape codes (again)', { line: 2 }, 'list');
    other.add('AOI-03/count-mismatch', 'summary.count is 9 but 1 item', { line: 4 }, EVIL);
    other.add('AOI-03/count-mismatch', 'summary.count is 9 but 1 item', { line: 4 }, 'list');
    const again = anchored(other.report(['AOI-02', 'AOI-03'], ['list', EVIL]));
    const byWhat = (r: {
      results: {
        ruleId: string;
        properties: { command: string };
        partialFingerprints: Record<string, string>;
      }[];
    }) =>
      Object.fromEntries(
        r.results.map((x) => [
          `${x.ruleId} ${x.properties.command}`,
          x.partialFingerprints['aoiTestkitFinding/v1'],
        ]),
      );
    const before = byWhat(run);
    const after = byWhat(again);
    expect(after['AOI-02/ansi list']).toBe(before['AOI-02/ansi list']);
    const evil = `AOI-03/count-mismatch ${JSON.parse(JSON.stringify(run.results[1].properties.command))}`;
    expect(after[evil]).toBe(before[evil]);
    expect(after['AOI-03/count-mismatch list']).not.toBe(before[evil]);
  });

  test('the schema check can fail', () => {
    const log = JSON.parse(renderSarif(view()));
    expect(sarifProblems({ ...log, version: '2.0.0' })).not.toEqual([]);
    log.runs[0].results[0].level = 'fatal';
    expect(sarifProblems(log)).not.toEqual([]);
  });
});

/** The matrix of an HTML report: each row's header and its cells' status and link (undefined: a cell without one). */
function matrixRows(
  page: string,
  section: string,
): { row: string; cells: { status: string; href?: string }[] }[] {
  const body = page.slice(page.indexOf(`id="spec-${section}"`)).split('</tbody>')[0]!;
  return [...body.matchAll(/<tr><th scope="row"[^>]*>(.*?)<\/th>(.*?)<\/tr>/g)].map(
    ([, row, cells]) => ({
      row: row!,
      cells: [...cells!.matchAll(/<td class="cell (\w+)"[^>]*>(?:<a href="#([^"]+)")?/g)].map(
        ([, status, href]) => ({ status: status!, ...(href ? { href } : {}) }),
      ),
    }),
  );
}

/** The elements an HTML report is made of: anything else in it was injected. */
const HTML_ELEMENTS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'header',
  'main',
  'h1',
  'h2',
  'h3',
  'h4',
  'dl',
  'dt',
  'dd',
  'code',
  'time',
  'span',
  'p',
  'section',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'div',
  'strong',
  'ul',
  'li',
  'pre',
]);

describe('html', () => {
  test('the §18.1 matrix: a row per command, a cell per characteristic, coloured and labelled by the worst verdict, linked to its evidence', () => {
    const page = renderHtml(view(), new Date('2026-01-02T03:04:05Z'));
    expectSafe(page);
    expect(page).toContain('<dt>Kit</dt><dd>aoi-testkit 0.1.0</dd>');
    expect(page).toContain('<time datetime="2026-01-02T03:04:05.000Z">');
    expect(page).toContain('<span class="outcome not-ok" id="outcome">✗ not conformant</span>');
    const rows = matrixRows(page, 'aoi');
    expect(rows.map((r) => r.row)).toEqual(['list', 'de\\u001b[31mlete\\u202e']);
    expect(rows.every((r) => r.cells.length === CHARACTERISTICS.length)).toBe(true);
    // AOI-02 maps to Typed, AOI-03 to Verifiable, AOI-06 to Safe; no rule of this run to the other seven.
    const at = (row: number, characteristic: string) =>
      rows[row]!.cells[CHARACTERISTICS.indexOf(characteristic as never)]!;
    expect([at(0, 'Typed'), at(0, 'Verifiable'), at(0, 'Safe'), at(0, 'Bounded')]).toEqual([
      { status: 'fail', href: 'aoi-c0-Typed' },
      { status: 'skip', href: 'aoi-c0-Verifiable' },
      { status: 'na', href: 'aoi-c0-Safe' },
      { status: 'na' },
    ]);
    expect([at(1, 'Typed').status, at(1, 'Verifiable').status, at(1, 'Safe').status]).toEqual([
      'pass',
      'warn',
      'fail',
    ]);
    // Every link has its target, and a failing cell's target holds the finding: message, masked excerpt, rule page.
    for (const { href } of rows.flatMap((r) => r.cells))
      if (href) expect(page).toContain(`id="${href}"`);
    const typed = page.slice(page.indexOf('id="aoi-c0-Typed"')).split('</section>')[0]!;
    expect(typed).toContain('<code>AOI-02/ansi</code> (line 2): line 2 contains ANSI escape codes');
    expect(typed).toMatch(/<pre class="excerpt">\\u001b\[31mtoken=\*+\\u001b\[0m<\/pre>/);
    // The rule page opens wherever the report is opened (a CI artifact): its public URL, not this install's file.
    expect(typed).toContain(`<a class="page" href="${pageUrl('AOI-02')}">docs/rules/AOI-02.md</a>`);
    expect(page.slice(page.indexOf('id="aoi-c0-Verifiable"')).split('</section>')[0]).toContain(
      'capabilities --output json failed',
    );
    // The colour of each status is its own, and each has its word.
    expect(new Set(Object.values(CELL_COLOURS)).size).toBe(CELL_STATUSES.length);
    for (const status of CELL_STATUSES)
      expect(page).toContain(
        `.cell.${status},.tag.${status},.legend .${status}{background:${CELL_COLOURS[status]}}`,
      );
    expect(page).toContain(`>${CELL_LABELS.fail}</a></td>`);
  });

  test('whatever the program printed is inert: markup, quotes, terminal escapes and bidi overrides escaped, secrets masked, nothing fetched or run', () => {
    const hostileCommand = 'x"><img src=x onerror=alert(1)>';
    const c = new VerdictCollector({ secrets: [SECRET] });
    c.add(
      'AOI-02/prose',
      `<script>alert("${SECRET}")</script> "quoted" \u001b]8;;http://evil.example\u0007link\u001b]8;;\u0007 \u202eevil\u009b31m`,
      { line: 3, text: `</pre><script>steal('${SECRET}')</script>\u202e` },
      hostileCommand,
    );
    c.add(
      'CMDHELP-01/missing',
      `<style>body{background:url(http://evil.example/x)}</style> ${SECRET}`,
      {},
      hostileCommand,
    );
    const page = renderHtml(
      view(c.report(['AOI-02', 'CMDHELP-01'], [hostileCommand]), {
        target: `mytool --token ${SECRET.replace(/./g, '*')} <b>`,
      }),
    );
    expectSafe(page);
    expect(page).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(page).toContain('&lt;script&gt;alert(&quot;');
    expect(page).toContain('&lt;/pre&gt;&lt;script&gt;steal(&#39;');
    expect(page).toContain('\\u001b]8;;http://evil.example\\u0007link');
    expect(page).toContain('x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    // Only the report's own elements, one style sheet, no script, nothing that loads anything.
    const elements = new Set(
      [...page.matchAll(/<([a-zA-Z][\w-]*)/g)].map(([, name]) => name!.toLowerCase()),
    );
    expect([...elements].filter((e) => !HTML_ELEMENTS.has(e))).toEqual([]);
    expect(page.match(/<style>/g)).toHaveLength(1);
    // Every `<` the program printed is escaped, so each raw tag is the report's own: none loads or runs anything.
    const tags = [...page.matchAll(/<[a-zA-Z][^>]*>/g)].map(([tag]) => tag);
    const attributeNames = new Set(
      tags.flatMap((tag) =>
        [...tag.replace(/"[^"]*"/g, '').matchAll(/\s([\w-]+)=/g)].map(([, name]) => name),
      ),
    );
    const ownAttributes = new Set([
      'aria-label',
      'charset',
      'class',
      'content',
      'data-status',
      'datetime',
      'href',
      'http-equiv',
      'id',
      'lang',
      'name',
      'role',
      'scope',
      'tabindex',
      'title',
    ]);
    expect([...attributeNames].filter((name) => !ownAttributes.has(name!))).toEqual([]);
    // Links go to the report's own anchors or to the rule pages (navigation on a click, nothing loaded).
    const hrefs = tags.flatMap((tag) =>
      [...tag.matchAll(/href="([^"]*)"/g)].map(([, href]) => href!),
    );
    expect(
      hrefs.filter(
        (href) =>
          !href.startsWith('#') && !/^file:\/\/\/.+\/docs\/rules\/[A-Z]+-\d+\.md$/.test(href),
      ),
    ).toEqual([]);
    expect(hrefs).toContain(pageUrl('AOI-02'));
    expect(page.split('<style>')[1]!.split('</style>')[0]).not.toMatch(/url\(|@import/);
    expect(page).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
  });

  test('another spec is a rule × command table; a known failure of the baseline is its own status', () => {
    const c = new VerdictCollector();
    c.add('CMDHELP-01/missing', 'no capability line', {});
    const cmdhelp = c.report(['CMDHELP-01', 'CMDHELP-02']);
    const page = renderHtml(
      view({ ...cmdhelp, verdicts: [...lintReport().verdicts, ...cmdhelp.verdicts] }),
    );
    expect(matrixRows(page, 'cmdhelp')).toEqual([
      { row: 'CMDHELP-01', cells: [{ status: 'fail', href: 'cmdhelp-r0-c0' }] },
      { row: 'CMDHELP-02', cells: [{ status: 'pass', href: 'cmdhelp-r1-c0' }] },
    ]);
    expect(page).toContain('<th scope="col">(whole tool)</th>');
    const known = renderHtml(
      withBaseline(lintReport(), {
        aoi_testkit_baseline: 1,
        known_failures: [{ rule: 'AOI-02', command: 'list', sub_rule: 'AOI-02/ansi' }],
      }),
    );
    expect(matrixRows(known, 'aoi')[0]!.cells[0]).toEqual({
      status: 'known',
      href: 'aoi-c0-Typed',
    });
    expect(known).toContain('<dt>Baseline</dt><dd>aoi-baseline.json: 1 known failure(s) excused');
  });
});

describe('badge', () => {
  const parse = (svg: string) => {
    expect(XMLValidator.validate(svg)).toBe(true);
    return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg) as {
      svg: { 'aria-label': string; title: string; g: { rect: { fill: string }[] }[] };
    };
  };

  test('AOI: the conformant characteristics of ten, red when one fails, green when none does, yellow when the baseline excuses the failures', () => {
    // lintReport: Typed and Safe fail; Verifiable passes (with a warning) for one command and is skipped for the other.
    const red = parse(renderBadge(view()));
    expect(red.svg['aria-label']).toBe('AOI-CLI: 1/10');
    expect(red.svg.g[0]!.rect[1]!.fill).toBe('#e05d44');
    const c = new VerdictCollector();
    c.exercised('AOI-02', 'list');
    c.exercised('AOI-06', 'delete');
    expect(badgeText(view(c.report(['AOI-02', 'AOI-06'], ['list', 'delete'])))).toEqual({
      label: 'AOI-CLI',
      message: '2/10',
      colour: 'green',
    });
    const excused = withBaseline(lintReport(), {
      aoi_testkit_baseline: 1,
      known_failures: [
        { rule: 'AOI-02', command: 'list', sub_rule: 'AOI-02/ansi' },
        { rule: 'AOI-06', command: EVIL, sub_rule: 'AOI-06/unconfirmed-destructive' },
      ],
    });
    expect(badgeText(excused)).toEqual({ label: 'AOI-CLI', message: '1/10', colour: 'yellow' });
  });

  test('without AOI verdicts: conformant or not; markup in a label is escaped', () => {
    const c = new VerdictCollector();
    c.add('AGENTCLI-01/duplicate-key', 'x', { line: 1 });
    const svg = renderBadge({
      verb: 'manifest',
      target: 'AGENT-CLI.md',
      report: c.report(['AGENTCLI-01']),
    });
    expect(parse(svg).svg.title).toBe('aoi-testkit manifest: not conformant');
    expect(xmlText('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
  });
});

describe('baseline', () => {
  const known: BaselineFile = {
    aoi_testkit_baseline: 1,
    known_failures: [{ rule: 'AOI-02', command: 'list', sub_rule: 'AOI-02/ansi' }],
  };

  test('a failure every failing sub-rule of which it names is known; the run is ok', () => {
    const outcome = applyBaseline(
      lintReport(),
      {
        aoi_testkit_baseline: 1,
        known_failures: [
          ...known.known_failures,
          { rule: 'AOI-06', command: EVIL, sub_rule: 'AOI-06/unconfirmed-destructive' },
        ],
      },
      'b.json',
    );
    expect(outcome).toMatchObject({ ok: true, unexpected: [], stale: [], unjudged: [] });
    expect(outcome.known.map((v) => `${v.rule} ${v.command}`)).toEqual([
      'AOI-02 list',
      `AOI-06 ${EVIL}`,
    ]);
  });

  test('a failure it does not name fails the run, and so does a new sub-rule of a known rule', () => {
    expect(applyBaseline(lintReport(), known, 'b.json')).toMatchObject({
      ok: false,
      unexpected: [{ rule: 'AOI-06', command: EVIL }],
    });
    const c = new VerdictCollector();
    c.add('AOI-02/ansi', 'x', { line: 1 }, 'list');
    c.add('AOI-02/prose', 'y', { line: 2 }, 'list');
    expect(applyBaseline(c.report(['AOI-02'], ['list']), known, 'b.json')).toMatchObject({
      ok: false,
      known: [],
      unexpected: [{ rule: 'AOI-02' }],
    });
  });

  test('an entry that no longer fails is stale and fails the run; one that could not be judged is kept', () => {
    const entries = [
      { rule: 'AOI-02', command: EVIL, sub_rule: 'AOI-02/ansi' }, // passes now: stale
      { rule: 'AOI-03', command: 'list', sub_rule: 'AOI-03/timed-out' }, // skipped: unjudged
      { rule: 'AOI-06', command: 'list', sub_rule: 'AOI-06/unconfirmed-destructive' }, // not applicable: unjudged
      { rule: 'AOI-02', command: 'gone', sub_rule: 'AOI-02/ansi' }, // not run: unjudged
    ];
    const outcome = applyBaseline(
      lintReport(),
      {
        aoi_testkit_baseline: 1,
        known_failures: [
          ...known.known_failures,
          ...entries,
          { rule: 'AOI-06', command: EVIL, sub_rule: 'AOI-06/unconfirmed-destructive' },
        ],
      },
      'b.json',
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.stale).toEqual([entries[0]]);
    expect(outcome.unjudged).toEqual(entries.slice(1));
  });

  test('baselineOf writes every failing sub-rule, sorted; a run judged by its own baseline is ok', () => {
    const report = lintReport();
    const written = baselineOf(report);
    expect(written.known_failures).toEqual([
      { rule: 'AOI-02', command: 'list', sub_rule: 'AOI-02/ansi' },
      { rule: 'AOI-06', command: EVIL, sub_rule: 'AOI-06/unconfirmed-destructive' },
    ]);
    expect(applyBaseline(report, written, 'b.json').ok).toBe(true);
  });

  test('readBaseline says what is wrong with a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoi-baseline-'));
    const file = (text: string) => {
      const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(path, text);
      return path;
    };
    expect(readBaseline(file(JSON.stringify(known)))).toEqual(known);
    expect(() => readBaseline(join(dir, 'missing.json'))).toThrow(/no such file/);
    expect(() => readBaseline(dir)).toThrow(/is a directory/);
    expect(() => readBaseline(file('{'))).toThrow(/not JSON/);
    expect(() => readBaseline(file('{"aoi_testkit_baseline":2,"known_failures":[]}'))).toThrow(
      /must be 1/,
    );
    expect(() =>
      readBaseline(
        file(
          '{"aoi_testkit_baseline":1,"known_failures":[{"rule":"AOI-02","sub_rule":"AOI-03/x"}]}',
        ),
      ),
    ).toThrow(/known_failures\[0\]/);
  });
});

describe('--reporter', () => {
  test('text on stdout unless another reporter is; files beside it', () => {
    expect(parseReporters(undefined, [])).toEqual([{ name: 'text' }]);
    expect(parseReporters('jsonl', ['junit=out/j.xml'])).toEqual([
      { name: 'jsonl' },
      { name: 'junit', path: 'out/j.xml' },
    ]);
    expect(parseReporters(undefined, ['sarif=a.sarif', 'github'])).toEqual([
      { name: 'sarif', path: 'a.sarif' },
      { name: 'github' },
    ]);
    expect(parseReporters(undefined, ['junit=a=b.xml'])).toEqual([
      { name: 'text' },
      { name: 'junit', path: 'a=b.xml' },
    ]);
  });

  test('usage errors: two on stdout, an unknown name, an empty or shared path, a bad --output', () => {
    expect(() => parseReporters('text', ['github'])).toThrow(
      /only one reporter can write to stdout, got text and github/,
    );
    expect(() => parseReporters(undefined, ['pdf'])).toThrow(
      /--reporter must be text, jsonl, junit, github, markdown, sarif, html, badge/,
    );
    expect(() => parseReporters(undefined, ['junit='])).toThrow(/needs a file/);
    expect(() => parseReporters(undefined, ['junit=a', 'sarif=a'])).toThrow(
      /two reporters write to a/,
    );
    expect(() => parseReporters('junit', [])).toThrow(/--output must be text or jsonl/);
  });
});
