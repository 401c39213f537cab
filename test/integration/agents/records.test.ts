import { createHash } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { AgentProcess, INIT, openAcpSession, request } from './support.js';

/**
 * What every fake agent writes to its lifecycle log about a runner (the runner verb's evidence): the handshake
 * (offered and answered versions), each turn (`prompt`, and `prompt-end` with a digest of the message it sent and
 * the tool calls it announced), each cancel as received, each answer to a permission request.
 */
const agents: AgentProcess[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.kill();
});
const start = (...args: ConstructorParameters<typeof AgentProcess>) => {
  const agent = new AgentProcess(...args);
  agents.push(agent);
  return agent;
};
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const records = (agent: AgentProcess, event: string) =>
  agent.lifecycle().filter((r) => r.event === event);

test('ACP: handshake, prompt-end digest, a rejected permission, a cancel', async () => {
  const agent = start('agent-acp');
  const sessionId = await openAcpSession(agent);
  expect(records(agent, 'handshake')).toMatchObject([{ offered: 1, answered: 1 }]);

  const turn = request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hi' }] });
  agent.send(turn);
  await agent.waitForMessage((m) => m.id === turn.id);
  const text = agent
    .messages()
    .filter((m) => m.params?.update?.sessionUpdate === 'agent_message_chunk')
    .map((m) => m.params.update.content.text)
    .join('');
  expect(records(agent, 'prompt-end')).toMatchObject([
    {
      stopReason: 'end_turn',
      textBytes: Buffer.byteLength(text),
      textSha256: sha(text),
      toolCalls: ['call-read'],
    },
  ]);

  const ask = request('session/prompt', {
    sessionId,
    prompt: [{ type: 'text', text: 'edit it, with permission' }],
  });
  agent.send(ask);
  const question = await agent.waitForMessage((m) => m.method === 'session/request_permission');
  agent.send({
    jsonrpc: '2.0',
    id: question.id,
    result: { outcome: { outcome: 'selected', optionId: 'reject' } },
  });
  await agent.waitForMessage((m) => m.id === ask.id);
  expect(records(agent, 'permission')).toMatchObject([
    { id: 'perm-1', outcome: 'reject', sessionId },
  ]);

  const long = request('session/prompt', {
    sessionId,
    prompt: [{ type: 'text', text: 'a long job' }],
  });
  agent.send(long);
  await agent.waitForMessage(
    (m) =>
      m.params?.update?.sessionUpdate === 'tool_call' && m.params.update.toolCallId === 'call-scan',
  );
  agent.send({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } });
  expect((await agent.waitForMessage((m) => m.id === long.id)).result.stopReason).toBe('cancelled');
  expect(records(agent, 'cancel')).toMatchObject([{ sessionId }]);
  expect(records(agent, 'prompt-end').at(-1)).toMatchObject({
    stopReason: 'cancelled',
    toolCalls: ['call-scan'],
  });
});

test('ACP: a cancel is logged even when the agent ignores it', async () => {
  const agent = start('agent-acp', ['--fault', 'ignores-cancel']);
  const sessionId = await openAcpSession(agent);
  const long = request('session/prompt', {
    sessionId,
    prompt: [{ type: 'text', text: 'a long job' }],
  });
  agent.send(long);
  await agent.waitForMessage((m) => m.params?.update?.sessionUpdate === 'tool_call');
  agent.send({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } });
  while (records(agent, 'cancel').length === 0) await new Promise((r) => setImmediate(r));
  expect(records(agent, 'prompt-end')).toEqual([]);
});

test('ACP: the answered version is the fault’s, beside the offer', async () => {
  const agent = start('agent-acp', ['--fault', 'unknown-protocol-version']);
  const init = INIT();
  agent.send(init);
  await agent.waitForMessage((m) => m.id === init.id);
  expect(records(agent, 'handshake')).toMatchObject([{ offered: 1, answered: 999 }]);
});

test('MCP: handshake, each tools/call as a turn (tool, text), its answer, a cancel', async () => {
  const agent = start('agent-mcp', ['--fault', 'unknown-protocol-version']);
  const init = request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'test', version: '1' },
  });
  agent.send(init);
  await agent.waitForMessage((m) => m.id === init.id);
  agent.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  expect(records(agent, 'handshake')).toMatchObject([
    { offered: '2025-06-18', answered: '1999-01-01' },
  ]);
  const call = request('tools/call', { name: 'echo', arguments: { text: 'hello there' } });
  agent.send(call);
  await agent.waitForMessage((m) => m.id === call.id);
  const slow = request('tools/call', {
    name: 'slow_tool',
    arguments: { steps: 600, stepMs: 50 },
  });
  agent.send(slow);
  while (records(agent, 'prompt').length < 2) await new Promise((r) => setImmediate(r));
  agent.send({
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId: slow.id, reason: 'the user pressed Ctrl-C' },
  });
  while (records(agent, 'cancel').length === 0) await new Promise((r) => setImmediate(r));
  expect(records(agent, 'prompt')).toMatchObject([
    { tool: 'echo', text: 'hello there' },
    { tool: 'slow_tool', text: '{"steps":600,"stepMs":50}' },
  ]);
  expect(records(agent, 'prompt-end')[0]).toMatchObject({ stopReason: 'end_turn' });
});

test('REPL: the handshake (no version), a turn, a rejected ask, a cancel', async () => {
  const agent = start('agent-repl');
  await agent.waitForLine((l) => l.startsWith('ready '));
  agent.send('say "change it, with permission"');
  await agent.waitForLine((l) => l.startsWith('ask '));
  agent.send(`answer ${JSON.stringify({ id: 'perm-1', text: 'no' })}`);
  await agent.waitForLine((l) => l.startsWith('done '));
  expect(records(agent, 'handshake')).toHaveLength(1);
  expect(records(agent, 'handshake')[0]!.answered).toBeUndefined();
  expect(records(agent, 'prompt')).toMatchObject([{ text: 'change it, with permission' }]);
  expect(records(agent, 'permission')).toMatchObject([{ id: 'perm-1', outcome: 'reject' }]);
  const text = 'Permission denied: I will not do it.';
  expect(records(agent, 'prompt-end')).toMatchObject([
    { stopReason: 'end_turn', textBytes: text.length, textSha256: sha(text), toolCalls: [] },
  ]);
});

test('hangs-on-sigterm with stdinEnd ignore: the agent outlives the end of its stdin, dies on SIGKILL', async () => {
  const agent = start('agent-repl', ['--fault', 'hangs-on-sigterm={"stdinEnd":"ignore"}']);
  await agent.waitForLine((l) => l.startsWith('ready '));
  agent.child.stdin.end();
  agent.child.kill('SIGTERM');
  while (!records(agent, 'alive').length) await new Promise((r) => setImmediate(r));
  expect(agent.child.exitCode).toBeNull();
  agent.child.kill('SIGKILL');
  expect(await agent.exited).toEqual({ code: null, signal: 'SIGKILL' });
});

test('AOI_TESTKIT_AGENT_LIFETIME_MS: a stuck agent ends itself (70) after its lifetime', async () => {
  const agent = start('agent-repl', ['--fault', 'hangs-on-sigterm={"stdinEnd":"ignore"}'], {
    AOI_TESTKIT_AGENT_LIFETIME_MS: '1000',
  });
  agent.child.stdin.end();
  expect(await agent.exited).toEqual({ code: 70, signal: null });
});
