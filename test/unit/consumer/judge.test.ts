import { describe, expect, it } from 'vitest';
import {
  judgeConsumer,
  outcomeOf,
  receivedItems,
  rulesOf,
  type ConsumerRecording,
} from '../../../src/checks/consumer/judge.js';
import { CONSUMER_SCENARIOS } from '../../../src/spec/consumer/scenarios.js';
import { expectJunitTimes } from '../../support/junit-time.js';

/** The judge alone, on hand-made recordings: no process runs here. */
const scenario = (id: string) => CONSUMER_SCENARIOS.find((s) => s.id === id)!;
const bytes = (text: string) => Buffer.from(text, 'utf8');
const OK = '{"type":"aoi:summary","ok":true,"count":1}\n';
const NOT_OK =
  '{"type":"aoi:error","code":"X","message":"m"}\n{"type":"aoi:summary","ok":false,"count":0}\n';

function recording(
  id: string,
  run: Partial<ConsumerRecording['run']> = {},
  tool?: ConsumerRecording['tool'],
): ConsumerRecording {
  const s = scenario(id);
  return {
    scenario: s,
    run: {
      stdout: bytes(''),
      stderr: bytes(''),
      exitCode: 0,
      signal: null,
      timedOut: false,
      durationMs: 5,
      ...run,
    },
    timeoutMs: 1_000,
    ...(s.shape === 'spawn' ? { tool: tool ?? { name: 'notes', calls: 1, survivors: [] } } : {}),
  };
}
const verdict = (report: ReturnType<typeof judgeConsumer>, rule: string, command: string) =>
  report.verdicts.find((v) => v.rule === rule && v.command === command)!;

describe('judgeConsumer', () => {
  it('judges each scenario by its own rule, the count, the end (and a spawned tool’s survival), in scenario order', () => {
    expect(rulesOf(scenario('consumer.stdin.good'))).toEqual([
      'CONSUMER-04',
      'CONSUMER-05',
      'CONSUMER-08',
    ]);
    expect(rulesOf(scenario('consumer.spawn.killed'))).toEqual([
      'CONSUMER-05',
      'CONSUMER-06',
      'CONSUMER-07',
      'CONSUMER-08',
    ]);
    const report = judgeConsumer([
      recording('consumer.stdin.good', { stdout: bytes(OK) }),
      recording('consumer.stdin.empty', { exitCode: 1 }),
    ]);
    expect(report.verdicts.map((v) => `${v.command} ${v.rule} ${v.status}`)).toEqual([
      'consumer.stdin.good CONSUMER-04 pass',
      'consumer.stdin.good CONSUMER-05 pass',
      'consumer.stdin.good CONSUMER-08 pass',
      'consumer.stdin.empty CONSUMER-01 pass',
      'consumer.stdin.empty CONSUMER-05 not_applicable',
      'consumer.stdin.empty CONSUMER-08 pass',
    ]);
    expect(report.ok).toBe(true);
  });

  it.each([
    ['consumer.stdin.eof-without-summary', 'CONSUMER-01/incomplete-accepted'],
    ['consumer.stdin.summary-not-ok', 'CONSUMER-02/error-accepted'],
    ['consumer.stdin.prose-line', 'CONSUMER-03/malformed-dropped'],
    ['consumer.spawn.killed', 'CONSUMER-06/killed-accepted'],
  ])('%s: success fails %s; any way of failing closed passes', (id, subRule) => {
    const wrong = judgeConsumer([recording(id, { stdout: bytes(OK) })]);
    expect(wrong.findings.map((f) => f.id)).toEqual([subRule]);
    // §13's fail-on-upstream-error is a recommended default: a warning, which strict fails.
    expect(wrong.ok).toBe(subRule === 'CONSUMER-02/error-accepted');
    for (const closed of [
      { exitCode: 1 },
      { exitCode: null, signal: 'SIGTERM' },
      { stdout: bytes(NOT_OK) },
      { stdout: bytes('{"type":"aoi:error","code":"X"}\n') },
    ]) {
      const right = judgeConsumer([recording(id, closed)]);
      expect(right.findings, JSON.stringify(closed)).toEqual([]);
      expect(verdict(right, subRule.split('/')[0]!, id).status).toBe('pass');
    }
  });

  it('a good upstream must succeed: a non-zero exit, a summary ok:false or an aoi:error fails CONSUMER-04', () => {
    expect(judgeConsumer([recording('consumer.stdin.good', { stdout: bytes(OK) })]).ok).toBe(true);
    expect(judgeConsumer([recording('consumer.stdin.good')]).ok).toBe(true); // a sink that prints nothing: its exit says it all
    for (const failed of [{ exitCode: 2 }, { stdout: bytes(NOT_OK) }]) {
      expect(
        judgeConsumer([recording('consumer.stdin.good', failed)]).findings.map((f) => f.id),
      ).toEqual(['CONSUMER-04/success-rejected']);
    }
  });

  it('CONSUMER-05: a summary count above the items received fails; at or below passes; no count is not applicable', () => {
    expect(receivedItems(scenario('consumer.stdin.good').stdout)).toBe(3);
    expect(receivedItems(scenario('consumer.stdin.cut-last-line').stdout)).toBe(2);
    expect(receivedItems(scenario('consumer.stdin.pretty-printed').stdout)).toBe(2);
    expect(
      receivedItems(scenario('consumer.stdin.good-with-warning-and-unknown-event').stdout),
    ).toBe(3);
    const count = (n: number) => bytes(`{"type":"aoi:summary","ok":false,"count":${n}}\n`);
    expect(
      judgeConsumer([
        recording('consumer.stdin.cut-last-line', { stdout: count(3), exitCode: 1 }),
      ]).findings.map((f) => f.id),
    ).toEqual(['CONSUMER-05/count-inflated']);
    expect(
      verdict(
        judgeConsumer([
          recording('consumer.stdin.cut-last-line', { stdout: count(2), exitCode: 1 }),
        ]),
        'CONSUMER-05',
        'consumer.stdin.cut-last-line',
      ).status,
    ).toBe('pass');
    expect(
      verdict(
        judgeConsumer([recording('consumer.stdin.cut-last-line', { exitCode: 1 })]),
        'CONSUMER-05',
        'consumer.stdin.cut-last-line',
      ),
    ).toMatchObject({ status: 'not_applicable' });
  });

  it('a consumer that hung fails CONSUMER-08, and nothing else of that scenario passes: skipped with the reason', () => {
    const report = judgeConsumer([
      recording('consumer.spawn.prompts', { timedOut: true, exitCode: null, signal: 'SIGKILL' }),
    ]);
    expect(report.findings.map((f) => f.id)).toEqual(['CONSUMER-08/hung']);
    for (const rule of ['CONSUMER-02', 'CONSUMER-05', 'CONSUMER-07']) {
      expect(verdict(report, rule, 'consumer.spawn.prompts')).toMatchObject({
        status: 'skip',
        reason: expect.stringContaining('did not end on its own within 1000 ms'),
      });
    }
  });

  it('a spawner that never ran the tool: every rule but the end is skipped, none passes', () => {
    const report = judgeConsumer([
      recording(
        'consumer.spawn.killed',
        { stdout: bytes(OK) },
        { name: 'notes', calls: 0, survivors: [] },
      ),
    ]);
    expect(report.findings).toEqual([]);
    expect(report.verdicts.filter((v) => v.status === 'pass').map((v) => v.rule)).toEqual([
      'CONSUMER-08',
    ]);
    expect(verdict(report, 'CONSUMER-06', 'consumer.spawn.killed')).toMatchObject({
      status: 'skip',
      reason: expect.stringContaining('never ran notes'),
    });
  });

  it('CONSUMER-07: a tool still running fails; none passes; unobservable (no /proc, no setsid) is skipped', () => {
    const survived = judgeConsumer([
      recording(
        'consumer.spawn.ignores-sigterm',
        { exitCode: 124 },
        { name: 'notes', calls: 1, survivors: [{ pid: 4242, command: 'node tool.mjs' }] },
      ),
    ]);
    expect(survived.findings.map((f) => [f.id, f.message])).toEqual([
      ['CONSUMER-07/child-survived', expect.stringContaining('pid 4242')],
    ]);
    expect(
      verdict(
        judgeConsumer([recording('consumer.spawn.ignores-sigterm', { exitCode: 124 })]),
        'CONSUMER-07',
        'consumer.spawn.ignores-sigterm',
      ).status,
    ).toBe('pass');
    expect(
      verdict(
        judgeConsumer([
          recording(
            'consumer.spawn.ignores-sigterm',
            { exitCode: 124 },
            { name: 'notes', calls: 1, survivors: null },
          ),
        ]),
        'CONSUMER-07',
        'consumer.spawn.ignores-sigterm',
      ).status,
    ).toBe('skip');
  });

  it('what the consumer printed reaches a finding only sanitised: escapes made visible', () => {
    const hostile =
      '\u001b]0;owned\u0007\u001b[31m{"type":"aoi:summary","ok":true}\u001b[0m\n\u202eevil\n';
    const report = judgeConsumer([
      recording('consumer.stdin.eof-without-summary', { stdout: bytes(hostile) }),
    ]);
    const [finding] = report.findings;
    expect(finding!.id).toBe('CONSUMER-01/incomplete-accepted');
    expect(finding!.excerpt).toContain('\\u001b');
    expect(`${finding!.message}${finding!.excerpt}`).not.toMatch(/[\u001b\u0007\u202e]/);
  });

  it('outcomeOf: a signal, a non-zero exit, a summary whose ok is not true, an aoi:error are failures', () => {
    const run = {
      stdout: bytes(''),
      stderr: bytes(''),
      exitCode: 0,
      signal: null,
      timedOut: false,
      durationMs: 1,
    };
    expect(outcomeOf(run).failed).toBe(false);
    expect(outcomeOf({ ...run, exitCode: null, signal: 'SIGKILL' }).failed).toBe(true);
    expect(outcomeOf({ ...run, stdout: bytes('{"type":"aoi:summary","count":1}\n') }).failed).toBe(
      true,
    );
    expect(
      outcomeOf({
        ...run,
        stdout: bytes('{"type":"aoi:summary","ok":false}\n{"type":"aoi:summary","ok":true}'),
      }).failed,
    ).toBe(false); // the last summary counts
  });
});

describe('JUnit time', () => {
  it('each judged testcase has its scenario run’s wall time, a skipped or not-applicable one 0', () => {
    const ms: Record<string, number> = {
      'consumer.stdin.good': 1250,
      'consumer.stdin.empty': 400,
      'consumer.spawn.killed': 3000,
    };
    const report = judgeConsumer([
      recording('consumer.stdin.good', { stdout: bytes(OK), durationMs: 1250 }),
      recording('consumer.stdin.empty', { exitCode: 1, durationMs: 400 }),
      // Hung: CONSUMER-08 judged, the others skipped.
      recording('consumer.spawn.killed', { timedOut: true, exitCode: null, durationMs: 3000 }),
    ]);
    expect(report.verdicts.some((v) => v.status === 'skip')).toBe(true);
    const view = { verb: 'consumer', target: 'consumer', report, durationMs: 4700 };
    expect(expectJunitTimes(view, (v) => ms[v.command!]!)).toBeGreaterThan(4);
  });
});
