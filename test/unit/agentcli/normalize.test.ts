import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { normalizeTurnEvents } from '../../../src/checks/agentcli/normalize.js';
import { TURN_EVENT_TYPES } from '../../../src/spec/agentcli/transcript.js';
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
  update,
} from './frames.js';

const types = (t: Parameters<typeof normalizeTurnEvents>[0]) =>
  normalizeTurnEvents(t).map((e) => `${e.turn}:${e.type}`);

describe('ACP', () => {
  test('updates, permission and the prompt response map to the taxonomy, once each', () => {
    const events = normalizeTurnEvents(cleanAcp());
    expect(events.map((e) => e.type)).toEqual([
      'thought',
      'tool-call',
      'tool-result',
      'agent-prompt',
      'text-delta',
      'text-delta',
      'turn-end',
    ]);
    expect(events[1]).toEqual({
      type: 'tool-call',
      turn: 0,
      sessionId: 's1',
      frame: 7,
      id: 'c1',
      name: 'read',
      args: { path: 'x' },
    });
    expect(events[2]).toMatchObject({ type: 'tool-result', id: 'c1', output: { output: 'ok' } });
    expect(events[3]).toMatchObject({ type: 'agent-prompt', id: 'p1', prompt: 'Allow?' });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', stopReason: 'end_turn', turn: 0 });
    expect(TURN_EVENT_TYPES).toHaveLength(7);
  });

  test('an error response ends the turn with error; failed tool → tool-result isError', () => {
    const t = acp(
      ...acpOpen(),
      prompt(2),
      ...[
        from(
          update('s1', {
            sessionUpdate: 'tool_call',
            toolCallId: 'c',
            title: 'x',
            status: 'failed',
          }),
        ),
      ],
      from(err(2, -32603, 'boom')),
      prompt(3),
      stop(3),
    );
    const events = normalizeTurnEvents(t);
    expect(events.map((e) => `${e.turn}:${e.type}`)).toEqual([
      '0:tool-call',
      '0:tool-result',
      '0:error',
      '1:turn-end',
    ]);
    expect(events[1]).toMatchObject({ isError: true });
    expect(events[2]).toMatchObject({ message: 'boom', code: -32603 });
  });

  test('updates replayed during session/load are history; updates after the response stay with their turn', () => {
    const t = acp(
      ...acpOpen(),
      to(req(5, 'session/load', { sessionId: 's1' })),
      chunk('old'),
      from(res(5, {})),
      prompt(6),
      chunk('new'),
      stop(6),
      chunk('late'),
    );
    expect(types(t)).toEqual(['0:text-delta', '0:turn-end', '0:text-delta']);
  });

  test('frames that are not messages are not events', () => {
    expect(
      types(
        acp(
          ...acpOpen(),
          prompt(2),
          from('INFO warming up'),
          from({ hello: 1 }),
          chunk('a'),
          stop(2),
        ),
      ),
    ).toEqual(['0:text-delta', '0:turn-end']);
  });
});

describe('MCP', () => {
  test('tools/call → tool-call, progress → text-delta, response → tool-result then turn-end; logging → nothing', () => {
    const t = mcp(
      ...mcpOpen(),
      to(req(1, 'tools/call', { name: 'slow', arguments: { n: 1 }, _meta: { progressToken: 7 } })),
      from(note('notifications/progress', { progressToken: 7, progress: 1, message: 'step 1' })),
      from(note('notifications/message', { level: 'info', data: 'log' })),
      from(res(1, { content: [{ type: 'text', text: 'done' }] })),
      to(req(2, 'tools/call', { name: 'x' })),
      from(err(2, -32602, 'bad')),
    );
    const events = normalizeTurnEvents(t);
    expect(events.map((e) => `${e.turn}:${e.type}`)).toEqual([
      '0:tool-call',
      '0:text-delta',
      '0:tool-result',
      '0:turn-end',
      '1:tool-call',
      '1:error',
    ]);
    expect(events[0]).toMatchObject({ id: '1', name: 'slow', args: { n: 1 } });
    expect(events[1]).toMatchObject({ text: 'step 1' });
    expect(events[2]).toMatchObject({ output: 'done', id: '1' });
  });
});

describe('REPL', () => {
  test('the tags map to the taxonomy; ready is the handshake, not an event', () => {
    expect(normalizeTurnEvents(cleanRepl()).map((e) => e.type)).toEqual([
      'thought',
      'tool-call',
      'tool-result',
      'agent-prompt',
      'text-delta',
      'turn-end',
    ]);
  });

  test('queued says take turns in order; a late line goes to the turn that ended; an error outside a turn is its own turn', () => {
    expect(
      types(
        repl(
          'ready {}',
          '> say "a"',
          '> say "b"',
          'text "1"',
          'done {}',
          'text "2"',
          'done {}',
          'text "late"',
        ),
      ),
    ).toEqual(['0:text-delta', '0:turn-end', '1:text-delta', '1:turn-end', '1:text-delta']);
    expect(
      types(
        repl('ready {}', '> bogus', 'error {"message":"unknown command"}', '> say "a"', 'done {}'),
      ),
    ).toEqual(['0:error', '1:turn-end']);
  });

  test('unknown tags and bad payloads are not events', () => {
    expect(
      types(repl('ready {}', '> say "a"', 'banner {}', 'text "cut', 'tool "x"', 'done {}')),
    ).toEqual(['0:turn-end']);
  });
});

test('garbage never throws', () => {
  const garbage: unknown[] = [
    null,
    undefined,
    1,
    'x',
    [],
    {},
    { protocol: 'acp' },
    { protocol: 'mcp', frames: [null, 1, 'x', { direction: 'from-agent' }] },
    { protocol: 'proprietary', frames: [{ direction: 'from-agent', line: 5 }] },
  ];
  for (const g of garbage) expect(() => normalizeTurnEvents(g as never)).not.toThrow();
  fc.assert(
    fc.property(
      fc.constantFrom('acp', 'mcp', 'proprietary'),
      fc.array(
        fc.record({
          direction: fc.constantFrom('to-agent', 'from-agent'),
          message: fc.anything(),
          line: fc.oneof(fc.string(), fc.constant(undefined)),
          at: fc.nat(),
        }),
      ),
      (protocol, frames) => {
        normalizeTurnEvents({ protocol, frames } as never);
      },
    ),
    { numRuns: 200 },
  );
  expect(
    normalizeTurnEvents(
      acp(
        from(
          note('session/update', {
            update: { sessionUpdate: 'agent_message_chunk', content: null },
          }),
        ),
        to(res(1, {})),
      ),
    ),
  ).toEqual([{ type: 'text-delta', turn: 0, frame: 0, text: '' }]);
});
