/**
 * The reporters and the baseline through the built CLI (`npm run build` first): lint of the reference fake and
 * of a failing fake, check of a recorded stream, manifest of an AGENT-CLI.md, lint of an application package.
 * JUnit is parsed with a real XML parser (and validated against the XSD where xmllint exists), SARIF validated
 * against the published 2.1.0 schema.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkStream } from '../../src/checks/aoi/stream.js';
import { REFERENCE_LINT_PLAN } from '../../src/fakes/aoi/notes/lint-plan.js';
import {
  HAS_XMLLINT,
  parseJunit,
  sarifProblems,
  xsdProblems,
  type JunitCase,
} from '../support/reporters.js';

import { CLI, runKit } from '../support/kit-cli.js';
const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'aoi-reporters-'));
const at = (name: string) => join(dir, name);
const read = (name: string) => readFileSync(at(name), 'utf8');
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const cli = (args: string[], env: Record<string, string> = {}) =>
  runKit([...args], { timeoutMs: 290_000, env, cwd: ROOT });
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
const expectValidJunit = (xml: string) => {
  const parsed = parseJunit(xml);
  if (HAS_XMLLINT) expect(xsdProblems(xml)).toBeUndefined();
  return parsed.testsuites;
};
const sarif = (name: string) => {
  const log = JSON.parse(read(name));
  expect(sarifProblems(log)).toEqual([]);
  return log.runs[0] as {
    results: {
      ruleId: string;
      level: string;
      baselineState?: string;
      partialFingerprints?: Record<string, string>;
      locations?: {
        physicalLocation?: { artifactLocation: { uri: string }; region?: { startLine: number } };
      }[];
    }[];
  };
};

describe('lint with reporters and a baseline', () => {
  test(
    'the reference fake, every spec detected: no failure in any reporter; a stale baseline entry alone fails the run',
    { timeout: 300_000 },
    async () => {
      writeFileSync(
        at('stale.json'),
        JSON.stringify({
          aoi_testkit_baseline: 1,
          known_failures: [
            { rule: 'AOI-06', command: 'delete', sub_rule: 'AOI-06/unconfirmed-destructive' },
          ],
        }),
      );
      writeFileSync(at('summary.md'), '');
      const run = await cli(
        [
          'lint',
          '--reporter',
          `junit=${at('clean.xml')}`,
          '--reporter',
          `sarif=${at('clean.sarif')}`,
          '--reporter',
          `markdown=${at('clean.md')}`,
          '--reporter',
          `jsonl=${at('clean.jsonl')}`,
          '--reporter',
          'github',
          '--baseline',
          at('stale.json'),
          ...plan,
          '--',
          ...fake(),
        ],
        { GITHUB_STEP_SUMMARY: at('summary.md') },
      );
      expect(text(run.stderr)).not.toMatch(/internal error/);
      expect(run.exitCode).toBe(1); // only the stale entry
      const suites = expectValidJunit(read('clean.xml')).testsuite;
      expect(suites.map((s) => s.name.replace(/.*\[/, '['))).toEqual([
        '[aoi]',
        '[exec]',
        `[baseline ${at('stale.json')}]`,
      ]);
      expect(suites.map((s) => s.failures)).toEqual([0, 0, 1]);
      expect(suites[0]!.tests).toBeGreaterThan(100);
      // Real processes take time: every judged testcase has its probes' time, every skipped one none, each suite its spec's.
      for (const suite of suites.slice(0, 2)) {
        expect(Number((suite as unknown as { time: string }).time)).toBeGreaterThan(0);
        for (const c of suite.testcase as (JunitCase & { time: string })[])
          if (c.skipped) expect(Number(c.time), c.name).toBe(0);
          else expect(Number(c.time), c.name).toBeGreaterThan(0);
      }
      expect(suites[2]!.testcase[0]!.failure!.message).toBe(
        `stale baseline entry: AOI-06/unconfirmed-destructive delete no longer fails; remove it from ${at('stale.json')}`,
      );
      expect(sarif('clean.sarif').results.filter((r) => r.level === 'error')).toEqual([]);
      // stdout is the github reporter: the stale entry is its only ::error.
      const commands = text(run.stdout).trimEnd().split('\n');
      expect(commands.filter((l) => l.startsWith('::error'))).toEqual([
        `::error title=stale baseline entry::AOI-06/unconfirmed-destructive (delete) no longer fails: remove it from ${at('stale.json')}`,
      ]);
      expect(commands.every((l) => /^::(error|warning) /.test(l))).toBe(true);
      expect(read('summary.md')).toMatch(/^## aoi-testkit lint: ❌ not conformant\n/);
      expect(read('summary.md')).toBe(`${read('clean.md')}\n`);
      const summary = JSON.parse(read('clean.jsonl').trimEnd().split('\n').at(-1)!);
      expect(summary).toMatchObject({
        type: 'aoi:summary',
        ok: false,
        error_count: 1,
        baseline: { known: 0, unexpected: 0, stale: [{ rule: 'AOI-06', command: 'delete' }] },
      });
    },
  );

  test(
    'a failing fake: exit 1 and its failure in every reporter; --write-baseline records it, and with that baseline the run passes',
    { timeout: 300_000 },
    async () => {
      writeFileSync(
        at('empty.json'),
        JSON.stringify({ aoi_testkit_baseline: 1, known_failures: [] }),
      );
      const args = ['--only', 'AOI-06', ...plan, '--', ...fake('destructive-without-confirmation')];
      const first = await cli([
        'lint',
        '--reporter',
        'github',
        '--reporter',
        `junit=${at('fail.xml')}`,
        '--reporter',
        `sarif=${at('fail.sarif')}`,
        '--baseline',
        at('empty.json'),
        '--write-baseline',
        at('written.json'),
        ...args,
      ]);
      expect(first.exitCode).toBe(1);
      const failed = expectValidJunit(read('fail.xml')).testsuite[0]!.testcase.filter(
        (c) => c.failure,
      );
      expect(failed.map((c) => [c.name.split(':')[0], c.failure!.type])).toEqual([
        ['AOI-06 delete', 'AOI-06/unconfirmed-destructive'],
      ]);
      expect(failed[0]!.failure!.text).toContain('[delete n_0001 --output jsonl]');
      expect(text(first.stdout)).toMatch(
        /^::error .*title=AOI-06 delete%3A .*::AOI-06\/unconfirmed-destructive: /m,
      );
      const results = sarif('fail.sarif').results;
      expect(results.map((r) => `${r.ruleId} ${r.level} ${r.baselineState}`)).toEqual([
        'AOI-06/unconfirmed-destructive error new',
      ]);
      // Code scanning can place it: at the package.json line that declares the program linted (the kit's bin).
      const binLine =
        readFileSync(join(ROOT, 'package.json'), 'utf8')
          .split('\n')
          .findIndex((l) => l.includes('"aoi-testkit": "./dist/cli/main.js"')) + 1;
      for (const r of results) {
        expect(r.locations![0]!.physicalLocation).toEqual({
          artifactLocation: { uri: 'package.json' },
          region: { startLine: binLine },
        });
        expect(r.partialFingerprints!['aoiTestkitFinding/v1']).toMatch(/^[0-9a-f]{32}$/);
      }
      expect(text(first.stdout)).toMatch(
        new RegExp(`^::error file=package\\.json,line=${binLine},title=AOI-06 delete%3A `, 'm'),
      );
      expect(JSON.parse(read('written.json'))).toEqual({
        aoi_testkit_baseline: 1,
        known_failures: [
          { rule: 'AOI-06', command: 'delete', sub_rule: 'AOI-06/unconfirmed-destructive' },
        ],
      });

      const second = await cli([
        'lint',
        '--no-color',
        '--reporter',
        `junit=${at('known.xml')}`,
        '--baseline',
        at('written.json'),
        ...args,
      ]);
      expect(second.exitCode).toBe(0);
      expect(text(second.stdout)).toMatch(
        /baseline .*written\.json: 1 known failure\(s\) excused, 0 failure\(s\) it does not know, 0 stale entr\(ies\)\nok with the baseline/,
      );
      const known = expectValidJunit(read('known.xml')).testsuite[0]!.testcase.find((c) =>
        c.name.startsWith('AOI-06 delete'),
      )!;
      expect(known.failure).toBeUndefined();
      expect(known.skipped!.message).toMatch(/^known failure \(baseline /);
    },
  );

  test(
    'an application package: SARIF results point into its APP.md, relative to the working directory',
    { timeout: 120_000 },
    async () => {
      const run = await cli([
        'lint',
        '--app-dir',
        'fixtures/apps/broken/app-01--duplicate-key',
        '--reporter',
        `sarif=${at('app.sarif')}`,
      ]);
      expect(run.exitCode).toBe(1);
      const [result] = sarif('app.sarif').results.filter((r) => r.level === 'error');
      expect(result!.locations![0]!.physicalLocation).toMatchObject({
        artifactLocation: { uri: 'fixtures/apps/broken/app-01--duplicate-key/APP.md' },
        region: { startLine: expect.any(Number) },
      });
    },
  );
});

describe('check and manifest with reporters', () => {
  test(
    'check: JUnit, markdown and SARIF located in the recorded stream; the baseline shrinks',
    { timeout: 120_000 },
    async () => {
      const stream = 'fixtures/transcripts/bad-aoi-02-ansi-in-string.jsonl';
      const run = await cli([
        'check',
        stream,
        '--exit-code',
        '0',
        '--reporter',
        `junit=${at('check.xml')}`,
        '--reporter',
        `sarif=${at('check.sarif')}`,
        '--reporter',
        'markdown',
        '--write-baseline',
        at('check-baseline.json'),
      ]);
      expect(run.exitCode).toBe(0); // judged against the baseline it wrote
      expect(text(run.stdout)).toMatch(/^## aoi-testkit check: ✅ conformant\n/);
      expect(text(run.stdout)).toContain('| AOI-02 | 🟡 known |');
      const suite = expectValidJunit(read('check.xml')).testsuite[0]!;
      expect(suite).toMatchObject({
        name: `aoi-testkit check ${stream} [aoi]`,
        tests: 7,
        failures: 0,
      });
      const result = sarif('check.sarif').results.find((r) => r.ruleId.startsWith('AOI-02/'))!;
      expect(result.locations![0]!.physicalLocation).toMatchObject({
        artifactLocation: { uri: stream },
        region: { startLine: expect.any(Number) },
      });
      // The same baseline on a conformant stream: its entries are stale.
      const good = await cli([
        'check',
        'fixtures/transcripts/good-finite-search.jsonl',
        '--exit-code',
        '0',
        '--baseline',
        at('check-baseline.json'),
        '--output',
        'jsonl',
      ]);
      expect(good.exitCode).toBe(1);
      expect(text(good.stdout)).toMatch(
        /"code":"BASELINE_STALE","message":"AOI-02\/[a-z-]+ no longer fails: remove it from /,
      );
      // The kit's own answers stay conformant AOI with a baseline: a stale entry is an aoi:error, a known failure a warning check.
      expect(
        checkStream(good.stdout, { exitCode: 1, strict: true }).verdicts.filter(
          (v) => v.status === 'fail',
        ),
      ).toEqual([]);
      const known = await cli([
        'check',
        stream,
        '--exit-code',
        '0',
        '--baseline',
        at('check-baseline.json'),
        '--output',
        'jsonl',
      ]);
      expect(known.exitCode).toBe(0);
      expect(text(known.stdout)).toMatch(
        /"name":"AOI-02","ok":false,"severity":"warning","status":"fail","baseline":"known"/,
      );
      expect(
        checkStream(known.stdout, { exitCode: 0, strict: true }).verdicts.filter(
          (v) => v.status === 'fail',
        ),
      ).toEqual([]);
    },
  );

  test(
    'manifest: SARIF located in the AGENT-CLI.md; a reporter file that cannot be written is exit 73',
    { timeout: 120_000 },
    async () => {
      const file = 'fixtures/manifests/agent-cli/invalid/agentcli-01--duplicate-key/AGENT-CLI.md';
      const run = await cli([
        'manifest',
        file,
        '--reporter',
        `sarif=${at('manifest.sarif')}`,
        '--reporter',
        'junit',
      ]);
      expect(run.exitCode).toBe(1);
      expect(
        expectValidJunit(text(run.stdout))
          .testsuite[0]!.testcase.filter((c) => c.failure)
          .map((c) => c.failure!.type),
      ).toEqual(['AGENTCLI-01/duplicate-key']);
      expect(sarif('manifest.sarif').results[0]!.locations![0]!.physicalLocation).toEqual({
        artifactLocation: { uri: file },
        region: { startLine: 7, snippet: expect.anything() },
      });
      const unwritable = await cli([
        'manifest',
        file,
        '--reporter',
        `junit=${at('no/such/dir/x.xml')}`,
      ]);
      expect(unwritable.exitCode).toBe(73);
      expect(text(unwritable.stderr)).toBe(
        `aoi-testkit: --reporter junit=${at('no/such/dir/x.xml')}: cannot write it: no such directory\n`,
      );
    },
  );
});

describe('JUnit time on real runs of every verb that writes it', () => {
  const NOTES = ['node', 'fixtures/bin/notes'];
  const runs: [string, string[], 'per scenario' | 'whole run'][] = [
    [
      'consumer',
      [
        'consumer',
        '--scenario',
        'consumer.stdin.good',
        '--scenario',
        'consumer.stdin.empty',
        '--',
        'cat',
      ],
      'per scenario',
    ],
    [
      'runner',
      [
        'runner',
        '--protocol',
        'acp',
        '--scenario',
        'runner.acp.turn',
        '--',
        'node',
        'fixtures/runners/js/acp-runner.mjs',
      ],
      'per scenario',
    ],
    [
      'check',
      ['check', 'fixtures/transcripts/good-finite-search.jsonl', '--exit-code', '0'],
      'whole run',
    ],
    ['compat', ['compat', '--base', NOTES.join(' '), '--', ...NOTES], 'whole run'],
  ];
  for (const [verb, args, judged] of runs)
    test(
      `${verb}: each judged testcase has the time of the run${judged === 'per scenario' ? ' of its scenario' : ''} that judged it, skipped ones 0, each suite the run's`,
      { timeout: 180_000 },
      async () => {
        const end = args.includes('--') ? args.indexOf('--') : args.length;
        const run = await cli([...args.slice(0, end), '--reporter', 'junit', ...args.slice(end)]);
        const xml = text(run.stdout);
        expect(run.exitCode, xml + text(run.stderr)).toBeLessThanOrEqual(1);
        const suites = expectValidJunit(xml).testsuite;
        const seconds = (element: object) => Number((element as { time: string }).time);
        const total = Number(/<testsuites [^>]*time="([\d.]+)"/.exec(xml)![1]);
        expect(total).toBeGreaterThan(0);
        const byScenario = new Map<string, number>();
        let timed = 0;
        for (const suite of suites) {
          expect(seconds(suite)).toBe(total);
          for (const c of suite.testcase) {
            if (c.skipped && !c.skipped.message.startsWith('known failure')) {
              expect(seconds(c), c.name).toBe(0);
              continue;
            }
            timed++;
            expect(seconds(c), c.name).toBeGreaterThan(0);
            if (judged === 'whole run') expect(seconds(c), c.name).toBe(total);
            else {
              expect(seconds(c), c.name).toBeLessThanOrEqual(total);
              // `RULE scenario: title`: every rule a scenario's run judged has that run's time.
              const scenario = c.name.split(':')[0]!.split(' ')[1]!;
              expect(seconds(c), c.name).toBe(byScenario.get(scenario) ?? seconds(c));
              byScenario.set(scenario, seconds(c));
            }
          }
        }
        expect(timed).toBeGreaterThan(2);
        if (judged === 'per scenario')
          expect(byScenario.size).toBe(args.filter((a) => a === '--scenario').length);
      },
    );
});
