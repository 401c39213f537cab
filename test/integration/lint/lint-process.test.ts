import { describe, expect, test } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { aoiMatchers } from '../../../src/matchers/index.js';
import { AOI_RULES } from '../../../src/spec/aoi/rules.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';

expect.extend(aoiMatchers);

import { CLI, runKit, jsonlEvents as events, utf8 as text } from '../../support/kit-cli.js';
const NOTES = new URL('../../../fixtures/bin/notes', import.meta.url).pathname;

describe('lintCli on the reference tool as a real process', () => {
  // Timeouts sized for a loaded 2-core machine: a lint is some seventy probes, each a process.
  test(
    'the clean reference tool passes all 13 checks, each exercised on some command',
    { timeout: 180_000 },
    async () => {
      const report = await lintCli(processTarget(process.execPath, [NOTES]), REFERENCE_LINT_PLAN);
      const failed = report.verdicts.filter((v) => v.status === 'fail' || v.status === 'skip');
      expect(
        failed.map((v) => `${v.rule} ${v.command}: ${v.reason ?? v.findings[0]?.message}`),
      ).toEqual([]);
      const exercised = new Set(
        report.verdicts.filter((v) => v.status === 'pass').map((v) => v.rule),
      );
      expect([...exercised].sort()).toEqual(AOI_RULES.map((rule) => rule.id));
      expect(report.verdicts.filter((v) => v.warnings > 0)).toEqual([]);
      expect(report.ok).toBe(true);
    },
  );

  // Four lints: sized for a busy 2-core machine, where 30 s is not enough.
  test(
    'toPassAoiLint passes on the clean tool and fails, naming the rule and probe, on a faulty one',
    { timeout: 300_000 },
    async () => {
      await expect([process.execPath, NOTES]).toPassAoiLint(REFERENCE_LINT_PLAN);
      const faulty = [process.execPath, CLI, 'fake', 'crashing-without-summary'];
      const result = await aoiMatchers.toPassAoiLint.call(undefined, faulty, {
        ...REFERENCE_LINT_PLAN,
        only: ['AOI-03'],
      });
      expect(result.pass).toBe(false);
      expect(result.message()).toMatch(
        /AOI-03 search: AOI-03\/eof-without-summary: .*\n {2}probe: search note --limit 2 --output jsonl/,
      );
      await expect(faulty).not.toPassAoiRule('AOI-03', REFERENCE_LINT_PLAN);
      await expect(faulty).toPassAoiRule('AOI-06', REFERENCE_LINT_PLAN);
    },
  );
});

describe('aoi-testkit lint', () => {
  const lint = (args: string[]) => runKit(['lint', ...args], { timeoutMs: 170_000 });
  const plan = [
    ...REFERENCE_LINT_PLAN.setup.flatMap((argv) => [
      '--setup',
      argv.map((a) => `'${a}'`).join(' '),
    ]),
    ...REFERENCE_LINT_PLAN.invocations.flatMap((argv) => [
      '--invoke',
      argv.map((a) => `'${a}'`).join(' '),
    ]),
  ];

  test(
    'one aoi:check per (rule × command) with evidence; exit 1 when a rule fails',
    { timeout: 180_000 },
    async () => {
      const run = await lint([
        '--output',
        'jsonl',
        '--only',
        'AOI-06',
        ...plan,
        '--',
        process.execPath,
        CLI,
        'fake',
        '--fault',
        'dry-run-side-effect',
        'well-behaved',
      ]);
      expect(run.exitCode).toBe(1);
      expect(checkStream(run.stdout, { exitCode: 1, strict: true }).ok).toBe(true);
      const failed = events(run.stdout).filter(
        (e) => e.type === 'aoi:check' && e.status === 'fail',
      );
      expect(failed.map((e) => [e.name, e.command])).toEqual([
        ['AOI-06', 'create'],
        ['AOI-06', 'update'],
        ['AOI-06', 'delete'],
      ]);
      expect(failed[0]).toMatchObject({
        findings: [
          {
            id: 'AOI-06/dry-run-side-effect',
            probe: 'create --title Fresh --dry-run --output jsonl',
          },
        ],
        docs: 'docs/rules/AOI-06.md',
      });
    },
  );

  test(
    'text output: a row per command, the failures with their probe',
    { timeout: 180_000 },
    async () => {
      const run = await lint([
        '--no-color',
        '--only',
        'AOI-06',
        ...plan,
        '--',
        process.execPath,
        CLI,
        'fake',
        '--fault',
        'destructive-without-confirmation',
        'well-behaved',
      ]);
      expect(run.exitCode).toBe(1);
      expect(text(run.stdout)).toMatch(/^ {2}delete +06:FAIL/m);
      expect(text(run.stdout)).toMatch(
        /AOI-06\/unconfirmed-destructive ran without --confirm \(exit 0\) and changed stateDir\/notes\.json {2}\[delete n_0001 --output jsonl\]/,
      );
    },
  );

  test(
    'text output shows progress on stderr; machine output keeps stderr quiet',
    { timeout: 180_000 },
    async () => {
      const [people, machines] = await Promise.all([
        lint(['--only', 'AOI-05', '--', process.execPath, NOTES]),
        lint(['--output', 'jsonl', '--only', 'AOI-05', '--', process.execPath, NOTES]),
      ]);
      expect([people.exitCode, machines.exitCode]).toEqual([0, 0]);
      expect(text(people.stderr)).toMatch(/^aoi-testkit lint: \d+\/\d+ probes · \S.*$/m);
      expect(text(machines.stderr)).toBe('');
    },
  );

  test(
    'without --invoke, commands that need arguments are run bare and their rules skipped, with the reason',
    { timeout: 180_000 },
    async () => {
      const run = await lint(['--output', 'jsonl', '--spec', 'aoi', '--', process.execPath, NOTES]);
      expect(run.exitCode).toBe(0); // a skip is not a failure
      const checks = events(run.stdout).filter((e) => e.type === 'aoi:check');
      const skipped = (rule: string, command: string) =>
        checks.find((c) => c.name === rule && c.command === command);
      expect(skipped('AOI-11', 'search')).toMatchObject({
        status: 'skip',
        detail: expect.stringMatching(
          /`search --output jsonl` did not succeed \(exit 64\); give an invocation that does with --invoke/,
        ),
      });
      expect(skipped('AOI-06', 'delete')).toMatchObject({
        status: 'skip',
        detail: expect.stringMatching(/give an invocation that does with --invoke/),
      });
      // What needs no arguments is exercised all the same.
      expect(skipped('AOI-02', 'list')).toMatchObject({ status: 'pass' });
      expect(skipped('AOI-10', 'watch')).toMatchObject({ status: 'pass' });
    },
  );

  test.each([
    [['--only', 'AOI-99', '--', 'x'], 64, /not a rule id/],
    [['--invoke', "search 'unterminated", '--', 'x'], 64, /unterminated/],
    [['no-dashes'], 64, /needs the program after --/],
    [['--', '/no/such/program'], 66, /cannot start/],
  ] as const)('usage and input errors: %j → exit %i', async (args, exitCode, message) => {
    const run = await lint([...args]);
    expect(run.exitCode).toBe(exitCode);
    expect(text(run.stderr)).toMatch(message);
  });

  test('usage errors in machine mode are structured', async () => {
    const run = await lint(['--output', 'jsonl', '--only', 'AOI-99', '--', 'x']);
    expect(run.exitCode).toBe(64);
    expect(run).toBeAoiConformant({ strict: true });
    expect(events(run.stdout)).toContainEqual(
      expect.objectContaining({ type: 'aoi:error', category: 'usage', code: 'USAGE_ERROR' }),
    );
  });
});
