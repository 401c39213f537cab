import { Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { crash, FAKE_AGENT_VERSION, malformedLine, secretEcho, selfReport, sleep, stderrNoiseLines, Wire, type AgentSetup } from './runtime.js';

const NOTES = [
  { id: 'n1', title: 'groceries', body: 'milk, eggs, flour' },
  { id: 'n2', title: 'release checklist', body: 'tag, build, publish, announce' },
  { id: 'n3', title: 'meeting notes', body: 'ship the agent fakes on Friday' },
];

/**
 * The fake MCP server (the Goose-like arm): a real `@modelcontextprotocol/sdk` McpServer on stdio with tools
 * `echo`, `search_notes`, `slow_tool` (progress notifications, cancellable) and `agent_info` (its argv and
 * options), its faults applied at the tool handlers and on the outgoing frames.
 */
export async function runMcpAgent(setup: AgentSetup): Promise<void> {
  const b = setup.behaviour;
  const wire = new Wire(b);
  const noise = { i: 0 };
  const afterResponse = new Map<string | number, () => void>();
  let calls = 0;
  let hugeSent = false;

  const stdout = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      void (async () => {
        let message: { id?: string | number; result?: Record<string, unknown> } | undefined;
        if (chunk.length <= 65_536) {
          try {
            message = JSON.parse(chunk.toString('utf8'));
          } catch {
            message = undefined;
          }
        }
        const isInitialize = message?.result !== undefined && typeof message.result.protocolVersion === 'string';
        if (isInitialize) {
          if (b.malformedFrame?.at === 'handshake') await wire.line(malformedLine(b.malformedFrame.kind, 'mcp'));
          if (b.handshakeDelayMs) await sleep(b.handshakeDelayMs);
          if (b.protocolVersion !== undefined) {
            message!.result!.protocolVersion = typeof b.protocolVersion === 'number' ? '1999-01-01' : b.protocolVersion;
            chunk = Buffer.from(`${JSON.stringify(message)}\n`);
          }
        }
        await wire.bytes(chunk);
        const then = message?.id !== undefined ? afterResponse.get(message.id) : undefined;
        if (then) {
          afterResponse.delete(message!.id!);
          then();
        }
      })().then(() => callback(), callback);
    },
  });

  const server = new McpServer({ name: setup.name, version: FAKE_AGENT_VERSION }, { capabilities: { tools: {} }, instructions: 'aoi-testkit fake MCP agent: call agent_info for its argv and options.' });

  /** What every tool call goes through: the turn's faults. Returns the text to prepend (secret, huge chunk). */
  const startCall = async (): Promise<{ turn: number; prefix: string[] }> => {
    const turn = ++calls;
    if (b.stderrNoise?.perUpdateLines) process.stderr.write(stderrNoiseLines(b.stderrNoise.perUpdateLines, noise));
    if (b.malformedFrame?.at === 'turn') await wire.line(malformedLine(b.malformedFrame.kind, 'mcp'));
    const c = b.crashMidTurn;
    if (c && c.turn === turn && c.afterUpdates === 0) {
      await wire.drain();
      crash(c);
    }
    if (b.toolCallWithoutResult) await new Promise<never>(() => {});
    const prefix: string[] = [];
    if (b.hugeFrameBytes !== undefined && !hugeSent) {
      hugeSent = true;
      prefix.push('x'.repeat(b.hugeFrameBytes));
    }
    const secret = secretEcho(setup);
    if (secret) prefix.push(secret);
    return { turn, prefix };
  };
  const lateEvents = (requestId: string | number, send: () => Promise<void>) => {
    if (b.eventsAfterTurnEnd) afterResponse.set(requestId, () => void send());
  };

  server.registerTool('echo', { description: 'Echoes its text back.', inputSchema: { text: z.string() } }, async ({ text }) => {
    const { prefix } = await startCall();
    return { content: [...prefix, text].map((t) => ({ type: 'text' as const, text: t })) };
  });

  server.registerTool('search_notes', { description: 'Searches the notes for a word.', inputSchema: { query: z.string(), limit: z.number().int().min(1).max(50).optional() } }, async ({ query, limit }) => {
    const { prefix } = await startCall();
    const hits = NOTES.filter((n) => `${n.title} ${n.body}`.toLowerCase().includes(query.toLowerCase())).slice(0, limit ?? 10);
    return {
      content: [...prefix.map((t) => ({ type: 'text' as const, text: t })), { type: 'text' as const, text: JSON.stringify(hits) }],
      structuredContent: { hits },
    };
  });

  server.registerTool(
    'slow_tool',
    { description: 'Works in steps, reporting progress; cancellable.', inputSchema: { steps: z.number().int().min(1).max(1000).optional(), stepMs: z.number().int().min(0).max(60_000).optional() } },
    async ({ steps = 5, stepMs = 50 }, extra) => {
      const { turn, prefix } = await startCall();
      const token = extra._meta?.progressToken;
      const progress = async (done: number, message: string) => {
        if (token === undefined) return;
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total: steps, message } });
      };
      const cancelled = new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve(), { once: true }));
      const c = b.crashMidTurn;
      for (let i = 1; i <= steps; i++) {
        if (c && c.turn === turn && i > c.afterUpdates) {
          await wire.drain();
          crash(c);
        }
        if (extra.signal.aborted && !b.ignoresCancel) break;
        await (b.ignoresCancel ? sleep(stepMs) : Promise.race([sleep(stepMs), cancelled]));
        if (extra.signal.aborted && !b.ignoresCancel) break;
        await progress(i, `step ${i} of ${steps}`);
        if (b.stderrNoise?.perUpdateLines) process.stderr.write(stderrNoiseLines(b.stderrNoise.perUpdateLines, noise));
      }
      lateEvents(extra.requestId, async () => {
        for (let i = 0; i < b.eventsAfterTurnEnd!; i++) await progress(steps + i + 1, '(late progress after the result)');
      });
      return { content: [...prefix, `done in ${steps} steps`].map((t) => ({ type: 'text' as const, text: t })) };
    },
  );

  server.registerTool('agent_info', { description: "The fake agent's argv, options and faults (never an environment value).", inputSchema: {} }, async () => {
    return { content: [{ type: 'text' as const, text: JSON.stringify(selfReport(setup)) }], structuredContent: selfReport(setup) };
  });

  const transport = new StdioServerTransport(process.stdin, stdout);
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = resolve;
  });
  await server.connect(transport);
  await ended;
  await wire.drain();
}
