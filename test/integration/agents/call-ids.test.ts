/**
 * ACP: a tool call's `toolCallId` is "A unique identifier for this tool call within the session". The fake ACP agent
 * replays scripted turns, whose ids repeat when the turns do (the default script cycles); a correct runner relaying
 * its turns must never see an id twice in a session (AGENTCLI-23/duplicate-call-id). Driven by the SDK's own client
 * over real pipes, for many generated conversations: several sessions of one agent, prompts that pick scripted and
 * default turns, and a session/load in between.
 */
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { BIN, tempDir } from './support.js';

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Prompts that pick the default script's turns: its cycling default turns, and the scripted ones that end quickly. */
const PROMPT = fc.constantFrom('hello', 'what next?', 'permission to edit', 'run the broken tests');
const STEP = fc.record({ session: fc.nat({ max: 1 }), prompt: PROMPT, reload: fc.boolean() });

interface Seen {
  readonly calls: string[];
  readonly updates: string[];
}

async function converse(steps: readonly { session: number; prompt: string; reload: boolean }[]) {
  const dir = tempDir('acp-call-ids-');
  const child = spawn(process.execPath, [BIN('agent-acp')], {
    env: { PATH: process.env.PATH, AOI_TESTKIT_STATE_DIR: dir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const stream = acp.ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as unknown as ReadableStream<Uint8Array>,
  );
  const seen = new Map<string, Seen>();
  const of = (sessionId: string) => {
    const known = seen.get(sessionId) ?? { calls: [], updates: [] };
    seen.set(sessionId, known);
    return known;
  };
  const app = acp
    .client({ name: 'aoi-testkit-call-ids' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      const update = params.update;
      if (update.sessionUpdate === 'tool_call') of(params.sessionId).calls.push(update.toolCallId);
      if (update.sessionUpdate === 'tool_call_update')
        of(params.sessionId).updates.push(update.toolCallId);
    })
    .onRequest(acp.methods.client.session.requestPermission, async () => ({
      outcome: { outcome: 'selected', optionId: 'allow' },
    }));
  await app.connectWith(stream, async (ctx) => {
    await ctx.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    const sessions: string[] = [];
    for (const step of steps) {
      while (sessions.length <= step.session) {
        const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
          cwd: dir,
          mcpServers: [],
        });
        sessions.push(sessionId);
      }
      const sessionId = sessions[step.session]!;
      if (step.reload) {
        // A session/load replays the history: those updates are not new calls.
        const before = { ...of(sessionId), calls: [...of(sessionId).calls] };
        await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: dir, mcpServers: [] });
        seen.set(sessionId, { calls: before.calls, updates: [...of(sessionId).updates] });
      }
      // The "broken" turn ends in an error answer: a turn like another, for the ids.
      await ctx
        .request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text: step.prompt }],
        })
        .catch((error: unknown) => {
          if (!(error instanceof acp.RequestError)) throw error;
        });
    }
  });
  child.stdin.end();
  return seen;
}

test('tool-call ids are unique in each session, however many turns repeat the script', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(STEP, { minLength: 3, maxLength: 8 }), async (steps) => {
      const seen = await converse(steps);
      let calls = 0;
      for (const [sessionId, { calls: ids, updates }] of seen) {
        calls += ids.length;
        expect(new Set(ids).size, `${sessionId}: ${ids.join(', ')}`).toBe(ids.length);
        // Every result names a call the session announced.
        for (const id of updates) expect(ids, `${sessionId}: update for ${id}`).toContain(id);
      }
      // The default script calls a tool on its first default turn: three turns always make at least one call.
      expect(calls).toBeGreaterThan(0);
    }),
    { numRuns: 6 },
  );
}, 120_000);
