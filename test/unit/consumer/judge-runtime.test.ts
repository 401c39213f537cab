import { describe, expect, it } from 'vitest';
import {
  judgeRuntime,
  runtimeOutcomeOf,
  type RuntimeRecording,
} from '../../../src/checks/consumer/judge-runtime.js';
import { judgeConsumer, type ConsumerRecording } from '../../../src/checks/consumer/judge.js';
import {
  RUNTIME_SCENARIOS,
  runtimeRulesOf,
  type AppCall,
} from '../../../src/spec/consumer/runtime-scenarios.js';
import { CONSUMER_SCENARIOS } from '../../../src/spec/consumer/scenarios.js';
import { expectJunitTimes } from '../../support/junit-time.js';

/** The runtime judge alone, on hand-made recordings: no process runs here. */
const ROOT = '/pkg/agentic-todo';
const scenario = (name: string) =>
  RUNTIME_SCENARIOS.find((s) => s.id === `consumer.runtime.${name}`)!;
const call = (argv: string[], fields: Partial<AppCall> = {}): AppCall => ({
  argv,
  cwd: ROOT,
  stdin: 'null',
  confirmsBefore: 0,
  ...fields,
});
const result = (record: Record<string, unknown>) => ({
  records: [{ type: 'result', ...record }],
  unreadable: 0,
});

function recording(
  name: string,
  calls: AppCall[],
  log: RuntimeRecording['log'],
  run: Partial<RuntimeRecording['run']> = {},
): RuntimeRecording {
  return {
    scenario: scenario(name),
    run: {
      stdout: Buffer.from(''),
      stderr: Buffer.from(''),
      exitCode: 0,
      signal: null,
      timedOut: false,
      durationMs: 5,
      ...run,
    },
    timeoutMs: 1_000,
    packageDir: ROOT,
    calls,
    log,
  };
}
const statuses = (report: ReturnType<typeof judgeRuntime>) =>
  report.verdicts.map(
    (v) => `${v.rule} ${v.status}${v.reason ? ` (${v.reason.slice(0, 30)}…)` : ''}`,
  );

describe('judgeRuntime', () => {
  it('every RUNTIME rule is judged by some scenario, and RUNTIME-08 by all', () => {
    const judged = RUNTIME_SCENARIOS.map(runtimeRulesOf);
    expect([...new Set(judged.flat())].sort()).toEqual([
      'RUNTIME-01',
      'RUNTIME-02',
      'RUNTIME-03',
      'RUNTIME-04',
      'RUNTIME-05',
      'RUNTIME-06',
      'RUNTIME-07',
      'RUNTIME-08',
    ]);
    for (const rules of judged) expect(rules).toContain('RUNTIME-08');
  });

  it('a hung runtime is RUNTIME-08/hung (the kit’s own bound: a warning) and skips the rest, never passes them', () => {
    const report = judgeRuntime([
      recording(
        'failed-structured',
        [],
        { records: [], unreadable: 0 },
        { timedOut: true, exitCode: null, signal: 'SIGKILL' },
      ),
    ]);
    expect(report.verdicts.map((v) => `${v.rule} ${v.status}`)).toEqual([
      'RUNTIME-01 skip',
      'RUNTIME-03 skip',
      'RUNTIME-04 skip',
      'RUNTIME-05 skip',
      'RUNTIME-08 pass',
    ]);
    expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
      ['RUNTIME-08/hung', 'warning'],
    ]);
  });

  it('a retry skips RUNTIME-03 and -04 (what was reported is no longer about the one failure) and fails RUNTIME-05', () => {
    const argv = ['complete', 'td_0001'];
    const report = judgeRuntime([
      recording('failed-then-succeeds', [call(argv), call(argv)], result({ ok: true, answer: {} })),
    ]);
    expect(report.verdicts.map((v) => `${v.rule} ${v.status}`)).toEqual([
      'RUNTIME-01 pass',
      'RUNTIME-03 skip',
      'RUNTIME-04 skip',
      'RUNTIME-05 fail',
      'RUNTIME-08 pass',
    ]);
  });

  it('without a result record the exit status is the report; a structured error must come back unchanged', () => {
    expect(
      runtimeOutcomeOf({
        run: { exitCode: 0, signal: null } as RuntimeRecording['run'],
        log: { records: [], unreadable: 0 },
      }).reported,
    ).toBe('success');
    const argv = ['complete', 'td_0042'];
    const silent = judgeRuntime([
      recording('failed-structured', [call(argv)], { records: [], unreadable: 0 }, { exitCode: 1 }),
    ]);
    expect(statuses(silent).filter((s) => s.startsWith('RUNTIME-04'))).toEqual(['RUNTIME-04 fail']);
    const asIs = judgeRuntime([
      recording(
        'failed-structured',
        [call(argv)],
        result({
          ok: false,
          error: { code: 'NOT_FOUND', message: 'No to-do has the id td_0042.' },
        }),
        { exitCode: 1 },
      ),
    ]);
    expect(asIs.ok).toBe(true);
  });

  it('confirmation: a confirm logged before the call passes; none fails not-asked; a call after a denial fails run-after-denial', () => {
    const argv = ['remove', 'td_0001', '--confirm'];
    const asked = judgeRuntime([
      recording(
        'confirm-approved',
        [call(argv, { confirmsBefore: 1 })],
        result({ ok: true, answer: { ok: true, command: 'remove', removed: 'td_0001' } }),
      ),
    ]);
    expect(asked.ok).toBe(true);
    const unasked = judgeRuntime([
      recording(
        'confirm-approved',
        [call(argv)],
        result({ ok: true, answer: { ok: true, command: 'remove', removed: 'td_0001' } }),
      ),
    ]);
    expect(unasked.findings.map((f) => f.id)).toEqual(['RUNTIME-06/not-asked']);
    const overruled = judgeRuntime([
      recording('confirm-denied', [call(argv, { confirmsBefore: 1 })], result({ ok: true })),
    ]);
    expect(overruled.findings.map((f) => f.id)).toEqual(['RUNTIME-06/run-after-denial']);
  });

  it('a call from outside the package root fails RUNTIME-01', () => {
    const report = judgeRuntime([
      recording(
        'list',
        [call(['list'], { cwd: '/home/me' })],
        result({ ok: true, answer: scenario('list').expect.answer }),
      ),
    ]);
    expect(report.findings.map((f) => f.id)).toEqual(['RUNTIME-01/not-package-root']);
  });
});

describe('judgeConsumer in a mode', () => {
  const tolerant = CONSUMER_SCENARIOS.find((s) => s.id === 'consumer.stdin.tolerant-prose-line')!;
  const run = (stdout: string, exitCode = 0): ConsumerRecording => ({
    scenario: tolerant,
    run: {
      stdout: Buffer.from(stdout),
      stderr: Buffer.from(''),
      exitCode,
      signal: null,
      timedOut: false,
      durationMs: 5,
    },
    timeoutMs: 1_000,
  });
  const ERROR = '{"type":"aoi:error","code":"MALFORMED_INPUT","message":"line 3"}\n';

  it('report-and-continue: a report passes whatever the exit and the count; no report is malformed-dropped; only items passed on before the line and none after are tolerant-aborted', () => {
    expect(judgeConsumer([run(`${ERROR}{"type":"aoi:summary","ok":true,"count":2}\n`)]).ok).toBe(
      true,
    );
    expect(judgeConsumer([run(ERROR, 1)]).ok).toBe(true);
    expect(
      judgeConsumer([run('{"type":"aoi:summary","ok":true,"count":2}\n')]).findings.map(
        (f) => f.id,
      ),
    ).toEqual(['CONSUMER-03/malformed-dropped']);
    // A filter that read every line and kept none: count 0, nothing passed on. No evidence it stopped (§13).
    expect(
      judgeConsumer([run(`${ERROR}{"type":"aoi:summary","ok":true,"count":0}\n`)]).findings,
    ).toEqual([]);
    const entry = (id: string) => `{"type":"entry","id":"${id}","title":"NOTE"}\n`;
    // Passed on the item before the malformed line and the one after it: it went on.
    expect(
      judgeConsumer([
        run(`${entry('n1')}${ERROR}${entry('n2')}{"type":"aoi:summary","ok":true,"count":2}\n`),
      ]).findings,
    ).toEqual([]);
    // Passed on the item before it and nothing after: it stopped at the line.
    expect(
      judgeConsumer([
        run(`${entry('n1')}${ERROR}{"type":"aoi:summary","ok":false,"count":1}\n`, 65),
      ]).findings.map((f) => f.id),
    ).toEqual(['CONSUMER-03/tolerant-aborted']);
  });
});

describe('JUnit time', () => {
  it('each judged testcase has its scenario run’s wall time, a skipped one 0', () => {
    const argv = ['complete', 'td_0001'];
    const report = judgeRuntime([
      recording(
        'failed-then-succeeds',
        [call(argv), call(argv)],
        result({ ok: true, answer: {} }),
        {
          durationMs: 820,
        },
      ),
      recording(
        'failed-structured',
        [],
        { records: [], unreadable: 0 },
        { timedOut: true, exitCode: null, signal: 'SIGKILL', durationMs: 2000 },
      ),
    ]);
    expect(report.verdicts.filter((v) => v.status === 'skip').length).toBeGreaterThan(2);
    const ms = (id: string) => (id.endsWith('failed-then-succeeds') ? 820 : 2000);
    const view = { verb: 'consumer', target: 'runtime', report, durationMs: 2900 };
    expect(expectJunitTimes(view, (v) => ms(v.command!))).toBeGreaterThan(3);
  });
});
