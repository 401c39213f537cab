/** `scenarios --run`: the kit judged by its corpus, expected vs actual per scenario, reported as text, JSONL or JUnit. */
import { describe, expect, test } from 'vitest';
import {
  runCorpusScenario as runScenario,
  type ScenarioResult,
} from '../../../src/corpus/runner.js';
import {
  difference,
  runJunit as renderRunJunit,
  runText as renderRunText,
} from '../../../src/report/corpus.js';
import type { Scenario } from '../../../src/corpus/types.js';
import { loadScenarios } from '../../../src/corpus/scenario-files.js';
import { parseScenariosArgs } from '../../../src/cli/scenarios.js';
import { UsageError } from '../../../src/errors.js';
import { HAS_XMLLINT, parseJunit, xsdProblems } from '../../support/reporters.js';

const corpus = loadScenarios();
const byId = (id: string) => corpus.find((s) => s.id === id) as Scenario;
/** The same scenario with a verdict the kit does not give: AOI-03 expected to fail as well. */
const wrong = (s: Scenario): Scenario => ({
  ...s,
  expected: {
    ...s.expected,
    ok: false,
    rules: { ...s.expected.rules, 'AOI-03': 'fail' },
    findings: [...s.expected.findings, 'AOI-03/eof-without-summary'].sort(),
  },
});

describe('scenarios --run', () => {
  const stream = corpus.find((s) => s.kind === 'stream' && !s.expected.ok) as Scenario;
  const clean = corpus.find((s) => s.kind === 'stream' && s.expected.ok) as Scenario;

  test('a stream scenario: the kit agrees with the corpus; with a wrong expectation it does not, and says how', async () => {
    expect(await runScenario(stream)).toMatchObject({
      id: stream.id,
      kind: 'stream',
      ok: true,
      actual: stream.expected,
    });
    expect(await runScenario(clean)).toMatchObject({ ok: true, actual: clean.expected });
    const disagreed = await runScenario(wrong(clean));
    expect(disagreed.ok).toBe(false);
    expect(difference(disagreed)).toBe(
      'AOI-03 expected fail, got pass; missing AOI-03/eof-without-summary',
    );
  });

  test('a lint scenario, its fake linted in memory', { timeout: 120_000 }, async () => {
    const lint = byId('fault.destructive-without-confirmation');
    expect(lint.kind).toBe('lint');
    const result = await runScenario(lint);
    expect(result.actual).toEqual(lint.expected);
    expect(result.ok).toBe(true);
  });

  const results: ScenarioResult[] = [
    {
      id: 'preset.ok',
      kind: 'stream',
      ok: true,
      expected: clean.expected,
      actual: clean.expected,
      durationMs: 12,
    },
    {
      id: 'fault.x<&"y">',
      kind: 'lint',
      ok: false,
      expected: clean.expected,
      actual: {
        ...clean.expected,
        ok: false,
        rules: { ...clean.expected.rules, 'AOI-02': 'fail' },
        findings: ['AOI-02/ansi'],
      },
      durationMs: 1500,
    },
    {
      id: 'fault.setup',
      kind: 'lint',
      ok: false,
      expected: clean.expected,
      error: 'setup `create` ended with exit 1',
      durationMs: 3,
    },
  ];

  test('JUnit: a testsuite per kind, a testcase per scenario, a failure naming the difference; valid XML (and against the XSD)', () => {
    const xml = renderRunJunit(results);
    const { testsuites } = parseJunit(xml);
    expect(testsuites).toMatchObject({ tests: 3, failures: 2 });
    expect(testsuites.testsuite.map((s) => [s.name, s.tests, s.failures])).toEqual([
      ['aoi-testkit scenarios --run [stream]', 1, 0],
      ['aoi-testkit scenarios --run [lint]', 2, 2],
    ]);
    const [x, setup] = testsuites.testsuite[1]!.testcase;
    expect(x!.name).toBe('fault.x<&"y">');
    expect(x!.failure).toMatchObject({
      type: 'verdict-mismatch',
      message: 'AOI-02 expected pass, got fail; unexpected AOI-02/ansi',
    });
    expect(setup!.failure!.message).toBe('setup `create` ended with exit 1');
    if (HAS_XMLLINT) expect(xsdProblems(xml)).toBeUndefined();
  });

  test('text: a line per scenario, then whether the kit agrees with all', () => {
    const text = renderRunText(results);
    expect(text.split('\n')[0]).toMatch(/^PASS {2}preset\.ok\s+stream {2}passes$/);
    expect(text).toContain('FAIL  fault.x<&"y">  lint    AOI-02 expected pass, got fail');
    expect(text.trimEnd().split('\n').at(-1)).toBe('the kit disagrees with 2 of 3 scenario(s)');
  });

  test('usage: --reporter needs --run; --run only the stream and lint kinds, and only text, jsonl, junit', () => {
    expect(
      parseScenariosArgs(['--run', '--kind', 'stream', '--reporter', 'junit=out.xml']).run,
    ).toEqual([{ name: 'text' }, { name: 'junit', path: 'out.xml' }]);
    expect(parseScenariosArgs(['--run', '--output', 'jsonl']).run).toEqual([{ name: 'jsonl' }]);
    expect(() => parseScenariosArgs(['--reporter', 'junit=out.xml'])).toThrow(
      '--reporter reports a corpus run: add --run',
    );
    // Every kind runs: the process-level ones through their programs (src/corpus/runner.ts).
    expect(parseScenariosArgs(['--run', '--kind', 'cmdhelp'])).toMatchObject({
      kind: 'cmdhelp',
      run: [{ name: 'text' }],
    });
    expect(() => parseScenariosArgs(['--run', '--reporter', 'sarif=x.sarif'])).toThrow(
      'scenarios --run reports with text, jsonl, junit, blob, got --reporter sarif',
    );
    expect(() => parseScenariosArgs(['--run', '--reporter', 'jsonl', '--output', 'text'])).toThrow(
      UsageError,
    );
  });
});
