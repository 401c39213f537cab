import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { AGENT_FAULT_CATALOGUE, makeAgentFault } from '../../../src/fakes/agentcli/faults/index.js';
import { AGENTCLI_TURN_SUB_RULES } from '../../../src/spec/agentcli/turn-rules.js';
import { AgentProcess, INIT, isAlive, openAcpSession, request, tempDir } from './support.js';

const started: AgentProcess[] = [];
const helpers: number[] = [];
const acp = (args: string[] = [], env: NodeJS.ProcessEnv = {}) => {
  const agent = new AgentProcess('agent-acp', args, env);
  started.push(agent);
  return agent;
};
afterEach(() => {
  for (const agent of started.splice(0)) agent.kill();
  for (const pid of helpers.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});
const prompt = (sessionId: string, text: string) =>
  request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });

test('every fault declares what a correct runner must do, and refuses bad parameters', () => {
  for (const [id, factory] of Object.entries(AGENT_FAULT_CATALOGUE)) {
    const fault = factory();
    expect(fault.id).toBe(id);
    expect(fault.runnerMust.length).toBeGreaterThan(20);
    expect(fault.arms).toContain('acp');
  }
  expect(() => makeAgentFault('slow-handshake', { ms: -1 })).toThrow(/ms must be/);
  expect(() => makeAgentFault('nope')).toThrow(/unknown agent fault/);
});

test('every fault declares, for exactly its arms, the transcript sub-rules its recording breaks (registered ones)', () => {
  const transcriptRules = new Set(
    AGENTCLI_TURN_SUB_RULES.filter((r) => r.judgedBy === 'transcript').map((r) => r.id),
  );
  for (const [id, factory] of Object.entries(AGENT_FAULT_CATALOGUE)) {
    const fault = factory();
    expect(Object.keys(fault.transcriptBreaks).sort(), id).toEqual([...fault.arms].sort());
    for (const breaks of Object.values(fault.transcriptBreaks))
      for (const rule of breaks!) expect(transcriptRules.has(rule), `${id}: ${rule}`).toBe(true);
  }
  // Parameters change the declaration where they change the wire.
  expect(
    makeAgentFault('malformed-frame', { kind: 'not-json' }).transcriptBreaks.proprietary,
  ).toEqual(['AGENTCLI-21/unknown-tag']);
  expect(makeAgentFault('tool-call-without-result', { then: 'hang' }).transcriptBreaks.acp).toEqual(
    ['AGENTCLI-22/no-turn-end'],
  );
});

describe('ACP faults, observed as a runner author would', () => {
  test('exits-before-handshake: the runner gets an exit with status and stderr, not a hang', async () => {
    const agent = acp(['--fault', 'exits-before-handshake={"code":3}']);
    agent.send(INIT());
    expect(await agent.exited).toEqual({ code: 3, signal: null });
    expect(agent.stderr).toContain('cannot start');
    expect(agent.lines).toEqual([]);
    expect(agent.lifecycle().map((r) => [r.event, r.code])).toEqual([
      ['start', undefined],
      ['fatal', 3],
      ['exit', 3],
    ]);
  });

  test('slow-handshake: the answer comes late, but it comes', async () => {
    const agent = acp(['--fault', 'slow-handshake={"ms":300}']);
    const t0 = Date.now();
    const init = INIT();
    agent.send(init);
    await agent.waitForMessage((m) => m.id === init.id);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
  });

  test('crash-mid-turn: the prompt is never answered and the process exits mid-turn', async () => {
    const agent = acp(['--fault', 'crash-mid-turn={"afterUpdates":2,"code":9}']);
    const sessionId = await openAcpSession(agent);
    const p = prompt(sessionId, 'hello');
    agent.send(p);
    expect(await agent.exited).toEqual({ code: 9, signal: null });
    expect(agent.messages().filter((m) => m.method === 'session/update')).toHaveLength(2);
    expect(agent.messages().some((m) => m.id === p.id)).toBe(false);
    expect(agent.stderr).toContain('crashed mid-turn');
  });

  test('crash-mid-turn by SIGKILL: a fatal record (the death it chose), no exit record, a signal exit', async () => {
    const agent = acp(['--fault', 'crash-mid-turn={"afterUpdates":0,"signal":"SIGKILL"}']);
    agent.send(prompt(await openAcpSession(agent), 'hello'));
    expect(await agent.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(agent.lifecycle().map((r) => r.event)).toEqual([
      'start',
      'handshake',
      'session-open',
      'prompt',
      'fatal',
    ]);
  });

  test('malformed-frame: one line is not JSON, the turn still completes after it', async () => {
    const agent = acp(['--fault', 'malformed-frame']);
    const sessionId = await openAcpSession(agent);
    const p = prompt(sessionId, 'hello');
    agent.send(p);
    await agent.waitForMessage((m) => m.id === p.id);
    const bad = agent.lines.filter((l) => {
      try {
        JSON.parse(l);
        return false;
      } catch {
        return true;
      }
    });
    expect(bad).toHaveLength(1);
    expect(agent.messages().find((m) => m.id === p.id)!.result.stopReason).toBe('end_turn');
  });

  test('split-frames: the frames arrive in many reads, and the same frames result', async () => {
    const agent = acp(['--fault', 'split-frames={"chunkBytes":1,"pauseEvery":8,"pauseMs":1}']);
    const init = INIT();
    agent.send(init);
    const answer = await agent.waitForMessage((m) => m.id === init.id);
    expect(answer.result.protocolVersion).toBe(1);
    expect(agent.reads).toBeGreaterThan(10);
  });

  test('huge-frame: one 8 MiB message chunk on one line, then the rest of the turn', async () => {
    const agent = acp(['--fault', 'huge-frame']);
    const sessionId = await openAcpSession(agent);
    const p = prompt(sessionId, 'hello');
    agent.send(p);
    await agent.waitForMessage((m) => m.id === p.id);
    const chunks = agent
      .messages()
      .filter(
        (m) =>
          m.method === 'session/update' && m.params.update.sessionUpdate === 'agent_message_chunk',
      );
    expect(chunks[0]!.params.update.content.text).toHaveLength(8 * 1024 * 1024);
    expect(chunks.length).toBe(3);
  });

  test('stderr-noise: 256 KiB on stderr before the handshake; a draining runner still gets its answer', async () => {
    const agent = acp(['--fault', 'stderr-noise']);
    const sessionId = await openAcpSession(agent);
    expect(agent.stderr.length).toBeGreaterThanOrEqual(256 * 1024);
    expect(agent.stderr).toContain('"jsonrpc"');
    const p = prompt(sessionId, 'hello');
    agent.send(p);
    await agent.waitForMessage((m) => m.id === p.id);
  });

  test('events-after-turn-end: updates follow the session/prompt response', async () => {
    const agent = acp(['--fault', 'events-after-turn-end={"count":2}']);
    const sessionId = await openAcpSession(agent);
    const p = prompt(sessionId, 'hello');
    agent.send(p);
    const { index } = await agent.waitForLine(
      (l) => l.includes(`"id":${p.id},`) && l.includes('stopReason'),
    );
    await agent.waitForLine((l) => l.includes('late chunk 2'), index);
    expect(agent.lines.slice(index + 1).filter((l) => l.includes('session/update'))).toHaveLength(
      2,
    );
  });

  test('unknown-protocol-version: the handshake answers a version nobody asked for', async () => {
    const agent = acp(['--fault', 'unknown-protocol-version']);
    const init = INIT();
    agent.send(init);
    expect((await agent.waitForMessage((m) => m.id === init.id)).result.protocolVersion).toBe(999);
  });

  /**
   * A turn that works for `workMs` after its tool call; the cancel is sent once the tool call is seen, then a
   * round trip (session/new) proves the agent has read it (it reads its input in order) while the prompt was
   * still unanswered: the cancel arrived mid-turn, so the two agents below can only differ by what they do with it.
   */
  async function cancelMidTurn(agent: AgentProcess) {
    const sessionId = await openAcpSession(agent);
    const p = prompt(sessionId, 'go');
    agent.send(p);
    const tool = await agent.waitForLine((l) => l.includes('"sessionUpdate":"tool_call"'));
    agent.send({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } });
    const roundTrip = request('session/new', { cwd: agent.dir, mcpServers: [] });
    agent.send(roundTrip);
    const isAnswer = (id: number) => (line: string) => {
      try {
        const m = JSON.parse(line) as Record<string, unknown>;
        return m.id === id && ('result' in m || 'error' in m);
      } catch {
        return false;
      }
    };
    const read = await agent.waitForLine(isAnswer(roundTrip.id));
    const answeredBeforeRoundTrip = agent.lines.slice(0, read.index).some(isAnswer(p.id));
    const answer = await agent.waitForMessage((m) => m.id === p.id);
    const finishedAfterCancel = agent.lines
      .slice(tool.index + 1)
      .some((l) => l.includes('"finished"'));
    return {
      answeredBeforeRoundTrip,
      stopReason: answer.result.stopReason as string,
      finishedAfterCancel,
    };
  }
  const workScript = (dir: string, workMs: number) => {
    const file = join(dir, 'script.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'work',
        description: 'works after a tool call',
        turns: [
          {
            steps: [
              { text: 'working' },
              { tool: { id: 'call-1', name: 'scan', kind: 'search' } },
              { workMs },
              { toolResult: { id: 'call-1', output: 'scanned' } },
              { text: 'finished' },
            ],
          },
        ],
      }),
    );
    return file;
  };

  test('ignores-cancel: the cancel is read mid-turn, and the turn still runs to its end with end_turn', async () => {
    const dir = tempDir('aoi-ignores-cancel-');
    const agent = acp(['--fault', 'ignores-cancel', '--script', workScript(dir, 3000)]);
    const seen = await cancelMidTurn(agent);
    expect(seen.answeredBeforeRoundTrip).toBe(false); // the turn was still running when the agent read the cancel
    expect(seen.stopReason).toBe('end_turn');
    expect(seen.finishedAfterCancel).toBe(true);
  });

  test('the clean agent, same turn and cancel: stopReason cancelled, nothing more of the turn', async () => {
    const dir = tempDir('aoi-ignores-cancel-');
    const agent = acp(['--script', workScript(dir, 30_000)]);
    const seen = await cancelMidTurn(agent);
    expect(seen.stopReason).toBe('cancelled');
    expect(seen.finishedAfterCancel).toBe(false);
  });

  test('a bad --script is a usage error (64), not a hang', async () => {
    const agent = acp(['--script', 'placeholder']);
    expect(await agent.exited).toEqual({ code: 64, signal: null });
  });

  test('hangs-on-sigterm: still alive after SIGTERM (logged), dies on SIGKILL', async () => {
    const agent = acp(['--fault', 'hangs-on-sigterm']);
    await openAcpSession(agent);
    agent.child.kill('SIGTERM');
    // Synchronised on the agent's own log: the signal was received and handled.
    const seen = () => agent.lifecycle().some((r) => r.event === 'signal');
    while (!seen()) await new Promise((r) => setImmediate(r));
    // A round trip after the signal proves the agent still serves.
    const again = INIT();
    agent.send(again);
    await agent.waitForMessage((m) => m.id === again.id);
    expect(isAlive(agent.child.pid!)).toBe(true);
    agent.child.kill('SIGKILL');
    expect(await agent.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(agent.lifecycle().map((r) => r.event)).toEqual([
      'start',
      'handshake',
      'session-open',
      'signal',
      'handshake',
    ]);
  });

  test('the clean agent exits 143 on SIGTERM and logs signal then exit', async () => {
    const agent = acp();
    await openAcpSession(agent);
    agent.child.kill('SIGTERM');
    expect(await agent.exited).toEqual({ code: 143, signal: null });
    expect(agent.lifecycle().map((r) => r.event)).toEqual([
      'start',
      'handshake',
      'session-open',
      'signal',
      'exit',
    ]);
  });

  test('unknown-session-on-load: a stored session is not found (-32002)', async () => {
    const first = acp();
    const sessionId = await openAcpSession(first);
    const second = new AgentProcess(
      'agent-acp',
      ['--fault', 'unknown-session-on-load'],
      {},
      first.dir,
    );
    started.push(second);
    const init = INIT();
    second.send(init);
    await second.waitForMessage((m) => m.id === init.id);
    const load = request('session/load', { sessionId, cwd: first.dir, mcpServers: [] });
    second.send(load);
    expect((await second.waitForMessage((m) => m.id === load.id)).error.code).toBe(-32002);
  });

  test('tool-call-without-result: the turn ends with the tool call still pending', async () => {
    const agent = acp(['--fault', 'tool-call-without-result']);
    const sessionId = await openAcpSession(agent);
    const p = prompt(sessionId, 'hello');
    agent.send(p);
    expect((await agent.waitForMessage((m) => m.id === p.id)).result.stopReason).toBe('end_turn');
    const kinds = agent
      .messages()
      .filter((m) => m.method === 'session/update')
      .map((m) => m.params.update.sessionUpdate);
    expect(kinds).toContain('tool_call');
    expect(kinds).not.toContain('tool_call_update');
  });

  test('echoes-secret: the canary from the env appears in a message chunk', async () => {
    const canary = `canary-${process.pid}-not-a-real-key`;
    const agent = acp(['--fault', 'echoes-secret'], { ANTHROPIC_API_KEY: canary });
    const sessionId = await openAcpSession(agent);
    const p = prompt(sessionId, 'hello');
    agent.send(p);
    await agent.waitForMessage((m) => m.id === p.id);
    expect(agent.lines.some((l) => l.includes(canary))).toBe(true);
  });

  test('spawns-helper: the helper is logged as child and outlives the agent killed alone', async () => {
    const agent = acp(['--fault', 'spawns-helper']);
    await openAcpSession(agent);
    const child = agent.lifecycle().find((r) => r.event === 'child')!;
    helpers.push(child.pid);
    expect(child.pid).not.toBe(agent.child.pid);
    agent.child.kill('SIGKILL');
    await agent.exited;
    expect(isAlive(child.pid)).toBe(true);
  });

  test('faults compose: from the environment and the argv together', async () => {
    const agent = acp(['--fault', 'split-frames={"pauseEvery":0}'], {
      AOI_TESTKIT_AGENT_FAULTS: JSON.stringify([['unknown-protocol-version', { version: 7 }]]),
    });
    const init = INIT();
    agent.send(init);
    const answer = await agent.waitForMessage((m) => m.id === init.id);
    expect(answer.result.protocolVersion).toBe(7);
    expect(answer.result._meta['aoi-testkit'].faults).toEqual([
      'unknown-protocol-version',
      'split-frames',
    ]);
  });
});

describe('REPL and MCP faults', () => {
  test('REPL crash-mid-turn: no done line, exit status', async () => {
    const agent = new AgentProcess('agent-repl', ['--fault', 'crash-mid-turn={"afterUpdates":1}']);
    started.push(agent);
    await agent.waitForLine((l) => l.startsWith('ready '));
    agent.send('say "hi"');
    expect(await agent.exited).toEqual({ code: 1, signal: null });
    expect(agent.lines.filter((l) => l.startsWith('done'))).toEqual([]);
  });

  test('REPL events-after-turn-end', async () => {
    const agent = new AgentProcess('agent-repl', ['--fault', 'events-after-turn-end={"count":1}']);
    started.push(agent);
    agent.send('say "hi"');
    const done = await agent.waitForLine((l) => l.startsWith('done '));
    await agent.waitForLine((l) => l.includes('late chunk 1'), done.index);
  });

  test('MCP exits-before-handshake and unknown-protocol-version', async () => {
    const dead = new AgentProcess('agent-mcp', ['--fault', 'exits-before-handshake']);
    started.push(dead);
    expect((await dead.exited).code).toBe(1);
    const odd = new AgentProcess('agent-mcp', ['--fault', 'unknown-protocol-version']);
    started.push(odd);
    odd.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    });
    expect((await odd.waitForMessage((m) => m.id === 1)).result.protocolVersion).toBe('1999-01-01');
  });

  const mcpInit = (agent: AgentProcess) => {
    agent.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    });
    agent.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  };

  test('MCP events-after-turn-end applies to every tool: late progress with a token, late log messages without', async () => {
    const agent = new AgentProcess('agent-mcp', ['--fault', 'events-after-turn-end={"count":2}']);
    started.push(agent);
    mcpInit(agent);
    agent.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 'p1' } },
    });
    const answered = await agent.waitForMessage((m) => m.id === 2);
    expect(answered.result.content).toEqual([{ type: 'text', text: 'hi' }]);
    const late = await agent.waitForLine((l) => l.includes('late event 2'));
    const afterAnswer = agent
      .messages()
      .slice(agent.messages().findIndex((m) => m.id === 2) + 1, late.index + 1);
    expect(
      afterAnswer
        .filter((m) => m.method === 'notifications/progress')
        .map((m) => [m.params.progressToken, m.params.message]),
    ).toEqual([
      ['p1', '(late event 1 after the result)'],
      ['p1', '(late event 2 after the result)'],
    ]);
    agent.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'search_notes', arguments: { query: 'milk' } },
    });
    const second = await agent.waitForMessage((m) => m.id === 3);
    expect(second.result.structuredContent.hits).toHaveLength(1);
    await agent.waitForLine(
      (l) => l.includes('notifications/message') && l.includes('late event 2'),
      late.index + 1,
    );
  });

  test('MCP tool-call-without-result: tools/call is never answered (other requests are), and then "end-turn" is refused', async () => {
    const agent = new AgentProcess('agent-mcp', ['--fault', 'tool-call-without-result']);
    started.push(agent);
    mcpInit(agent);
    agent.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hi' } },
    });
    agent.send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
    await agent.waitForMessage((m) => m.id === 3);
    expect(agent.messages().some((m) => m.id === 2)).toBe(false);
    const refused = new AgentProcess('agent-mcp', [
      '--fault',
      'tool-call-without-result={"then":"end-turn"}',
    ]);
    started.push(refused);
    expect(await refused.exited).toEqual({ code: 64, signal: null });
    expect(refused.stderr).toMatch(/"end-turn" has no meaning on mcp/);
  });
});
