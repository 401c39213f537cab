/** The APP-10…15 judges over recorded runs: no process is started here. */
import { describe, expect, it } from 'vitest';
import { judgeAgentApplication } from '../../../src/checks/app/application.js';
import { validateAppManifest } from '../../../src/checks/app/manifest.js';
import type { AppRun, AppRuns } from '../../../src/checks/app/probe/types.js';

const text = [
  '---',
  'name: todo',
  'description: x',
  'entry:',
  '  command: node app/cli.js',
  'commands: [list, add, remove]',
  'confirmationRequired: [remove]',
  '---',
  '',
].join('\n');
const manifestReport = validateAppManifest(text);
const run = (exitCode: number, stdout: unknown): AppRun => ({
  exitCode,
  signal: null,
  timedOut: false,
  stdout: new TextEncoder().encode(typeof stdout === 'string' ? stdout : JSON.stringify(stdout)),
});
const listed = (...ids: string[]) => run(0, { ok: true, items: ids.map((id) => ({ id })) });
const refused = run(1, { ok: false, error: { code: 'CONFIRMATION_REQUIRED', message: 'confirm' } });
const plan = { setup: [['add', 'x']], setupFrom: 'options', read: ['list'] } as const;
const statusOf = (runs: AppRuns) =>
  Object.fromEntries(
    judgeAgentApplication('/app', manifestReport, runs).verdicts.map((v) => [
      v.rule,
      v.reason ? `${v.status}: ${v.reason}` : v.status,
    ]),
  );

describe('judgeAgentApplication over recorded runs', () => {
  const clean: AppRuns = {
    plan,
    setup: [{ args: ['add', 'x'], run: listed('td_1') }],
    reads: [listed('td_1'), listed('td_1'), listed('td_1')],
    fail: {
      args: ['nope'],
      run: run(1, { ok: false, error: { code: 'UNKNOWN_COMMAND', message: 'no' } }),
    },
    confirmations: [
      {
        call: { args: ['remove', 'td_1'], run: refused },
        before: listed('td_1'),
        after: listed('td_1'),
      },
    ],
  };

  it('a clean record passes every rule; a refusal that deleted anyway is APP-13/state-changed', () => {
    expect(Object.values(statusOf(clean))).toEqual(Array(14).fill('pass'));
    const deleted: AppRuns = {
      ...clean,
      confirmations: [{ ...clean.confirmations[0]!, after: listed() }],
    };
    const report = judgeAgentApplication('/app', manifestReport, deleted);
    expect(report.findings.map((f) => [f.id, f.probe])).toEqual([
      ['APP-13/state-changed', 'node app/cli.js remove td_1'],
    ]);
    // The runtime holds the confirmation duty: the app's broken refusal is a warning, which strict fails.
    expect([report.ok, report.valid]).toEqual([true, true]);
    expect(report.findings[0]!.severity).toBe('warning');
  });

  it('human output is opt-in: JSON under a terminal-like environment and after the switch passes; prose there fails its own sub-rule', () => {
    const human = (over: Partial<NonNullable<AppRuns['human']>>): AppRuns => ({
      ...clean,
      plan: { ...plan, humanSwitch: ['--human'] },
      human: {
        terminal: listed('td_1'),
        switched: { args: ['list', '--human'], run: run(0, 'td_1  x') },
        after: listed('td_1'),
        ...over,
      },
    });
    const ids = (runs: AppRuns) =>
      judgeAgentApplication('/app', manifestReport, runs).findings.map((f) => f.id);
    // What the switch itself prints is free: prose there is no finding.
    expect(ids(human({}))).toEqual([]);
    expect(statusOf(human({}))['APP-10']).toBe('pass');
    expect(ids(human({ terminal: run(0, 'td_1  [ ] x') }))).toEqual([
      'APP-10/human-by-environment',
    ]);
    expect(ids(human({ after: run(0, 'td_1  [ ] x') }))).toEqual(['APP-10/human-sticky']);
    // No switch known: only the environment is judged.
    expect(ids({ ...clean, human: { terminal: run(0, 'td_1  [ ] x') } })).toEqual([
      'APP-10/human-by-environment',
    ]);
  });

  it('a setup that did not start: APP-15 fails, every later probe rule is skipped with the reason', () => {
    const stopped: AppRuns = {
      plan,
      setup: [{ args: ['add', 'x'], run: run(127, '') }],
      reads: [],
      confirmations: [],
    };
    const status = statusOf(stopped);
    expect(status['APP-15']).toBe('fail');
    for (const rule of ['APP-10', 'APP-11', 'APP-12', 'APP-13', 'APP-14'])
      expect(status[rule]).toBe(
        'skip: entry.command did not run successfully, so the other probes were not run',
      );
  });

  it('APP-14 without ids is not_applicable (never skipped), and an invalid APP.md skips every probe rule', () => {
    const empty: AppRuns = {
      ...clean,
      setup: [],
      reads: [listed(), listed(), listed()],
      confirmations: [],
    };
    const status = statusOf(empty);
    expect(status['APP-14']).toMatch(/^not_applicable: two runs of `list` returned no entity ids/);
    expect(status['APP-13']).toBe('skip: not probed');
    const invalid = judgeAgentApplication('/app', validateAppManifest(''), undefined);
    expect(invalid.verdicts.find((v) => v.rule === 'APP-10')).toMatchObject({
      status: 'skip',
      reason: 'APP.md is not valid, so the CLI was not run',
    });
  });
});
