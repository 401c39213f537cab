import * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, test } from 'vitest';
import { checkTurns } from '../../../src/checks/agentcli/turns.js';
import { toCompleteTurn } from '../../../src/matchers/to-complete-turn.js';
import { toFollowTurnTaxonomy } from '../../../src/matchers/to-follow-turn-taxonomy.js';
import {
  acpClient,
  killAll,
  mcpClient,
  spawnRecorded,
  untilFrom,
  type Recorded,
} from './record.js';
import { tempDir } from './support.js';

expect.extend({ toCompleteTurn, toFollowTurnTaxonomy });
declare module 'vitest' {
  interface Assertion<T> {
    toCompleteTurn(options?: { stopReason?: string }): T;
    toFollowTurnTaxonomy(options?: {
      capabilities?: Record<string, boolean>;
      secrets?: readonly string[];
    }): T;
  }
}
afterEach(killAll);

const rules = (rec: Recorded, secrets: string[] = []) =>
  [...new Set(checkTurns(rec.recorder.transcript(), { secrets }).findings.map((f) => f.id))].sort();

/** Initialize, a session, then `prompts` in order with the real ACP client; closes stdin at the end. */
async function acpConversation(
  rec: Recorded,
  prompts: string[],
  options: { protocolVersion?: number; after?: () => Promise<void> } = {},
) {
  const c = acpClient(rec);
  const stops = await c.app.connectWith(c.stream, async (ctx) => {
    const init = await ctx.request(acp.methods.agent.initialize, {
      protocolVersion: options.protocolVersion ?? acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    if (init.protocolVersion !== (options.protocolVersion ?? acp.PROTOCOL_VERSION)) return [];
    const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
      cwd: process.cwd(),
      mcpServers: [],
    });
    const out: string[] = [];
    for (const text of prompts)
      out.push(
        (
          await ctx.request(acp.methods.agent.session.prompt, {
            sessionId,
            prompt: [{ type: 'text', text }],
          })
        ).stopReason,
      );
    await options.after?.();
    return out;
  });
  rec.child.stdin.end();
  await rec.exited;
  return stops;
}

describe('clean fakes follow the turn taxonomy', () => {
  test('agent-acp through the SDK client: three turns with a tool, a permission, a failed tool and an error', async () => {
    const rec = spawnRecorded('agent-acp', 'acp');
    const c = acpClient(rec);
    await c.app.connectWith(c.stream, async (ctx) => {
      await ctx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      });
      const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
        cwd: process.cwd(),
        mcpServers: [],
      });
      expect(
        (
          await ctx.request(acp.methods.agent.session.prompt, {
            sessionId,
            prompt: [{ type: 'text', text: 'What is this?' }],
          })
        ).stopReason,
      ).toBe('end_turn');
      expect(
        (
          await ctx.request(acp.methods.agent.session.prompt, {
            sessionId,
            prompt: [{ type: 'text', text: 'edit with permission' }],
          })
        ).stopReason,
      ).toBe('end_turn');
      await expect(
        ctx.request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text: 'broken' }],
        }),
      ).rejects.toThrow();
    });
    rec.child.stdin.end();
    await rec.exited;
    const transcript = rec.recorder.transcript();
    expect(transcript).toFollowTurnTaxonomy({
      capabilities: { streaming: true, tool_calls: true, bidirectional: true },
    });
    const report = checkTurns(transcript);
    expect(report.turns).toBe(3);
    expect(report.events.filter((e) => e.turn === 0).map((e) => e.type)).toEqual([
      'thought',
      'tool-call',
      'tool-result',
      'text-delta',
      'text-delta',
      'turn-end',
    ]);
    expect(report.events.some((e) => e.type === 'agent-prompt' && e.turn === 1)).toBe(true);
    expect(report.events.at(-1)).toMatchObject({ type: 'error', turn: 2, code: -32603 });
    expect(transcript).not.toCompleteTurn({ stopReason: 'end_turn' });
    expect(
      checkTurns(transcript, { capabilities: { bidirectional: false } }).findings.map((f) => f.id),
    ).toEqual(['AGENTCLI-24/bidirectional']);
  });

  test('agent-acp: session/load replays history, which is not a turn; resumable: false catches the load', async () => {
    const dir = tempDir('aoi-turns-load-');
    const first = spawnRecorded('agent-acp', 'acp', [], { AOI_TESTKIT_STATE_DIR: dir });
    expect(await acpConversation(first, ['hello'])).toEqual(['end_turn']);
    const sessionId = (
      first.recorder
        .transcript()
        .frames.find((f) => (f.message as { result?: { sessionId?: string } })?.result?.sessionId)!
        .message as { result: { sessionId: string } }
    ).result.sessionId;
    const second = spawnRecorded('agent-acp', 'acp', [], { AOI_TESTKIT_STATE_DIR: dir });
    const c = acpClient(second);
    await c.app.connectWith(c.stream, async (ctx) => {
      await ctx.request(acp.methods.agent.initialize, {
        protocolVersion: 1,
        clientCapabilities: {},
      });
      await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: dir, mcpServers: [] });
      await ctx.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'and now?' }],
      });
    });
    second.child.stdin.end();
    await second.exited;
    const transcript = second.recorder.transcript();
    expect(
      transcript.frames.filter(
        (f) => (f.message as { method?: string })?.method === 'session/update',
      ).length,
    ).toBeGreaterThan(3);
    const report = checkTurns(transcript, { capabilities: { resumable: true } });
    expect(report.findings).toEqual([]);
    expect(report.turns).toBe(1);
    expect(report.events.every((e) => e.turn === 0)).toBe(true);
    expect(
      checkTurns(transcript, { capabilities: { resumable: false } }).findings.map((f) => f.id),
    ).toEqual(['AGENTCLI-24/resumable']);
  });

  test('agent-mcp through the SDK client: tools/call turns with progress', async () => {
    const rec = spawnRecorded('agent-mcp', 'mcp');
    const client = await mcpClient(rec);
    await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    await client.callTool({ name: 'slow_tool', arguments: { steps: 2, stepMs: 1 } }, undefined, {
      onprogress: () => {},
    });
    await client.callTool({ name: 'echo', arguments: { text: 3 } });
    await client.close();
    await rec.exited;
    const transcript = rec.recorder.transcript();
    expect(transcript).toFollowTurnTaxonomy();
    expect(transcript).toCompleteTurn();
    const report = checkTurns(transcript);
    expect(report.turns).toBe(3);
    expect(report.events.filter((e) => e.turn === 1).map((e) => e.type)).toEqual([
      'tool-call',
      'text-delta',
      'text-delta',
      'tool-result',
      'turn-end',
    ]);
  });

  test('agent-repl by lines: a tool turn, an ask answered, a failed tool with an error line', async () => {
    const rec = spawnRecorded('agent-repl', 'proprietary');
    const write = (line: string) => rec.child.stdin.write(`${line}\n`);
    const dones = (n: number) =>
      untilFrom(
        rec,
        () =>
          rec.recorder.transcript().frames.filter((f) => f.line?.startsWith('done ')).length >= n,
      );
    write('say "what is this?"');
    await dones(1);
    write('say "change it, with permission"');
    await untilFrom(rec, (l) => l.startsWith('ask '));
    write('answer {"id":"perm-1","text":"yes"}');
    await dones(2);
    write('say "broken"');
    await dones(3);
    write('quit');
    await rec.exited;
    const transcript = rec.recorder.transcript();
    expect(transcript).toFollowTurnTaxonomy({
      capabilities: { streaming: true, bidirectional: true, tool_calls: true },
    });
    expect(transcript).toCompleteTurn({ stopReason: 'end_turn' });
    expect(checkTurns(transcript).turns).toBe(3);
  });
});

describe('each fault is caught by the rule it breaks', () => {
  test('events-after-turn-end (acp): AGENTCLI-22/event-after-end', async () => {
    const rec = spawnRecorded('agent-acp', 'acp', ['--fault', 'events-after-turn-end={"count":2}']);
    await acpConversation(rec, ['hello'], {
      after: () => untilFrom(rec, (l) => l.includes('late chunk 2')),
    });
    expect(rules(rec)).toEqual(['AGENTCLI-22/event-after-end']);
    expect(rec.recorder.transcript()).not.toCompleteTurn();
  });

  test('events-after-turn-end (repl and mcp)', async () => {
    const repl = spawnRecorded('agent-repl', 'proprietary', [
      '--fault',
      'events-after-turn-end={"count":1}',
    ]);
    repl.child.stdin.write('say "hi"\n');
    await untilFrom(repl, (l) => l.includes('late chunk 1'));
    repl.child.stdin.end();
    await repl.exited;
    expect(rules(repl)).toEqual(['AGENTCLI-22/event-after-end']);
    const mcp = spawnRecorded('agent-mcp', 'mcp', ['--fault', 'events-after-turn-end={"count":1}']);
    const client = await mcpClient(mcp);
    await client.callTool({ name: 'slow_tool', arguments: { steps: 1, stepMs: 1 } }, undefined, {
      onprogress: () => {},
    });
    await untilFrom(mcp, (l) => l.includes('late event'));
    await client.close();
    await mcp.exited;
    expect(rules(mcp)).toEqual(['AGENTCLI-22/event-after-end']);
  });

  test('crash-mid-turn (acp): AGENTCLI-22/no-turn-end', async () => {
    const rec = spawnRecorded('agent-acp', 'acp', ['--fault', 'crash-mid-turn={"afterUpdates":2}']);
    const c = acpClient(rec);
    const connection = c.app.connectWith(c.stream, async (ctx) => {
      await ctx.request(acp.methods.agent.initialize, {
        protocolVersion: 1,
        clientCapabilities: {},
      });
      const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
        cwd: process.cwd(),
        mcpServers: [],
      });
      ctx
        .request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text: 'hi' }],
        })
        .catch(() => {});
      await rec.exited;
    });
    connection.catch(() => {});
    expect((await rec.exited).code).toBe(1);
    expect(rules(rec)).toEqual(['AGENTCLI-22/no-turn-end']);
    // And a runner's events for it: ending the turn with an error is what AGENTCLI-22 asks.
    expect([
      { type: 'text-delta', text: 'a' },
      { type: 'error', message: 'agent exited (1) mid-turn' },
    ]).toCompleteTurn();
    expect([{ type: 'text-delta', text: 'a' }]).not.toCompleteTurn();
  });

  test('malformed-frame: AGENTCLI-21 on every arm', async () => {
    const a = spawnRecorded('agent-acp', 'acp', ['--fault', 'malformed-frame']);
    await acpConversation(a, ['hello']);
    expect(rules(a)).toEqual(['AGENTCLI-21/malformed-frame']);
    const r = spawnRecorded('agent-repl', 'proprietary', [
      '--fault',
      'malformed-frame={"kind":"truncated"}',
    ]);
    r.child.stdin.write('say "hi"\n');
    r.child.stdin.end();
    await r.exited;
    expect(rules(r)).toEqual(['AGENTCLI-21/malformed-frame']);
    const t = spawnRecorded('agent-repl', 'proprietary', [
      '--fault',
      'malformed-frame={"kind":"not-json"}',
    ]);
    t.child.stdin.end('say "hi"\n');
    await t.exited;
    expect(rules(t)).toEqual(['AGENTCLI-21/unknown-tag']);
  });

  test('tool-call-without-result (acp, repl): AGENTCLI-23/unanswered-call', async () => {
    const a = spawnRecorded('agent-acp', 'acp', ['--fault', 'tool-call-without-result']);
    await acpConversation(a, ['hello']);
    expect(rules(a)).toEqual(['AGENTCLI-23/unanswered-call']);
    const r = spawnRecorded('agent-repl', 'proprietary', ['--fault', 'tool-call-without-result']);
    r.child.stdin.end('say "hi"\n');
    await r.exited;
    expect(rules(r)).toEqual(['AGENTCLI-23/unanswered-call']);
  });

  test('echoes-secret: AGENTCLI-25, and no message shows the secret', async () => {
    const canary = `sk-canary-${process.pid}-AbCdEf0123456789`;
    const rec = spawnRecorded('agent-acp', 'acp', ['--fault', 'echoes-secret'], {
      ANTHROPIC_API_KEY: canary,
    });
    await acpConversation(rec, ['hello']);
    expect(rules(rec, [canary])).toEqual(['AGENTCLI-25/secret-echoed']);
    const transcript = rec.recorder.transcript();
    // An echoed secret is a warning by default (AIP-45 puts no MUST on the agent here); strict fails on it.
    expect(transcript).toFollowTurnTaxonomy({ secrets: [canary] });
    expect(transcript).not.toFollowTurnTaxonomy({ secrets: [canary], strict: true });
    const message = toFollowTurnTaxonomy
      .call({}, transcript, { secrets: [canary], strict: true })
      .message();
    expect(message).toContain('AGENTCLI-25/secret-echoed');
    expect(message).not.toContain(canary);
    expect(JSON.stringify(checkTurns(transcript, { secrets: [canary] }).findings)).not.toContain(
      canary,
    );
  });

  test('unknown-protocol-version: AGENTCLI-20/protocol-version (acp and mcp)', async () => {
    const a = spawnRecorded('agent-acp', 'acp', ['--fault', 'unknown-protocol-version']);
    expect(await acpConversation(a, ['hello'])).toEqual([]);
    expect(rules(a)).toEqual(['AGENTCLI-20/protocol-version']);
    const m = spawnRecorded('agent-mcp', 'mcp', ['--fault', 'unknown-protocol-version']);
    await expect(mcpClient(m)).rejects.toThrow(/protocol version/i);
    m.child.stdin.end();
    await m.exited;
    expect(rules(m)).toEqual(['AGENTCLI-20/protocol-version']);
  });

  test('exits-before-handshake: AGENTCLI-20/no-handshake (acp, mcp, repl)', async () => {
    const a = spawnRecorded('agent-acp', 'acp', ['--fault', 'exits-before-handshake']);
    a.child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } })}\n`,
    );
    await a.exited;
    expect(rules(a)).toEqual(['AGENTCLI-20/no-handshake']);
    expect(a.recorder.transcript().exit).toEqual({ code: 1, signal: null });
    const m = spawnRecorded('agent-mcp', 'mcp', ['--fault', 'exits-before-handshake']);
    await expect(mcpClient(m)).rejects.toThrow();
    await m.exited;
    expect(rules(m)).toEqual(['AGENTCLI-20/no-handshake']);
    const r = spawnRecorded('agent-repl', 'proprietary', ['--fault', 'exits-before-handshake']);
    await r.exited;
    expect(rules(r)).toEqual(['AGENTCLI-20/no-handshake']);
  });
});
