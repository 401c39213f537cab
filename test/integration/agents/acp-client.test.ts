import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { expect, test } from 'vitest';
import { BIN, tempDir } from './support.js';

/** The real ACP client of the SDK, over a real pipe to the fake agent process. */
function startAgent(args: string[], dir: string) {
  const child = spawn(process.execPath, [BIN('agent-acp'), ...args], {
    env: { PATH: process.env.PATH, AOI_TESTKIT_STATE_DIR: dir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const stream = acp.ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as unknown as ReadableStream<Uint8Array>,
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, stream, exited };
}

function recordingClient() {
  const updates: acp.SessionUpdate[] = [];
  const listeners: ((u: acp.SessionUpdate) => void)[] = [];
  const permissions: acp.RequestPermissionRequest[] = [];
  const app = acp
    .client({ name: 'aoi-testkit-test-client' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params.update);
      for (const l of listeners) l(params.update);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      permissions.push(params);
      return {
        outcome: {
          outcome: 'selected',
          optionId: params.options.find((o) => o.kind === 'allow_once')!.optionId,
        },
      };
    });
  const next = (test: (u: acp.SessionUpdate) => boolean) =>
    new Promise<acp.SessionUpdate>((resolve) => listeners.push((u) => test(u) && resolve(u)));
  return { app, updates, permissions, next };
}

test('the SDK client drives a multi-turn session with a permission, a cancel mid-turn, then session/load in a new process', async () => {
  const dir = tempDir('acp-client-');
  const first = startAgent(['--model', 'fake-large', '--permission-mode', 'default'], dir);
  const c1 = recordingClient();
  const sessionId = await c1.app.connectWith(first.stream, async (ctx) => {
    const init = await ctx.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    expect(init.protocolVersion).toBe(1);
    expect(init.agentCapabilities).toMatchObject({
      loadSession: true,
      sessionCapabilities: { close: {} },
    });
    // The argv a runner's mode and option patches produced is observable.
    expect(init._meta?.['aoi-testkit']).toMatchObject({
      argv: ['--model', 'fake-large', '--permission-mode', 'default'],
      model: 'fake-large',
      permissionMode: 'default',
    });
    const session = await ctx.request(acp.methods.agent.session.new, { cwd: dir, mcpServers: [] });
    expect(session.modes?.currentModeId).toBe('default');

    const turn1 = await ctx.request(acp.methods.agent.session.prompt, {
      sessionId: session.sessionId,
      prompt: [{ type: 'text', text: 'What is this project?' }],
    });
    expect(turn1.stopReason).toBe('end_turn');
    expect(c1.updates.map((u) => u.sessionUpdate)).toEqual([
      'agent_thought_chunk',
      'plan',
      'tool_call',
      'tool_call_update',
      'agent_message_chunk',
      'agent_message_chunk',
    ]);

    const turn2 = await ctx.request(acp.methods.agent.session.prompt, {
      sessionId: session.sessionId,
      prompt: [{ type: 'text', text: 'Edit it, with permission' }],
    });
    expect(turn2.stopReason).toBe('end_turn');
    expect(c1.permissions).toHaveLength(1);
    expect(c1.updates.at(-1)).toMatchObject({
      sessionUpdate: 'agent_message_chunk',
      content: { text: 'Done: notes.md now says hello.' },
    });

    // Cancel mid-turn: synchronised on the turn's tool call, not on time.
    const started = c1.next((u) => u.sessionUpdate === 'tool_call' && u.toolCallId === 'call-scan');
    const turn3 = ctx.request(acp.methods.agent.session.prompt, {
      sessionId: session.sessionId,
      prompt: [{ type: 'text', text: 'a long task' }],
    });
    await started;
    await ctx.notify(acp.methods.agent.session.cancel, { sessionId: session.sessionId });
    expect((await turn3).stopReason).toBe('cancelled');
    return session.sessionId;
  });
  first.child.stdin.end();
  expect(await first.exited).toBe(0);

  // A new process, the same state dir: session/load replays the conversation, then the session goes on.
  const second = startAgent([], dir);
  const c2 = recordingClient();
  await c2.app.connectWith(second.stream, async (ctx) => {
    await ctx.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: dir, mcpServers: [] });
    const users = c2.updates
      .filter((u) => u.sessionUpdate === 'user_message_chunk')
      .map((u) => (u as { content: { text: string } }).content.text);
    expect(users).toEqual(['What is this project?', 'Edit it, with permission', 'a long task']);
    expect(c2.updates.length).toBe(c1.updates.length + 3);
    const turn4 = await ctx.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'and now?' }],
    });
    expect(turn4.stopReason).toBe('end_turn');
    expect(c2.updates.at(-1)).toMatchObject({ content: { text: 'I remember our conversation.' } });
    await ctx.request(acp.methods.agent.session.close, { sessionId });
  });
  second.child.stdin.end();
  expect(await second.exited).toBe(0);
});

test('modes and options patch the argv: plan mode skips mutating tools and never asks; --max-turns ends the next prompt', async () => {
  const dir = tempDir('acp-client-');
  const agent = startAgent(['--permission-mode', 'plan', '--max-turns', '1'], dir);
  const c = recordingClient();
  await c.app.connectWith(agent.stream, async (ctx) => {
    await ctx.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    expect(
      (
        await ctx.request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text: 'edit with permission' }],
        })
      ).stopReason,
    ).toBe('end_turn');
    expect(c.permissions).toHaveLength(0);
    expect(c.updates.some((u) => u.sessionUpdate === 'tool_call')).toBe(false);
    expect(c.updates).toContainEqual(
      expect.objectContaining({
        content: { type: 'text', text: '(plan mode: would call edit_file)' },
      }),
    );
    expect(
      (
        await ctx.request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text: 'again' }],
        })
      ).stopReason,
    ).toBe('max_turn_requests');
  });
  agent.child.stdin.end();
  expect(await agent.exited).toBe(0);
});
