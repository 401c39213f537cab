import type { AgentTranscript, TranscriptFrame } from '../../../src/spec/agentcli/transcript.js';

/** Hand-written transcripts: `to(x)` the runner wrote, `from(x)` the agent wrote (objects are JSON-RPC, strings raw lines). */
export const to = (m: unknown): TranscriptFrame =>
  typeof m === 'string'
    ? { direction: 'to-agent', line: m, at: 0 }
    : { direction: 'to-agent', message: m, at: 0 };
export const from = (m: unknown): TranscriptFrame =>
  typeof m === 'string'
    ? { direction: 'from-agent', line: m, at: 0 }
    : { direction: 'from-agent', message: m, at: 0 };
export const acp = (...frames: TranscriptFrame[]): AgentTranscript => ({ protocol: 'acp', frames });
export const mcp = (...frames: TranscriptFrame[]): AgentTranscript => ({ protocol: 'mcp', frames });
export const repl = (...lines: string[]): AgentTranscript => ({
  protocol: 'proprietary',
  frames: lines.map((l) => (l.startsWith('> ') ? to(l.slice(2)) : from(l))),
});

const rpc = (m: object) => ({ jsonrpc: '2.0', ...m });
export const req = (id: number, method: string, params: object = {}) => rpc({ id, method, params });
export const res = (id: number, result: object) => rpc({ id, result });
export const err = (id: number, code: number, message: string) =>
  rpc({ id, error: { code, message } });
export const note = (method: string, params: object) => rpc({ method, params });
export const update = (sessionId: string, u: object) =>
  note('session/update', { sessionId, update: u });

/** ACP up to an open session `s1`. */
export const acpOpen = (version = 1): TranscriptFrame[] => [
  to(req(0, 'initialize', { protocolVersion: 1, clientCapabilities: {} })),
  from(res(0, { protocolVersion: version, agentCapabilities: { loadSession: true } })),
  to(req(1, 'session/new', { cwd: '/', mcpServers: [] })),
  from(res(1, { sessionId: 's1' })),
];
export const prompt = (id: number, text = 'hi') =>
  to(req(id, 'session/prompt', { sessionId: 's1', prompt: [{ type: 'text', text }] }));
export const chunk = (text: string) =>
  from(update('s1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }));
export const toolCall = (id: string) =>
  from(
    update('s1', {
      sessionUpdate: 'tool_call',
      toolCallId: id,
      title: 'read',
      kind: 'read',
      status: 'pending',
      rawInput: { path: 'x' },
    }),
  );
export const toolDone = (id: string, status = 'completed') =>
  from(
    update('s1', {
      sessionUpdate: 'tool_call_update',
      toolCallId: id,
      status,
      rawOutput: { output: 'ok' },
    }),
  );
export const stop = (id: number, stopReason = 'end_turn') => from(res(id, { stopReason }));

/** A clean ACP conversation: one turn with a thought, a tool, a permission and text. */
export const cleanAcp = () =>
  acp(
    ...acpOpen(),
    prompt(2),
    from(
      update('s1', {
        sessionUpdate: 'agent_thought_chunk',
        content: { type: 'text', text: 'hmm' },
      }),
    ),
    from(update('s1', { sessionUpdate: 'plan', entries: [] })),
    toolCall('c1'),
    from(
      update('s1', { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress' }),
    ),
    toolDone('c1'),
    from(
      req(0, 'session/request_permission', {
        sessionId: 's1',
        toolCall: { toolCallId: 'p1', title: 'Allow?' },
        options: [],
      }),
    ),
    to(res(0, { outcome: { outcome: 'selected', optionId: 'allow' } })),
    chunk('Hello'),
    chunk(' world'),
    stop(2),
  );

export const mcpOpen = (version = '2025-06-18'): TranscriptFrame[] => [
  to(
    req(0, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    }),
  ),
  from(
    res(0, {
      protocolVersion: version,
      capabilities: { tools: {} },
      serverInfo: { name: 's', version: '1' },
    }),
  ),
  to(note('notifications/initialized', {})),
];

export const cleanRepl = () =>
  repl(
    'ready {"name":"r","version":"1"}',
    '> say "hi"',
    'thought "hmm"',
    'tool {"id":"t1","name":"read","args":{}}',
    'result {"id":"t1","output":"ok"}',
    'ask {"id":"q1","question":"ok?"}',
    '> answer {"id":"q1","text":"yes"}',
    'text "hello"',
    'done {"stopReason":"end_turn"}',
  );
