import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  judgeRunner,
  runnerOutcomeOf,
  runnerTurns,
  type RunnerRecording,
} from '../../../src/checks/agentcli/runner.js';
import type { AgentCliManifest } from '../../../src/spec/agentcli/manifest.js';
import { RUNNER_SCENARIOS } from '../../../src/spec/agentcli/runner-scenarios.js';
import type { LifecycleRecord } from '../../../src/spec/agentcli/transcript.js';
import { expectJunitTimes } from '../../support/junit-time.js';

/** judgeRunner on planted recordings: each sub-rule fails on the runner that breaks it and passes on one that does not. */
const PID = 4242;
let clock = 1_000;
const r = (
  event: LifecycleRecord['event'],
  fields: Partial<LifecycleRecord> = {},
): LifecycleRecord => ({ event, pid: PID, at: (clock += 10), ...fields }) as LifecycleRecord;
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const MANIFEST = {
  name: 'agent-acp',
  version_check: {
    cmd: 'agent --version',
    parse: '^agent\\s+(\\d+\\.\\d+\\.\\d+)',
    range: '>=0.1.0 <1.0.0',
  },
  setup: [{ id: 'choose-workspace', kind: 'prompt' }],
} as unknown as AgentCliManifest;

const scenario = (id: string) => {
  const found = RUNNER_SCENARIOS.find((s) => s.id === id);
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
};
const line = (event: Record<string, unknown>) => JSON.stringify(event);

/** A clean turn of `text`, answered end_turn, with the call `call-read`: the agent's log. */
const served = (
  prompt: string,
  text = 'Hello.',
  extra: LifecycleRecord[] = [],
): LifecycleRecord[] => [
  r('version', { output: 'agent 0.1.0', code: 0, pid: 1 }),
  r('start', { argv: [] }),
  r('handshake', { offered: 1, answered: 1 }),
  r('prompt', { text: prompt }),
  // Stamped here: they happen during the turn.
  ...extra.map((x) => ({ ...x, at: (clock += 10) })),
  r('prompt-end', {
    stopReason: 'end_turn',
    textBytes: Buffer.byteLength(text),
    textSha256: sha(text),
    toolCalls: ['call-read'],
  }),
  r('exit', { code: 0 }),
];
const goodEvents = (text = 'Hello.') => [
  line({ type: 'tool-call', id: 'call-read', name: 'read_file', turn: 0 }),
  line({ type: 'tool-result', id: 'call-read', turn: 0 }),
  line({ type: 'text-delta', text, turn: 0 }),
  line({ type: 'turn-end', stopReason: 'end_turn', turn: 0 }),
];

function recording(id: string, over: Partial<RunnerRecording> = {}): RunnerRecording {
  const s = scenario(id);
  return {
    scenario: s,
    manifest: MANIFEST,
    run: {
      stdout: Buffer.from(''),
      stderr: Buffer.from(''),
      exitCode: 0,
      signal: null,
      timedOut: false,
      durationMs: 100,
    },
    timeoutMs: 30_000,
    records: served(s.turns[0]!.prompt),
    events: goodEvents(),
    alive: [],
    cancelSentAt: null,
    ...over,
  };
}
const run = (over: Partial<RunnerRecording['run']>): RunnerRecording['run'] => ({
  stdout: Buffer.from(''),
  stderr: Buffer.from(''),
  exitCode: 0,
  signal: null,
  timedOut: false,
  durationMs: 100,
  ...over,
});
const ids = (rec: RunnerRecording, strict = false) =>
  judgeRunner([rec], { strict }).findings.map((f) => f.id);
const verdict = (rec: RunnerRecording, rule: string) =>
  judgeRunner([rec]).verdicts.find((v) => v.rule === rule)!;

describe('a correct run', () => {
  it('a clean turn relayed faithfully: every rule of the scenario passes, no finding even strict', () => {
    const rec = recording('runner.acp.turn');
    const report = judgeRunner([rec], { strict: true });
    expect(report.findings).toEqual([]);
    expect(report.verdicts.map((v) => [v.rule, v.status])).toEqual([
      ['AGENTCLI-22', 'pass'],
      ['AGENTCLI-23', 'pass'],
      ['AGENTCLI-26', 'pass'],
      ['AGENTCLI-29', 'pass'],
      ['AGENTCLI-31', 'pass'],
      ['AGENTCLI-33', 'pass'],
    ]);
    expect(report.verdicts.every((v) => v.command === 'runner.acp.turn')).toBe(true);
    expect(report.scenarios[0]).toMatchObject({
      id: 'runner.acp.turn',
      agent: { starts: 1, prompts: 1, cancels: 0 },
      outcome: { exitCode: 0, failed: false, events: 4 },
    });
  });
});

describe('AGENTCLI-33 and the prerequisites', () => {
  it('hung: the kit killed it; every other rule is skipped with the reason, none passes', () => {
    const report = judgeRunner([
      recording('runner.acp.turn', {
        run: run({ timedOut: true, exitCode: null, signal: 'SIGKILL' }),
      }),
    ]);
    expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
      ['AGENTCLI-33/hung', 'warning'],
    ]);
    expect(report.verdicts.filter((v) => v.rule !== 'AGENTCLI-33').map((v) => v.status)).toEqual(
      Array(5).fill('skip'),
    );
    expect(report.scenarios[0]!.outcome).toBeNull();
  });

  it('the agent never started where it had to: every rule but 33 skipped', () => {
    const report = judgeRunner([recording('runner.acp.turn', { records: [], events: null })]);
    expect(report.findings).toEqual([]);
    const skipped = report.verdicts.filter((v) => v.status === 'skip');
    expect(skipped).toHaveLength(5);
    expect(skipped[0]!.reason).toMatch(/never started the agent/);
  });
});

describe('AGENTCLI-31 — relay', () => {
  it('prompt-not-delivered: a turn that never reached the agent', () => {
    const rec = recording('runner.acp.turn', { records: served('something else') });
    expect(ids(rec)).toContain('AGENTCLI-31/prompt-not-delivered');
  });

  it('a transcript preamble before the prompt still delivers it', () => {
    const rec = recording('runner.acp.turn', {
      records: served(`Earlier: hi\n\n${scenario('runner.acp.turn').turns[0]!.prompt}`),
    });
    expect(ids(rec)).toEqual([]);
  });

  it('mcp: the turn is the call of its tool with its arguments', () => {
    const s = scenario('runner.mcp.cancel');
    const ok = recording('runner.mcp.cancel', {
      records: [
        r('start'),
        r('prompt', { tool: 'slow_tool', text: '{"stepMs":50,"steps":600}' }),
        r('cancel'),
        r('exit', { code: 0 }),
      ],
      cancelSentAt: 0,
      events: [line({ type: 'turn-end', stopReason: 'cancelled' })],
    });
    expect(s.turns[0]!.tool).toBe('slow_tool');
    expect(ids(ok)).toEqual([]);
    const wrong = recording('runner.mcp.cancel', {
      records: [
        r('start'),
        r('prompt', { tool: 'echo', text: '{"stepMs":50,"steps":600}' }),
        r('cancel'),
        r('exit', { code: 0 }),
      ],
      cancelSentAt: 0,
      events: [line({ type: 'turn-end', stopReason: 'cancelled' })],
    });
    expect(ids(wrong)).toEqual(['AGENTCLI-31/prompt-not-delivered']);
  });

  it('success-rejected: a clean turn and a non-zero exit', () => {
    expect(ids(recording('runner.acp.turn', { run: run({ exitCode: 1 }) }))).toEqual([
      'AGENTCLI-31/success-rejected',
    ]);
  });

  it('an error event mid-turn followed by the turn-end is not a failure', () => {
    const events = [line({ type: 'error', message: 'a bad line', turn: 0 }), ...goodEvents()];
    const rec = recording('runner.acp.malformed-frame', { events });
    expect(runnerOutcomeOf(rec).failed).toBe(false);
    expect(ids(rec)).toEqual([]);
  });

  it('events-unfaithful: the text, the tool calls, the stop reason, the question', () => {
    const text = recording('runner.acp.turn', { events: goodEvents('Hello') });
    expect(judgeRunner([text]).findings[0]!.message).toMatch(
      /text-deltas add up to 5 bytes, not the agent's 6/,
    );
    const noTool = recording('runner.acp.turn', { events: goodEvents().slice(2) });
    expect(judgeRunner([noTool]).findings[0]!.message).toMatch(/no tool-call "call-read"/);
    const stop = recording('runner.acp.turn', {
      events: [
        ...goodEvents().slice(0, 3),
        line({ type: 'turn-end', stopReason: 'refusal', turn: 0 }),
      ],
    });
    expect(judgeRunner([stop]).findings[0]!.message).toMatch(
      /says refusal, the agent said end_turn/,
    );
    const noEnd = recording('runner.acp.turn', { events: goodEvents().slice(0, 3) });
    expect(ids(noEnd)).toEqual(['AGENTCLI-31/events-unfaithful', 'AGENTCLI-22/no-turn-end']);
    const s = scenario('runner.acp.permission-denied');
    const asked = recording('runner.acp.permission-denied', {
      records: served(s.turns[0]!.prompt, 'Hello.', [
        r('permission', { id: 'perm-1', outcome: 'reject' }),
      ]),
    });
    expect(judgeRunner([asked]).findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/the agent asked for permission and it has no agent-prompt/),
    ]);
    for (const rec of [text, noTool, stop])
      expect(ids(rec)).toEqual(['AGENTCLI-31/events-unfaithful']);
  });

  it('no events: not judged on them, a note says so; 22 and 23 are not applicable', () => {
    const report = judgeRunner([recording('runner.acp.turn', { events: null })]);
    expect(report.findings).toEqual([]);
    const v31 = report.verdicts.find((v) => v.rule === 'AGENTCLI-31')!;
    expect(v31.status).toBe('pass');
    expect(v31.notes?.[0]).toMatch(/reported no events/);
    expect(report.verdicts.find((v) => v.rule === 'AGENTCLI-22')!.status).toBe('not_applicable');
  });
});

describe('AGENTCLI-22, 23 on the runner’s events', () => {
  it('adopts the turn checker’s findings: a type outside the taxonomy, a late event', () => {
    const events = [...goodEvents(), line({ type: 'text-delta', text: 'late', turn: 0 })];
    expect(ids(recording('runner.acp.turn', { events }))).toContain('AGENTCLI-22/event-after-end');
    const odd = [line({ type: 'status', turn: 0 }), ...goodEvents()];
    expect(ids(recording('runner.acp.turn', { events: odd }))).toContain(
      'AGENTCLI-22/unknown-type',
    );
  });
});

describe('runnerTurns: the runner’s events by turn', () => {
  it('by `turn` when given, else one turn, else split after each turn-end', () => {
    const e = (type: string, turn?: number) => ({ type, ...(turn !== undefined ? { turn } : {}) });
    expect(runnerTurns([e('text-delta', 1), e('turn-end', 1)], 2)).toEqual([
      [],
      [e('text-delta', 1), e('turn-end', 1)],
    ]);
    expect(runnerTurns([e('error'), e('turn-end')], 1)).toEqual([[e('error'), e('turn-end')]]);
    expect(runnerTurns([e('turn-end'), e('text-delta'), e('turn-end')], 2)).toEqual([
      [e('turn-end')],
      [e('text-delta'), e('turn-end')],
    ]);
  });
});

describe('AGENTCLI-32 — failures', () => {
  const died = (message = 'fake agent: fatal: crashed mid-turn'): LifecycleRecord[] => [
    r('start'),
    r('prompt', { text: scenario('runner.acp.crash-mid-turn').turns[0]!.prompt }),
    r('fatal', { message, code: 23 }),
    r('exit', { code: 23 }),
  ];
  it('failure-hidden: the agent died and the runner exited 0', () => {
    const rec = recording('runner.acp.crash-mid-turn', { records: died(), events: null });
    expect(judgeRunner([rec]).findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/the agent died \(status 23\), and the runner reported success/),
    ]);
  });
  it('failure-unexplained: a failure without the stderr line or the status; both said: none', () => {
    const vague = recording('runner.acp.crash-mid-turn', {
      records: died(),
      run: run({ exitCode: 1, stderr: Buffer.from('runner: the agent failed\n') }),
    });
    expect(judgeRunner([vague]).findings.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /without the agent's stderr \("fake agent: fatal: crashed mid-turn"\) or exit status \(23\)/,
      ),
    ]);
    const said = recording('runner.acp.crash-mid-turn', {
      records: died(),
      run: run({
        exitCode: 1,
        stderr: Buffer.from(
          'runner: the agent exited (exit status 23); stderr: fake agent: fatal: crashed mid-turn\n',
        ),
      }),
    });
    expect(ids(said)).toEqual([]);
    const halfSaid = recording('runner.acp.crash-mid-turn', {
      records: died(),
      events: [line({ type: 'error', message: 'agent gone with code 23' })],
    });
    expect(judgeRunner([halfSaid]).findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/without the agent's stderr/),
    ]);
  });
  it('a signal is stated by its name', () => {
    const records = [r('start'), r('fatal', { message: 'boom', signal: 'SIGKILL' })];
    const rec = recording('runner.acp.crash-mid-turn', {
      records,
      run: run({ exitCode: 1, stderr: Buffer.from('agent killed by SIGKILL: boom') }),
    });
    expect(ids(rec)).toEqual([]);
  });
  it('a refusal must be a failure too', () => {
    const rec = recording('runner.acp.version-outdated', {
      records: [r('version', { output: 'agent 0.1.0' })],
      events: null,
    });
    expect(ids(rec)).toEqual(['AGENTCLI-32/failure-hidden']);
  });
});

describe('AGENTCLI-34 — refusals', () => {
  it('unknown-protocol-loaded: any start (an error)', () => {
    const rec = recording('runner.acp.unknown-protocol', { run: run({ exitCode: 2 }) });
    expect(judgeRunner([rec]).findings.map((f) => [f.id, f.severity])).toEqual([
      ['AGENTCLI-34/unknown-protocol-loaded', 'error'],
    ]);
    expect(
      ids(recording('runner.acp.unknown-protocol', { records: [], run: run({ exitCode: 2 }) })),
    ).toEqual([]);
  });
  it('version-disagreed: a session after a version it cannot speak; refused at the handshake: none', () => {
    const went = [
      r('start'),
      r('handshake', { offered: 1, answered: 999 }),
      r('session-open', { sessionId: 's1' }),
      r('exit', { code: 0 }),
    ];
    expect(
      ids(
        recording('runner.acp.unknown-protocol-version', {
          records: went,
          run: run({ exitCode: 1 }),
        }),
      ),
    ).toEqual(['AGENTCLI-34/version-disagreed']);
    const refused = [
      r('start'),
      r('handshake', { offered: 1, answered: 999 }),
      r('exit', { code: 0 }),
    ];
    expect(
      ids(
        recording('runner.acp.unknown-protocol-version', {
          records: refused,
          run: run({ exitCode: 2 }),
        }),
      ),
    ).toEqual([]);
  });
  it('capabilities-not-enforced: a turn to an agent that offers less than its manifest', () => {
    const went = [
      r('start'),
      r('handshake', { offered: 1, answered: 1 }),
      r('prompt', { text: 'x' }),
      r('exit', { code: 0 }),
    ];
    expect(
      ids(recording('runner.acp.not-resumable', { records: went, run: run({ exitCode: 1 }) })),
    ).toEqual(['AGENTCLI-34/capabilities-not-enforced']);
  });
});

describe('AGENTCLI-35 — the user’s cancel and answers', () => {
  const cancelRecords = (cancel: boolean) => [
    r('start'),
    r('prompt', { text: scenario('runner.acp.cancel').turns[0]!.prompt }),
    ...(cancel ? [r('cancel', { sessionId: 's1' })] : []),
    r('exit', { code: 0 }),
  ];
  const cancelled = [
    line({ type: 'text-delta', text: 'Starting', turn: 0 }),
    line({ type: 'turn-end', stopReason: 'cancelled', turn: 0 }),
  ];
  it('forwarded and reported: none; not forwarded, not reported: both', () => {
    expect(
      ids(
        recording('runner.acp.cancel', {
          records: cancelRecords(true),
          cancelSentAt: 0,
          events: cancelled,
        }),
      ),
    ).toEqual([]);
    expect(
      ids(
        recording('runner.acp.cancel', {
          records: cancelRecords(false),
          cancelSentAt: 0,
          events: cancelled.slice(0, 1),
        }),
      ),
    ).toEqual([
      'AGENTCLI-22/no-turn-end',
      'AGENTCLI-35/cancel-not-forwarded',
      'AGENTCLI-35/cancel-not-reported',
    ]);
  });
  it('a cancel before the kit’s SIGINT is not the user’s', () => {
    const records = cancelRecords(true);
    const sentAt = records.find((x) => x.event === 'cancel')!.at + 1_000;
    expect(
      ids(recording('runner.acp.cancel', { records, cancelSentAt: sentAt, events: cancelled })),
    ).toEqual(['AGENTCLI-35/cancel-not-forwarded']);
  });
  it('no SIGINT sent (the turn never reached the agent): skipped', () => {
    expect(
      verdict(
        recording('runner.acp.cancel', { records: [r('start')], cancelSentAt: null }),
        'AGENTCLI-35',
      ).status,
    ).toBe('skip');
  });
  it('permission-overridden: an approval the user did not give (an error); a rejection: none', () => {
    const s = scenario('runner.acp.permission-denied');
    const withAnswer = (outcome: 'allow' | 'reject') =>
      recording('runner.acp.permission-denied', {
        records: served(s.turns[0]!.prompt, 'Hello.', [r('permission', { id: 'perm-1', outcome })]),
        events: [line({ type: 'agent-prompt', id: 'perm-1', turn: 0 }), ...goodEvents()],
      });
    expect(judgeRunner([withAnswer('allow')]).findings.map((f) => [f.id, f.severity])).toEqual([
      ['AGENTCLI-35/permission-overridden', 'error'],
    ]);
    expect(ids(withAnswer('reject'))).toEqual([]);
    expect(verdict(recording('runner.acp.permission-denied'), 'AGENTCLI-35').status).toBe('skip');
  });
});

describe('the rules the runner verb adopts', () => {
  it('AGENTCLI-26 from what was alive; skipped when that cannot be seen', () => {
    expect(ids(recording('runner.acp.turn', { alive: [PID] }))).toEqual(['AGENTCLI-26/orphan']);
    expect(verdict(recording('runner.acp.turn', { alive: null }), 'AGENTCLI-26').status).toBe(
      'skip',
    );
  });
  it('AGENTCLI-28: a turn past max_turns; AGENTCLI-27: a transcript turn without the one before', () => {
    const s = scenario('runner.acp.max-turns');
    const both = [
      r('start'),
      r('prompt', { text: s.turns[0]!.prompt, sessionId: 's' }),
      r('prompt', { text: s.turns[1]!.prompt, sessionId: 's' }),
      r('exit', { code: 0 }),
    ];
    expect(ids(recording('runner.acp.max-turns', { records: both, events: null }))).toEqual([
      'AGENTCLI-28/max-turns-exceeded',
    ]);
    const t = scenario('runner.acp.transcript');
    const bare = [
      r('start'),
      r('prompt', { text: t.turns[0]!.prompt }),
      r('prompt', { text: t.turns[1]!.prompt }),
      r('exit', { code: 0 }),
    ];
    expect(ids(recording('runner.acp.transcript', { records: bare, events: null }))).toContain(
      'AGENTCLI-27/transcript-missing',
    );
  });
  it('AGENTCLI-29: spawned with setup pending; a refusal without setup_required; the right refusal: none', () => {
    expect(
      ids(
        recording('runner.acp.setup-pending', { records: [r('start')], run: run({ exitCode: 2 }) }),
      ),
    ).toEqual(['AGENTCLI-29/spawned-before-setup']);
    expect(
      ids(
        recording('runner.acp.setup-pending', {
          records: [],
          run: run({ exitCode: 2 }),
          events: [line({ type: 'error', message: 'no' })],
        }),
      ),
    ).toEqual(['AGENTCLI-29/setup-not-reported']);
    const refusal = line({ type: 'error', code: 'setup_required', pending: ['choose-workspace'] });
    expect(
      ids(
        recording('runner.acp.setup-pending', {
          records: [],
          run: run({ exitCode: 2 }),
          events: [refusal],
        }),
      ),
    ).toEqual([]);
    const onStdout = JSON.stringify({
      ok: false,
      error: { code: 'setup_required', steps: [{ id: 'choose-workspace' }] },
    });
    expect(
      ids(
        recording('runner.acp.setup-pending', {
          records: [],
          run: run({ exitCode: 2, stdout: Buffer.from(`${onStdout}\n`) }),
          events: null,
        }),
      ),
    ).toEqual([]);
  });
  it('AGENTCLI-30: the secret in the runner’s output (masked in the finding) or on the agent’s argv', () => {
    const secret = 'aoi-canary-0123456789abcdef';
    const leaked = recording('runner.acp.secret', {
      secret,
      run: run({ stderr: Buffer.from(`debug: key=${secret}\n`) }),
    });
    const report = judgeRunner([leaked]);
    expect(report.findings.map((f) => f.id)).toEqual(['AGENTCLI-30/secret-in-logs']);
    expect(JSON.stringify(report)).not.toContain(secret);
    const argv = recording('runner.acp.secret', {
      secret,
      records: served(scenario('runner.acp.secret').turns[0]!.prompt).map((x) =>
        x.event === 'start' ? { ...x, argv: ['--key', secret] } : x,
      ),
    });
    expect(ids(argv)).toEqual(['AGENTCLI-30/secret-on-argv']);
  });
});

describe('strict', () => {
  it('makes every warning an error that fails its rule', () => {
    const rec = recording('runner.acp.turn', { run: run({ exitCode: 1 }) });
    expect(judgeRunner([rec]).ok).toBe(true);
    const strict = judgeRunner([rec], { strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.findings[0]!.severity).toBe('error');
  });
});

describe('JUnit time', () => {
  it('each judged testcase has its scenario run’s wall time, a skipped one 0', () => {
    const report = judgeRunner([
      recording('runner.acp.turn', { run: run({ durationMs: 1500 }) }),
      recording('runner.acp.cancel', {
        run: run({ timedOut: true, exitCode: null, signal: 'SIGKILL', durationMs: 30_000 }),
      }),
    ]);
    expect(report.verdicts.filter((v) => v.status === 'skip').length).toBeGreaterThan(2);
    const ms = (id: string) => (id === 'runner.acp.turn' ? 1500 : 30_000);
    const view = { verb: 'runner', target: 'runner', report, durationMs: 31_600 };
    expect(expectJunitTimes(view, (v) => ms(v.command!))).toBeGreaterThan(6);
  });
});
