import { describe, expect, test } from 'vitest';
import { checkTurns } from '../../../src/checks/agentcli/turns.js';
import {
  acp,
  acpOpen,
  chunk,
  cleanAcp,
  cleanRepl,
  err,
  from,
  mcp,
  mcpOpen,
  note,
  prompt,
  repl,
  req,
  res,
  stop,
  to,
  toolCall,
  toolDone,
  update,
} from './frames.js';

const ids = (input: Parameters<typeof checkTurns>[0], options?: Parameters<typeof checkTurns>[1]) =>
  checkTurns(input, options).findings.map((f) => f.id);

describe('clean conversations pass every rule', () => {
  test.each([
    ['acp', cleanAcp()],
    [
      'mcp',
      mcp(
        ...mcpOpen(),
        to(req(1, 'tools/call', { name: 'echo', arguments: {} })),
        from(res(1, { content: [] })),
      ),
    ],
    [
      'mcp (older version the client speaks)',
      mcp(
        ...mcpOpen('2025-03-26'),
        to(req(1, 'tools/call', { name: 'echo' })),
        from(res(1, { content: [] })),
      ),
    ],
    ['proprietary', cleanRepl()],
  ])('%s', (_name, transcript) => {
    const report = checkTurns(transcript, {
      capabilities: { streaming: true, tool_calls: true, bidirectional: true, resumable: true },
      secrets: ['sk-not-in-there-123'],
    });
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.turns).toBe(1);
    expect(report.verdicts.map((v) => v.status)).toEqual([
      'pass',
      'pass',
      'pass',
      'pass',
      'pass',
      'pass',
    ]);
  });
});

describe('AGENTCLI-20 handshake', () => {
  test('no-handshake: unanswered initialize, no initialize, no ready', () => {
    expect(ids(acp(to(req(0, 'initialize', { protocolVersion: 1 }))))).toEqual([
      'AGENTCLI-20/no-handshake',
    ]);
    expect(ids(acp())).toEqual(['AGENTCLI-20/no-handshake']);
    expect(
      ids(acp(to(req(0, 'initialize', { protocolVersion: 1 })), from(err(0, -32603, 'no')))),
    ).toEqual(['AGENTCLI-20/no-handshake']);
    expect(ids(repl('> say "hi"'))).toEqual([
      'AGENTCLI-20/no-handshake',
      'AGENTCLI-22/no-turn-end',
    ]);
    const f = checkTurns(acp(to(req(0, 'initialize', { protocolVersion: 1 })))).findings[0]!;
    expect(f).toMatchObject({ line: 1, rule: 'AGENTCLI-20', docs: 'docs/rules/AGENTCLI-20.md' });
  });

  test('protocol-version: ACP number must be what was offered; MCP date: same, or an older known revision', () => {
    expect(ids(acp(...acpOpen(999)))).toEqual(['AGENTCLI-20/protocol-version']);
    expect(ids(acp(...acpOpen('1' as never)))).toEqual(['AGENTCLI-20/protocol-version']);
    expect(ids(mcp(...mcpOpen('1999-01-01')))).toEqual(['AGENTCLI-20/protocol-version']);
    expect(ids(mcp(...mcpOpen('2099-01-01')))).toEqual(['AGENTCLI-20/protocol-version']);
    expect(ids(mcp(...mcpOpen('2024-11-05')))).toEqual([]);
    expect(checkTurns(acp(...acpOpen(999))).findings[0]).toMatchObject({
      line: 2,
      message: expect.stringContaining('999'),
    });
  });

  test('before-handshake: session traffic before the answer', () => {
    expect(
      ids(
        acp(
          to(req(0, 'initialize', { protocolVersion: 1 })),
          chunk('early'),
          from(res(0, { protocolVersion: 1 })),
        ),
      ),
    ).toContain('AGENTCLI-20/before-handshake');
    expect(ids(repl('text "early"', 'ready {}'))).toContain('AGENTCLI-20/before-handshake');
    expect(
      ids(
        mcp(
          to(req(0, 'initialize', { protocolVersion: '2025-06-18' })),
          from(note('notifications/message', { level: 'info' })),
          from(res(0, { protocolVersion: '2025-06-18' })),
        ),
      ),
    ).toEqual([]);
  });
});

describe('AGENTCLI-21 frames', () => {
  test('malformed-frame: not JSON, not JSON-RPC, a REPL payload that is not JSON', () => {
    expect(ids(acp(...acpOpen(), from('INFO starting')))).toEqual(['AGENTCLI-21/malformed-frame']);
    expect(ids(acp(...acpOpen(), from({ hello: 1 })))).toEqual(['AGENTCLI-21/malformed-frame']);
    expect(ids(mcp(...mcpOpen(), from({ jsonrpc: '1.0', id: 3, result: {} })))).toEqual([
      'AGENTCLI-21/malformed-frame',
    ]);
    expect(ids(repl('ready {}', '> say "a"', 'text "cut', 'done {}'))).toEqual([
      'AGENTCLI-21/malformed-frame',
    ]);
    expect(checkTurns(acp(...acpOpen(), from('INFO starting'))).findings[0]).toMatchObject({
      line: 5,
      excerpt: 'INFO starting',
    });
  });

  test('unknown-tag, and a runner line with a bad tag is not the agent’s fault', () => {
    expect(ids(repl('ready {}', 'banner {}'))).toEqual(['AGENTCLI-21/unknown-tag']);
    expect(ids(repl('ready {}', '> hello'))).toEqual([]);
  });
});

describe('AGENTCLI-22 turn ends', () => {
  test('no-turn-end: a prompt never answered, even with no update at all', () => {
    expect(ids(acp(...acpOpen(), prompt(2), chunk('a')))).toEqual(['AGENTCLI-22/no-turn-end']);
    const f = checkTurns(acp(...acpOpen(), prompt(2))).findings;
    expect(f.map((x) => [x.id, x.line])).toEqual([['AGENTCLI-22/no-turn-end', 5]]);
    expect(ids([{ type: 'text-delta', text: 'a' }])).toEqual(['AGENTCLI-22/no-turn-end']);
  });

  test('double-end and event-after-end', () => {
    expect(ids(repl('ready {}', '> say "a"', 'done {}', 'done {}'))).toEqual([
      'AGENTCLI-22/double-end',
    ]);
    expect(ids(acp(...acpOpen(), prompt(2), stop(2), chunk('late')))).toEqual([
      'AGENTCLI-22/event-after-end',
    ]);
    expect(
      ids([
        { type: 'turn-end', turn: 0 },
        { type: 'error', turn: 0, message: 'x' },
      ]),
    ).toEqual(['AGENTCLI-22/double-end']);
    expect(
      ids([
        { type: 'turn-end', turn: 0 },
        { type: 'text-delta', turn: 0, text: 'late' },
      ]),
    ).toEqual(['AGENTCLI-22/event-after-end']);
  });

  test('an error during a turn that then ends is not a second end; an error alone ends a turn', () => {
    expect(
      ids(
        repl('ready {}', '> say "a"', 'error {"message":"tool broke"}', 'text "sorry"', 'done {}'),
      ),
    ).toEqual([]);
    expect(
      ids([
        { type: 'text-delta', turn: 0, text: 'a' },
        { type: 'error', turn: 0, message: 'agent exited' },
      ]),
    ).toEqual([]);
    expect(
      ids([
        { type: 'error', turn: 0, message: 'x' },
        { type: 'text-delta', turn: 0, text: 'a' },
      ]),
    ).toEqual(['AGENTCLI-22/no-turn-end']);
  });

  test('events without turn: each turn-end/error closes a turn', () => {
    const report = checkTurns([
      { type: 'text-delta', text: 'a' },
      { type: 'turn-end' },
      { type: 'error', message: 'x' },
      { type: 'turn-end' },
    ]);
    expect(report.findings).toEqual([]);
    expect(report.turns).toBe(3);
  });

  test('cancel-ignored: a cancelled turn that goes on and ends end_turn (or with an error); cancelled passes', () => {
    const cancel = (sessionId = 's1') => to(note('session/cancel', { sessionId }));
    const ignored = acp(
      ...acpOpen(),
      prompt(2),
      toolCall('c1'),
      cancel(),
      toolDone('c1'),
      chunk('finished'),
      stop(2),
    );
    const f = checkTurns(ignored).findings;
    expect(f.map((x) => [x.id, x.line, x.severity])).toEqual([
      ['AGENTCLI-22/cancel-ignored', 10, 'error'],
    ]);
    expect(f[0]!.message).toMatch(
      /turn 1 was cancelled \(frame 7\), the agent went on with it, and it ended with stopReason "end_turn"/,
    );
    expect(
      ids(
        acp(
          ...acpOpen(),
          prompt(2),
          toolCall('c1'),
          cancel(),
          chunk('partial'),
          from(err(2, -32603, 'aborted')),
        ),
      ),
    ).toEqual(['AGENTCLI-22/cancel-ignored']);
    // Honoured: updates after the cancel are allowed before the cancelled answer.
    expect(
      ids(
        acp(
          ...acpOpen(),
          prompt(2),
          toolCall('c1'),
          cancel(),
          toolDone('c1', 'failed'),
          stop(2, 'cancelled'),
        ),
      ),
    ).toEqual([]);
    // A cancel of another session, or one after the turn ended, judges nothing.
    expect(
      ids(acp(...acpOpen(), prompt(2), toolCall('c1'), cancel('s2'), toolDone('c1'), stop(2))),
    ).toEqual([]);
    expect(
      ids(acp(...acpOpen(), prompt(2), toolCall('c1'), toolDone('c1'), stop(2), cancel())),
    ).toEqual([]);
    // The REPL's cancel, and its done.
    expect(
      ids(
        repl(
          'ready {}',
          '> say "a"',
          'tool {"id":"t","name":"x"}',
          '> cancel',
          'result {"id":"t","output":"ok"}',
          'done {"stopReason":"end_turn"}',
        ),
      ),
    ).toEqual(['AGENTCLI-22/cancel-ignored']);
    // (and the call left pending by a cancelled turn is settled: no unanswered-call)
    expect(
      ids(
        repl(
          'ready {}',
          '> say "a"',
          'tool {"id":"t","name":"x"}',
          '> cancel',
          'done {"stopReason":"cancelled"}',
        ),
      ),
    ).toEqual([]);
  });

  test('cancel-ignored: an end that may have crossed the cancel on the wire is judged only under strict', () => {
    const crossed = acp(
      ...acpOpen(),
      prompt(2),
      toolCall('c1'),
      toolDone('c1'),
      to(note('session/cancel', { sessionId: 's1' })),
      stop(2),
    );
    expect(ids(crossed)).toEqual([]);
    expect(ids(crossed, { strict: true })).toEqual(['AGENTCLI-22/cancel-ignored']);
    expect(checkTurns(crossed, { strict: true }).findings[0]!.message).not.toMatch(/went on/);
  });

  test('unknown-type in an event array', () => {
    expect(ids([{ type: 'message', text: 'a' }, 'x', { type: 'turn-end' }])).toEqual([
      'AGENTCLI-22/unknown-type',
      'AGENTCLI-22/unknown-type',
    ]);
  });
});

describe('AGENTCLI-23 tool calls', () => {
  test('orphan-result', () => {
    expect(ids(acp(...acpOpen(), prompt(2), toolDone('nope'), stop(2)))).toEqual([
      'AGENTCLI-23/orphan-result',
    ]);
  });
  test('unanswered-call, settled by an error; ids may be toolCallId', () => {
    expect(ids(acp(...acpOpen(), prompt(2), toolCall('c1'), stop(2)))).toEqual([
      'AGENTCLI-23/unanswered-call',
    ]);
    // A warning (the spec never says every call is answered): it fails the rule only under strict.
    const dangling = acp(...acpOpen(), prompt(2), toolCall('c1'), stop(2));
    expect(checkTurns(dangling)).toMatchObject({ ok: true, findings: [{ severity: 'warning' }] });
    expect(checkTurns(dangling, { strict: true })).toMatchObject({
      ok: false,
      findings: [{ severity: 'error' }],
    });
    expect(
      ids([
        { type: 'tool-call', toolCallId: 'c1', name: 'x' },
        { type: 'tool-result', toolCallId: 'c1' },
        { type: 'turn-end' },
      ]),
    ).toEqual([]);
    expect(
      ids([
        { type: 'tool-call', id: 'c1', name: 'x' },
        { type: 'error', message: 'agent died' },
      ]),
    ).toEqual([]);
  });
  test('duplicate-call-id within a session, not across sessions', () => {
    expect(
      ids(
        acp(
          ...acpOpen(),
          prompt(2),
          toolCall('c1'),
          toolDone('c1'),
          toolCall('c1'),
          toolDone('c1'),
          stop(2),
        ),
      ),
    ).toEqual(['AGENTCLI-23/duplicate-call-id']);
    expect(
      ids([
        { type: 'tool-call', id: 'c', name: 'x', sessionId: 'a', turn: 0 },
        { type: 'tool-result', id: 'c', sessionId: 'a', turn: 0 },
        { type: 'turn-end', turn: 0 },
        { type: 'tool-call', id: 'c', name: 'x', sessionId: 'b', turn: 1 },
        { type: 'tool-result', id: 'c', sessionId: 'b', turn: 1 },
        { type: 'turn-end', turn: 1 },
      ]),
    ).toEqual([]);
  });
});

describe('AGENTCLI-24 capabilities (only when given)', () => {
  const t = cleanAcp();
  test('each capability declared false is a finding; undeclared is none', () => {
    expect(ids(t)).toEqual([]);
    expect(ids(t, { capabilities: { tool_calls: false } })).toEqual(['AGENTCLI-24/tool-calls']);
    expect(ids(t, { capabilities: { streaming: false } })).toEqual(['AGENTCLI-24/streaming']);
    expect(ids(t, { capabilities: { bidirectional: false } })).toEqual([
      'AGENTCLI-24/bidirectional',
    ]);
    expect(
      ids(acp(...acpOpen(), to(req(2, 'session/load', { sessionId: 's1' })), from(res(2, {}))), {
        capabilities: {},
      }),
    ).toEqual(['AGENTCLI-24/resumable']);
    expect(checkTurns(t).verdicts.find((v) => v.rule === 'AGENTCLI-24')).toMatchObject({
      status: 'not_applicable',
    });
  });
  test('one whole message per turn is not streaming', () => {
    expect(
      ids(acp(...acpOpen(), prompt(2), chunk('all of it'), stop(2)), {
        capabilities: { streaming: false },
      }),
    ).toEqual([]);
  });
});

describe('AGENTCLI-24/beyond-acp-capabilities: the manifest ⊆ what initialize offers (acp only)', () => {
  const withCaps = (agentCapabilities: object) =>
    acp(
      to(req(0, 'initialize', { protocolVersion: 1, clientCapabilities: {} })),
      from(res(0, { protocolVersion: 1, agentCapabilities })),
    );
  test('resumable needs loadSession, multimodal needs image or audio', () => {
    expect(ids(withCaps({ loadSession: true }), { capabilities: { resumable: true } })).toEqual([]);
    expect(ids(withCaps({ loadSession: false }), { capabilities: { resumable: true } })).toEqual([
      'AGENTCLI-24/beyond-acp-capabilities',
    ]);
    expect(
      ids(withCaps({ promptCapabilities: { audio: true } }), {
        capabilities: { multimodal: true },
      }),
    ).toEqual([]);
    expect(
      ids(withCaps({ promptCapabilities: { image: false } }), {
        capabilities: { multimodal: true },
      }),
    ).toEqual(['AGENTCLI-24/beyond-acp-capabilities']);
  });
  test('flags without an ACP counterpart, false flags and other arms are not judged', () => {
    expect(
      ids(withCaps({}), {
        capabilities: {
          streaming: true,
          tool_calls: true,
          bidirectional: true,
          resumable: false,
          multimodal: false,
        },
      }),
    ).toEqual([]);
    expect(ids(mcp(...mcpOpen()), { capabilities: { resumable: true } })).toEqual([]);
  });
});

describe('AGENTCLI-25 secrets, masked in every finding', () => {
  const secret = 'sk-live-Zq81x0A7fGh2kLm9';
  test.each([
    ['raw', secret],
    ['URL-encoded', encodeURIComponent(`${secret}/é`)],
    ['base64', Buffer.from(`key=${secret}`).toString('base64')],
  ])('%s', (how, text) => {
    const s = how === 'URL-encoded' ? `${secret}/é` : secret;
    const report = checkTurns(acp(...acpOpen(), prompt(2), chunk(`debug: ${text}`), stop(2)), {
      secrets: [s],
    });
    expect(report.findings.map((f) => f.id)).toEqual(['AGENTCLI-25/secret-echoed']);
    expect(report.findings[0]!.message).toContain(how);
    expect(JSON.stringify(report.findings)).not.toContain(text);
    expect(JSON.stringify(report.findings)).not.toContain(secret);
  });
  test('in what a runner emitted, and never in to-agent frames', () => {
    expect(
      ids([{ type: 'text-delta', text: `k ${secret}` }, { type: 'turn-end' }], {
        secrets: [secret],
      }),
    ).toEqual(['AGENTCLI-25/secret-echoed']);
    expect(ids(acp(...acpOpen(), prompt(2, secret), stop(2)), { secrets: [secret] })).toEqual([]);
    expect(
      ids(acp(...acpOpen(), from(note('notifications/message', { data: secret }))), {
        secrets: [secret],
      }),
    ).toEqual(['AGENTCLI-25/secret-echoed']);
  });
});

test('garbage input never throws, and reports rather than crashes', () => {
  for (const g of [
    null,
    undefined,
    3,
    'x',
    {},
    [],
    [null],
    [{ type: 5 }],
    { protocol: 'zzz', frames: [1, null, {}] },
    { protocol: 'acp', frames: [from(update('s1', null as never)), from(res(1, null as never))] },
  ]) {
    expect(() =>
      checkTurns(g as never, { secrets: ['abcd-secret'], capabilities: {} }),
    ).not.toThrow();
  }
  const cyclic: Record<string, unknown> = { type: 'text-delta' };
  cyclic.self = cyclic;
  expect(() =>
    checkTurns([cyclic, { type: 'turn-end' }], { secrets: ['abcd-secret'] }),
  ).not.toThrow();
  expect(checkTurns([], {}).ok).toBe(true);
});

test('an mcp error response ends the turn; a late progress is an event after the end', () => {
  const t = mcp(
    ...mcpOpen(),
    to(req(1, 'tools/call', { name: 'x', _meta: { progressToken: 'p' } })),
    from(res(1, { content: [] })),
    from(note('notifications/progress', { progressToken: 'p', progress: 2, message: 'late' })),
    to(req(2, 'tools/call', { name: 'y' })),
    from(err(2, 1, 'no')),
  );
  expect(ids(t)).toEqual(['AGENTCLI-22/event-after-end']);
});

test('an mcp call the runner cancelled ends cancelled when unanswered (MCP: no answer), and by its answer when one comes anyway', () => {
  const call = to(req(1, 'tools/call', { name: 'slow', _meta: { progressToken: 'p' } }));
  const progress = (n: number) =>
    from(note('notifications/progress', { progressToken: 'p', progress: n, message: `step ${n}` }));
  const cancel = to(note('notifications/cancelled', { requestId: 1, reason: 'user' }));
  const unanswered = checkTurns(mcp(...mcpOpen(), call, progress(1), cancel, progress(2)));
  expect(unanswered.findings).toEqual([]);
  expect(
    unanswered.events.map((e) => [e.type, e.frame, 'stopReason' in e ? e.stopReason : undefined]),
  ).toEqual([
    ['tool-call', 3, undefined],
    ['text-delta', 4, undefined],
    ['text-delta', 6, undefined],
    ['turn-end', 6, 'cancelled'],
  ]);
  const answered = checkTurns(
    mcp(...mcpOpen(), call, progress(1), cancel, from(res(1, { content: [] }))),
  );
  expect(answered.findings).toEqual([]);
  expect(answered.events.map((e) => e.type)).toEqual([
    'tool-call',
    'text-delta',
    'tool-result',
    'turn-end',
  ]);
  // Without a cancel, an unanswered call is still a turn without an end.
  expect(ids(mcp(...mcpOpen(), call, progress(1)))).toEqual(['AGENTCLI-22/no-turn-end']);
});
