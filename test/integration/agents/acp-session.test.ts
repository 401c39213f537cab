/**
 * The fake ACP agent's session lifecycle, driven by the real ACP client of the SDK: session/close (its
 * answer, what it does to a running prompt and to a pending permission request, what comes after it), and
 * the non-resumable variant (`--no-load-session`) that the agent-acp-ephemeral manifest declares.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, test } from 'vitest';
import { validateAgentCliManifest } from '../../../src/checks/agentcli/manifest.js';
import { resolveSpawn } from '../../../src/checks/agentcli/resolve-spawn.js';
import type { LifecycleRecord } from '../../../src/spec/agentcli/transcript.js';
import { runCli } from '../../../src/run/run-cli.js';
import { BIN, tempDir } from './support.js';

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function startAgent(command: string, args: string[], dir: string) {
  const log = join(dir, 'lifecycle.jsonl');
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH, AOI_TESTKIT_STATE_DIR: dir, AOI_TESTKIT_AGENT_LOG: log },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const stream = acp.ndJsonStream(
    Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout!) as unknown as ReadableStream<Uint8Array>,
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const lifecycle = (): LifecycleRecord[] =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as LifecycleRecord)
      : [];
  return { child, stream, exited, lifecycle };
}

/** A client whose permission handler never answers by itself: it waits until the agent withdraws the question. */
function client() {
  const updates: acp.SessionUpdate[] = [];
  const listeners: ((u: acp.SessionUpdate) => void)[] = [];
  const withdrawn: string[] = [];
  let asked!: () => void;
  const askedOnce = new Promise<void>((resolve) => (asked = resolve));
  const app = acp
    .client({ name: 'aoi-testkit-session-test' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params.update);
      for (const l of listeners) l(params.update);
    })
    .onRequest(acp.methods.client.session.requestPermission, async ({ params, signal }) => {
      asked();
      await new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      withdrawn.push(params.toolCall.toolCallId);
      return { outcome: { outcome: 'cancelled' } };
    });
  const next = (test: (u: acp.SessionUpdate) => boolean) =>
    new Promise<void>((resolve) => listeners.push((u) => test(u) && resolve()));
  return { app, updates, next, withdrawn, askedOnce };
}

const text = (t: string): acp.ContentBlock[] => [{ type: 'text', text: t }];

describe('without a state directory', () => {
  test('sessions live in memory: session/load reopens one in the same process, and SIGKILL leaves no file behind', async () => {
    const temp = tempDir('acp-no-state-');
    // TMPDIR is where a temporary store would go; nothing else names a place to write.
    const child = spawn(process.execPath, [BIN('agent-acp')], {
      env: { PATH: process.env.PATH, TMPDIR: temp },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    const killed = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    const stream = acp.ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as unknown as ReadableStream<Uint8Array>,
    );
    const c = client();
    await c.app
      .connectWith(stream, async (ctx) => {
        await ctx.request(acp.methods.agent.initialize, {
          protocolVersion: acp.PROTOCOL_VERSION,
          clientCapabilities: {},
        });
        const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
          cwd: temp,
          mcpServers: [],
        });
        expect(
          (
            await ctx.request(acp.methods.agent.session.prompt, {
              sessionId,
              prompt: text('hello'),
            })
          ).stopReason,
        ).toBe('end_turn');
        expect(await ctx.request(acp.methods.agent.session.close, { sessionId })).toEqual({});
        const replayed = c.updates.length;
        await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: temp, mcpServers: [] });
        expect(c.updates.length).toBeGreaterThan(replayed); // the conversation again, from memory
        child.kill('SIGKILL');
      })
      .catch(() => {}); // the connection ends with the process
    expect(await killed).toBe('SIGKILL');
    expect(readdirSync(temp)).toEqual([]);
  });
});

describe('session/close', () => {
  test('answers {}, ends a running prompt as cancelled, and a prompt after it fails; the lifecycle log has the close', async () => {
    const dir = tempDir('acp-close-');
    const agent = startAgent(process.execPath, [BIN('agent-acp')], dir);
    const c = client();
    await c.app.connectWith(agent.stream, async (ctx) => {
      await ctx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      });
      const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
        cwd: dir,
        mcpServers: [],
      });
      // The "long" turn works for 30 s after its tool call: the close comes in the middle of it.
      const started = c.next((u) => u.sessionUpdate === 'tool_call');
      const turn = ctx.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: text('a long task'),
      });
      await started;
      expect(await ctx.request(acp.methods.agent.session.close, { sessionId })).toEqual({});
      expect((await turn).stopReason).toBe('cancelled');
      expect(
        c.updates.some(
          (u) =>
            u.sessionUpdate === 'agent_message_chunk' &&
            u.content.type === 'text' &&
            u.content.text === 'Finished the long analysis.',
        ),
      ).toBe(false);
      const after = await ctx
        .request(acp.methods.agent.session.prompt, { sessionId, prompt: text('hello') })
        .catch((e: unknown) => e);
      expect(after).toBeInstanceOf(acp.RequestError);
      expect((after as acp.RequestError).code).toBe(-32002);
    });
    agent.child.stdin!.end();
    expect(await agent.exited).toBe(0);
    // The prompt is logged when it arrives and its end (cancelled by the close) just before its answer.
    expect(agent.lifecycle().map((r) => r.event)).toEqual([
      'start',
      'handshake',
      'session-open',
      'prompt',
      'session-close',
      'prompt-end',
      'exit',
    ]);
    expect(agent.lifecycle().find((r) => r.event === 'prompt-end')?.stopReason).toBe('cancelled');
  });

  test('withdraws a pending session/request_permission ($/cancel_request) and ends the prompt, even if the client never answers', async () => {
    const dir = tempDir('acp-close-');
    const agent = startAgent(process.execPath, [BIN('agent-acp')], dir);
    const c = client();
    await c.app.connectWith(agent.stream, async (ctx) => {
      await ctx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      });
      const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
        cwd: dir,
        mcpServers: [],
      });
      const turn = ctx.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: text('edit it, with permission'),
      });
      await c.askedOnce;
      expect(await ctx.request(acp.methods.agent.session.close, { sessionId })).toEqual({});
      expect((await turn).stopReason).toBe('cancelled');
      expect(c.withdrawn).toEqual(['perm-1']);
    });
    agent.child.stdin!.end();
    expect(await agent.exited).toBe(0);
  });

  test('ends the prompt of an agent that ignores session/cancel: close is not cancel', async () => {
    const dir = tempDir('acp-close-');
    const agent = startAgent(
      process.execPath,
      [BIN('agent-acp'), '--fault', 'ignores-cancel'],
      dir,
    );
    const c = client();
    await c.app.connectWith(agent.stream, async (ctx) => {
      await ctx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      });
      const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
        cwd: dir,
        mcpServers: [],
      });
      const started = c.next((u) => u.sessionUpdate === 'tool_call');
      const turn = ctx.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: text('a long task'),
      });
      await started;
      await ctx.request(acp.methods.agent.session.close, { sessionId });
      expect((await turn).stopReason).toBe('cancelled');
    });
    agent.child.stdin!.end();
    await agent.exited;
  });
});

describe('a non-resumable ACP agent (--no-load-session)', () => {
  const manifestOf = (name: string) =>
    validateAgentCliManifest(
      readFileSync(
        new URL(`../../../fixtures/agents/${name}/AGENT-CLI.md`, import.meta.url),
        'utf8',
      ),
    ).manifest!;

  test.each(['agent-acp', 'agent-acp-ephemeral'])(
    "%s: the agent spawned from the manifest negotiates loadSession = the manifest's capabilities.resumable",
    async (name) => {
      const manifest = manifestOf(name);
      const spawned = resolveSpawn({
        ...manifest,
        bin: process.execPath,
        bin_args: [BIN('agent-acp'), ...(manifest.bin_args ?? [])],
      });
      if (!spawned.ok) throw new Error('resolveSpawn rejected the fake manifest');
      const dir = tempDir('acp-resumable-');
      const agent = startAgent(spawned.command, [...spawned.args], dir);
      const c = client();
      const init = await c.app.connectWith(agent.stream, (ctx) =>
        ctx.request(acp.methods.agent.initialize, {
          protocolVersion: acp.PROTOCOL_VERSION,
          clientCapabilities: {},
        }),
      );
      expect(init.agentCapabilities?.loadSession).toBe(manifest.capabilities?.resumable);
      expect((init._meta?.['aoi-testkit'] as { loadSession: boolean }).loadSession).toBe(
        manifest.capabilities?.resumable,
      );
      agent.child.stdin!.end();
      expect(await agent.exited).toBe(0);
    },
  );

  test('session/load is "method not found"; new sessions, prompts and close still work', async () => {
    const dir = tempDir('acp-ephemeral-');
    // A session stored by the resumable agent on the same state dir: the non-resumable one still does not load it.
    const first = startAgent(process.execPath, [BIN('agent-acp')], dir);
    const stored = await client().app.connectWith(first.stream, async (ctx) => {
      await ctx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      });
      return (await ctx.request(acp.methods.agent.session.new, { cwd: dir, mcpServers: [] }))
        .sessionId;
    });
    first.child.stdin!.end();
    await first.exited;
    const agent = startAgent(process.execPath, [BIN('agent-acp'), '--no-load-session'], dir);
    const c = client();
    await c.app.connectWith(agent.stream, async (ctx) => {
      const init = await ctx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      });
      expect(init.agentCapabilities).toMatchObject({
        loadSession: false,
        sessionCapabilities: { close: {} },
      });
      const load = await ctx
        .request(acp.methods.agent.session.load, { sessionId: stored, cwd: dir, mcpServers: [] })
        .catch((e: unknown) => e);
      expect(load).toBeInstanceOf(acp.RequestError);
      expect((load as acp.RequestError).code).toBe(-32601);
      const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
        cwd: dir,
        mcpServers: [],
      });
      expect(
        (await ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: text('hello') }))
          .stopReason,
      ).toBe('end_turn');
      expect(await ctx.request(acp.methods.agent.session.close, { sessionId })).toEqual({});
    });
    agent.child.stdin!.end();
    expect(await agent.exited).toBe(0);
  });

  test('--no-load-session with unknown-session-on-load, or on another fake, is a usage error', async () => {
    for (const [bin, args, says] of [
      [
        'agent-acp',
        ['--no-load-session', '--fault', 'unknown-session-on-load'],
        /unknown-session-on-load needs session\/load: it cannot be combined with --no-load-session/,
      ],
      ['agent-repl', ['--no-load-session'], /--no-load-session is an option of the acp fake only/],
    ] as const) {
      // Its usage message is asserted, not left to reach the test log.
      const run = await runCli(process.execPath, [BIN(bin), ...args], {
        env: { AOI_TESTKIT_STATE_DIR: tempDir('acp-ephemeral-') },
        timeoutMs: 60_000,
      });
      expect(run.exitCode).toBe(64);
      expect(Buffer.from(run.stderr).toString('utf8')).toMatch(says);
    }
  });
});
