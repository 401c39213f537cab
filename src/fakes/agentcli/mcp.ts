import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { McpServer, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ZodRawShape } from 'zod';
// The namespace, not `{ z }`: esbuild then bundles only what is used (`{ z }` drags in every locale, ~270 kB of start-up parse).
import * as z from 'zod';
import { PROMPT_LOG_CHARS } from '../../spec/agentcli/transcript.js';
import {
  crash,
  FAKE_AGENT_VERSION,
  heardCancel,
  logLifecycle,
  malformedLine,
  secretEcho,
  selfReport,
  sleep,
  stderrNoiseLines,
  Wire,
  writeStderrBlocking,
  type AgentSetup,
} from './runtime.js';

const NOTES = [
  { id: 'n1', title: 'groceries', body: 'milk, eggs, flour' },
  { id: 'n2', title: 'release checklist', body: 'tag, build, publish, announce' },
  { id: 'n3', title: 'meeting notes', body: 'ship the agent fakes on Friday' },
];

/** Where the HTTP transport serves MCP (loopback only: the fake is a test double, never a service). */
export const MCP_HTTP_PATH = '/mcp';
const LOOPBACK = '127.0.0.1';

type Extra = Parameters<ToolCallback<ZodRawShape>>[1];
type Content = { type: 'text'; text: string }[];

/**
 * The fake MCP server (the Goose-like arm): a real `@modelcontextprotocol/sdk` McpServer with tools `echo`,
 * `search_notes`, `slow_tool` (progress notifications, cancellable) and `agent_info` (its argv and options).
 * On stdio (the default) its faults apply at the tool handlers and on the outgoing frames; with
 * `--transport http` the same server (same tools, same code) is served over the SDK's Streamable HTTP
 * transport on loopback, one server per MCP session, for HTTP-only tools such as the MCP conformance suite.
 */
export async function runMcpAgent(setup: AgentSetup): Promise<void> {
  if (setup.options.transport === 'http') return serveHttp(setup);
  const b = setup.behaviour;
  const wire = new Wire(b);
  const afterResponse = new Map<string | number, () => void>();
  // What the runner asked, by request id: the handshake's offer and the turns (tools/call) still unanswered.
  let offered: unknown;
  const calls = new Set<string | number>();

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
        const isInitialize =
          message?.result !== undefined && typeof message.result.protocolVersion === 'string';
        if (isInitialize) {
          if (b.malformedFrame?.at === 'handshake')
            await wire.line(malformedLine(b.malformedFrame.kind, 'mcp'));
          if (b.handshakeDelayMs) await sleep(b.handshakeDelayMs);
          if (b.protocolVersion !== undefined) {
            message!.result!.protocolVersion =
              typeof b.protocolVersion === 'number' ? '1999-01-01' : b.protocolVersion;
            chunk = Buffer.from(`${JSON.stringify(message)}\n`);
          }
          logLifecycle({ event: 'handshake', offered, answered: message!.result!.protocolVersion });
        }
        // The answer to a tools/call ends its turn (MCP's turn is a tool's answer: no message text to log).
        if (message?.id !== undefined && calls.delete(message.id)) {
          const failed =
            'error' in message || (message.result !== undefined && message.result.isError === true);
          logLifecycle({ event: 'prompt-end', stopReason: failed ? 'error' : 'end_turn' });
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

  const server = buildServer(setup, {
    malformedLine: () => wire.line(malformedLine(b.malformedFrame!.kind, 'mcp')),
    beforeCrash: () => wire.drain(),
    afterResponse: (requestId, then) => afterResponse.set(requestId, then),
  });
  const transport = new StdioServerTransport(process.stdin, stdout);
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = resolve;
  });
  await server.connect(transport);
  // What reached the agent, as it arrived (before the SDK acts on it): the runner verb judges from the log.
  const deliver = transport.onmessage;
  transport.onmessage = (message) => {
    const m = message as {
      id?: string | number;
      method?: string;
      params?: {
        protocolVersion?: unknown;
        name?: unknown;
        arguments?: unknown;
        requestId?: unknown;
      };
    };
    if (m.method === 'initialize') offered = m.params?.protocolVersion;
    if (m.method === 'tools/call' && m.id !== undefined) {
      calls.add(m.id);
      const args = m.params?.arguments as { text?: unknown } | undefined;
      const text = typeof args?.text === 'string' ? args.text : JSON.stringify(args ?? {});
      logLifecycle({
        event: 'prompt',
        tool: String(m.params?.name),
        text: text.slice(0, PROMPT_LOG_CHARS),
      });
    }
    if (m.method === 'notifications/cancelled') logLifecycle({ event: 'cancel' });
    deliver?.(message);
  };
  await ended;
  await wire.drain();
}

interface ServerHooks {
  /** Write the malformed-frame fault's line on the wire. */
  malformedLine(): Promise<void>;
  /** Flush what is queued before a crash. */
  beforeCrash(): Promise<void>;
  /** Run `then` once the response to `requestId` is on the wire. */
  afterResponse(requestId: string | number, then: () => void): void;
}

/** One McpServer with the fake's tools, its faults applied inside the handlers. */
function buildServer(setup: AgentSetup, hooks: ServerHooks): McpServer {
  const b = setup.behaviour;
  const noise = { i: 0 };
  let calls = 0;
  let hugeSent = false;
  const server = new McpServer(
    { name: setup.name, version: FAKE_AGENT_VERSION },
    // logging: late events of a call without a progress token are log messages (the only other call-related notification).
    {
      capabilities: { tools: {}, logging: {} },
      instructions: 'aoi-testkit fake MCP agent: call agent_info for its argv and options.',
    },
  );

  /** What every tool call goes through: the turn's faults. Returns the turn and the text to prepend (secret, huge chunk). */
  const startCall = async (): Promise<{ turn: number; prefix: string[] }> => {
    const turn = ++calls;
    if (b.stderrNoise?.perUpdateLines)
      writeStderrBlocking(stderrNoiseLines(b.stderrNoise.perUpdateLines, noise));
    if (b.malformedFrame?.at === 'turn') await hooks.malformedLine();
    const c = b.crashMidTurn;
    if (c && c.turn === turn && c.afterUpdates === 0) {
      await hooks.beforeCrash();
      crash(c);
    }
    // MCP's turn ends with the tools/call answer: a call without a result is a call never answered.
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

  /**
   * events-after-turn-end, for every tool: once the answer is on the wire, more notifications of the call —
   * progress on its token when the client gave one (the call's stream), else log messages.
   */
  const lateEvents = (extra: Extra, lastProgress: number) => {
    const count = b.eventsAfterTurnEnd;
    if (!count) return;
    const token = extra._meta?.progressToken;
    hooks.afterResponse(extra.requestId, () => {
      void (async () => {
        for (let i = 1; i <= count; i++) {
          const message = `(late event ${i} after the result)`;
          if (token !== undefined)
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: lastProgress + i, message },
            });
          else await server.sendLoggingMessage({ level: 'info', data: message });
        }
      })().catch(() => {});
    });
  };

  /** A tool whose every call goes through the faults: startCall before, late events after. */
  const tool = <Shape extends ZodRawShape>(
    name: string,
    config: { description: string; inputSchema: Shape },
    body: (
      args: z.infer<z.ZodObject<Shape>>,
      extra: Extra,
      call: { turn: number; prefix: string[] },
    ) => Promise<{
      content: Content;
      structuredContent?: Record<string, unknown>;
      progress?: number;
    }>,
  ) => {
    server.registerTool(name, config, (async (args: z.infer<z.ZodObject<Shape>>, extra: Extra) => {
      const call = await startCall();
      const { progress = 0, ...result } = await body(args, extra, call);
      lateEvents(extra, progress);
      return result;
    }) as unknown as ToolCallback<Shape>);
  };
  const texts = (...t: string[]): Content => t.map((text) => ({ type: 'text' as const, text }));

  tool(
    'echo',
    { description: 'Echoes its text back.', inputSchema: { text: z.string() } },
    async ({ text }, _extra, { prefix }) => ({ content: texts(...prefix, text) }),
  );

  tool(
    'search_notes',
    {
      description: 'Searches the notes for a word.',
      inputSchema: { query: z.string(), limit: z.number().int().min(1).max(50).optional() },
    },
    async ({ query, limit }, _extra, { prefix }) => {
      const hits = NOTES.filter((n) =>
        `${n.title} ${n.body}`.toLowerCase().includes(query.toLowerCase()),
      ).slice(0, limit ?? 10);
      return { content: texts(...prefix, JSON.stringify(hits)), structuredContent: { hits } };
    },
  );

  tool(
    'slow_tool',
    {
      description: 'Works in steps, reporting progress; cancellable.',
      inputSchema: {
        steps: z.number().int().min(1).max(1000).optional(),
        stepMs: z.number().int().min(0).max(60_000).optional(),
      },
    },
    async ({ steps = 5, stepMs = 50 }, extra, { turn, prefix }) => {
      const token = extra._meta?.progressToken;
      const progress = async (done: number, message: string) => {
        if (token === undefined) return;
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: done, total: steps, message },
        });
      };
      const cancel = heardCancel(b, extra.signal);
      const cancelled = new Promise<void>((resolve) =>
        cancel.addEventListener('abort', () => resolve(), { once: true }),
      );
      const c = b.crashMidTurn;
      let done = 0;
      for (let i = 1; i <= steps; i++) {
        if (c && c.turn === turn && i > c.afterUpdates) {
          await hooks.beforeCrash();
          crash(c);
        }
        if (cancel.aborted) break;
        await Promise.race([sleep(stepMs), cancelled]);
        if (cancel.aborted) break;
        await progress(i, `step ${i} of ${steps}`);
        done = i;
        if (b.stderrNoise?.perUpdateLines)
          writeStderrBlocking(stderrNoiseLines(b.stderrNoise.perUpdateLines, noise));
      }
      return { content: texts(...prefix, `done in ${steps} steps`), progress: done };
    },
  );

  server.registerTool(
    'agent_info',
    {
      description: "The fake agent's argv, options and faults (never an environment value).",
      inputSchema: {},
    },
    async () => {
      return {
        content: texts(JSON.stringify(selfReport(setup))),
        structuredContent: selfReport(setup),
      };
    },
  );
  return server;
}

/**
 * `--transport http`: the same server over Streamable HTTP on 127.0.0.1 (`--port`, default any free port),
 * one McpServer per MCP session, DNS-rebinding protection on (only loopback Host headers). Prints
 * `listening http://127.0.0.1:<port>/mcp` on stdout once it accepts connections; ends when stdin ends.
 * Faults are refused on this transport (they act on stdio frames): see parseAgentArgs.
 */
async function serveHttp(setup: AgentSetup): Promise<void> {
  // Loaded here, not at start: the HTTP transport (and the fetch classes it pulls in) would slow every stdio handshake.
  const [{ createServer }, { randomUUID }, { StreamableHTTPServerTransport }] = await Promise.all([
    import('node:http'),
    import('node:crypto'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const hooks: ServerHooks = {
    malformedLine: async () => {},
    beforeCrash: async () => {},
    afterResponse: () => {},
  };
  let allowedHosts: string[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}`);
    if (url.pathname !== MCP_HTTP_PATH) {
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`not found: MCP is served at ${MCP_HTTP_PATH}\n`);
      return;
    }
    const header = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId !== undefined) {
      const known = sessions.get(sessionId);
      if (known) return known.handleRequest(req, res);
      res.writeHead(404, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32001, message: 'Session not found' },
          id: null,
        }),
      );
      return;
    }
    // No session yet: a new server and transport; the transport itself refuses anything but initialize.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
      onsessionclosed: (id) => void sessions.delete(id),
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await buildServer(setup, hooks).connect(transport);
    await transport.handleRequest(req, res);
    if (transport.sessionId === undefined) await transport.close();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`${setup.name}: http: ${(error as Error)?.message ?? String(error)}\n`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(setup.options.port ?? 0, LOOPBACK, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  allowedHosts = [`${LOOPBACK}:${port}`, `localhost:${port}`, `[::1]:${port}`];
  process.stdout.write(`listening http://${LOOPBACK}:${port}${MCP_HTTP_PATH}\n`);
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.stdin.resume();
  });
  for (const transport of sessions.values()) await transport.close().catch(() => {});
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
}
