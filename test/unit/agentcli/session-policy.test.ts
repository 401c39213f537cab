import { describe, expect, test } from 'vitest';
import {
  checkSessionPolicy,
  idleTimeoutOf,
  IDLE_MARGIN_MS,
} from '../../../src/checks/agentcli/session-policy.js';
import type { LifecycleRecord } from '../../../src/spec/agentcli/transcript.js';

const start = (pid: number, at = 0): LifecycleRecord => ({ event: 'start', pid, at });
const prompt = (pid: number, sessionId: string, text: string, at = 10): LifecycleRecord => ({
  event: 'prompt',
  pid,
  sessionId,
  text,
  at,
});
const end = (pid: number, sessionId: string, at: number): LifecycleRecord => ({
  event: 'prompt-end',
  pid,
  sessionId,
  stopReason: 'end_turn',
  at,
});
const close = (pid: number, sessionId: string, at: number): LifecycleRecord => ({
  event: 'session-close',
  pid,
  sessionId,
  at,
});
const ids = (records: LifecycleRecord[], input: Parameters<typeof checkSessionPolicy>[1]) =>
  checkSessionPolicy(records, input).findings.map((f) => f.id);
const status = (
  records: LifecycleRecord[],
  input: Parameters<typeof checkSessionPolicy>[1],
  rule: string,
) => checkSessionPolicy(records, input).verdicts.find((v) => v.rule === rule)?.status;

describe('AGENTCLI-27 — continuation', () => {
  const a = [
    { conversation: 'a', text: 'one' },
    { conversation: 'a', text: 'two' },
  ];
  test('pinned-session: the same pid and session passes; another pid or session is pinned-not-kept', () => {
    expect(
      ids([start(1), prompt(1, 's1', 'one'), prompt(1, 's1', 'two')], {
        continuation: 'pinned-session',
        turns: a,
      }),
    ).toEqual([]);
    expect(
      status(
        [start(1), prompt(1, 's1', 'one'), prompt(1, 's1', 'two')],
        { continuation: 'pinned-session', turns: a },
        'AGENTCLI-27',
      ),
    ).toBe('pass');
    expect(
      ids([start(1), start(2), prompt(1, 's1', 'one'), prompt(2, 's1', 'two')], {
        continuation: 'pinned-session',
        turns: a,
      }),
    ).toEqual(['AGENTCLI-27/pinned-not-kept']);
    expect(
      ids([start(1), prompt(1, 's1', 'one'), prompt(1, 's2', 'two')], {
        continuation: 'pinned-session',
        turns: a,
      }),
    ).toEqual(['AGENTCLI-27/pinned-not-kept']);
  });

  test('pinned-session: two conversations on one pid are pinned-shared; on two pids they pass', () => {
    const ab = [
      { conversation: 'a', text: 'one' },
      { conversation: 'b', text: 'other' },
    ];
    expect(
      ids([start(1), prompt(1, 's1', 'one'), prompt(1, 's2', 'other')], {
        continuation: 'pinned-session',
        turns: ab,
      }),
    ).toEqual(['AGENTCLI-27/pinned-shared']);
    expect(
      ids([start(1), start(2), prompt(1, 's1', 'one'), prompt(2, 's1', 'other')], {
        continuation: 'pinned-session',
        turns: ab,
      }),
    ).toEqual([]);
  });

  test('transcript: the previous message must come before the current one', () => {
    expect(
      ids([start(1), prompt(1, 's1', 'one'), prompt(1, 's2', 'user: one\nagent: ok\n\ntwo')], {
        continuation: 'transcript',
        turns: a,
      }),
    ).toEqual([]);
    expect(
      ids([start(1), prompt(1, 's1', 'one'), prompt(1, 's2', 'two')], {
        continuation: 'transcript',
        turns: a,
      }),
    ).toEqual(['AGENTCLI-27/transcript-missing']);
    // The previous message after the current one is no preamble.
    expect(
      ids([start(1), prompt(1, 's1', 'one'), prompt(1, 's2', 'two one')], {
        continuation: 'transcript',
        turns: [
          { conversation: 'a', text: 'one' },
          { conversation: 'a', text: 'two one' },
        ],
      }),
    ).toEqual(['AGENTCLI-27/transcript-missing']);
  });

  test('not judged without a strategy and turns, or for none; skipped when no turn reached the agent', () => {
    expect(status([start(1), prompt(1, 's1', 'one')], {}, 'AGENTCLI-27')).toBe('not_applicable');
    expect(
      status([start(1), prompt(1, 's1', 'one')], { continuation: 'none', turns: a }, 'AGENTCLI-27'),
    ).toBe('not_applicable');
    expect(
      status(
        [start(1), prompt(1, 's1', 'something else')],
        { continuation: 'pinned-session', turns: a },
        'AGENTCLI-27',
      ),
    ).toBe('skip');
    expect(status([], { continuation: 'pinned-session', turns: a }, 'AGENTCLI-27')).toBe(
      'not_applicable',
    );
  });
});

describe('AGENTCLI-28 — session limits', () => {
  test('max_turns: the prompt past the limit in one session is reported once', () => {
    const three = [
      start(1),
      prompt(1, 's1', 'a'),
      prompt(1, 's1', 'b'),
      prompt(1, 's1', 'c'),
      prompt(1, 's1', 'd'),
    ];
    expect(ids(three, { maxTurns: 2 })).toEqual(['AGENTCLI-28/max-turns-exceeded']);
    expect(ids(three, { maxTurns: 4 })).toEqual([]);
    expect(
      ids([start(1), prompt(1, 's1', 'a'), prompt(1, 's2', 'b'), prompt(1, 's3', 'c')], {
        maxTurns: 1,
      }),
    ).toEqual([]);
  });

  test('idle: ended after the timeout passes; before is early (a warning); still open past the margin is not-ended', () => {
    const idle = (judgedAt: number) => ({ idleTimeoutMs: 1000, judgedAt });
    expect(ids([start(1), end(1, 's1', 100), close(1, 's1', 1100)], { idle: idle(2000) })).toEqual(
      [],
    );
    const early = checkSessionPolicy([start(1), end(1, 's1', 100), close(1, 's1', 300)], {
      idle: idle(2000),
    });
    expect(early.findings.map((f) => f.id)).toEqual(['AGENTCLI-28/idle-ended-early']);
    expect(early.ok).toBe(true);
    expect(
      ids([start(1), end(1, 's1', 100)], { idle: idle(100 + 1000 + IDLE_MARGIN_MS + 1) }),
    ).toEqual(['AGENTCLI-28/idle-not-ended']);
    expect(
      ids([start(1), end(1, 's1', 100), close(1, 's1', 100 + 1000 + IDLE_MARGIN_MS + 1)], {
        idle: idle(20_000),
      }),
    ).toEqual(['AGENTCLI-28/idle-not-ended']);
  });

  test('idle judged too soon is skip, not pass; nothing to judge is not_applicable', () => {
    expect(
      status(
        [start(1), end(1, 's1', 100)],
        { idle: { idleTimeoutMs: 1000, judgedAt: 1500 } },
        'AGENTCLI-28',
      ),
    ).toBe('skip');
    expect(status([start(1)], {}, 'AGENTCLI-28')).toBe('not_applicable');
  });

  test('idleTimeoutOf: the pinned TTL for a pinned child, else the session timeout, else 10 minutes', () => {
    expect(
      idleTimeoutOf({
        session: { idle_timeout_ms: 5000 },
        continuation: {
          default: 'pinned-session',
          supported: ['pinned-session'],
          pinned_session: { idle_timeout_ms: 2000 },
        },
      }),
    ).toBe(2000);
    expect(
      idleTimeoutOf(
        {
          session: { idle_timeout_ms: 5000 },
          continuation: {
            default: 'pinned-session',
            supported: ['pinned-session', 'none'],
            pinned_session: { idle_timeout_ms: 2000 },
          },
        },
        'none',
      ),
    ).toBe(5000);
    expect(idleTimeoutOf({})).toBe(600_000);
  });

  test('never throws on junk', () => {
    expect(() =>
      checkSessionPolicy(null as never, {
        turns: [null, 3] as never,
        continuation: 'transcript',
        idle: {} as never,
      }),
    ).not.toThrow();
  });
});
