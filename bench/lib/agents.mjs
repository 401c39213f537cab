// AIP-45 measurements: how fast a fake agent answers its handshake, how fast the kit validates a manifest and
// judges a conversation. Each from dist/ (npm run bench builds first).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './format.mjs';

/** Spawn → the handshake's answer (ACP/MCP `initialize`, REPL `ready`), then stdin closed and the exit awaited. */
function handshakeOnce(argv, first, isAnswer) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    let answeredAt;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (answeredAt === undefined && isAnswer(out)) {
        answeredAt = performance.now() - started;
        child.stdin.end();
      }
    });
    child.on('error', reject);
    child.on('close', (code) =>
      answeredAt === undefined
        ? reject(new Error(`${argv.join(' ')} exited ${code} before its handshake`))
        : resolve(answeredAt),
    );
    if (first) child.stdin.write(`${first}\n`);
  });
}

/**
 * The fake agents' handshakes, interleaved with their floors: an agent fake that speaks an SDK is measured against a
 * program that imports that SDK and answers one line (bench/lib/sdk-floor.mjs); the REPL fake, which has no SDK,
 * against the printing floor of the cold-start rows. Each arm's `floor` names the arm it is measured against.
 */
export async function agentHandshakes(root, runs = 11) {
  const init = (params) => JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params });
  const fake = (name) => [join(root, 'dist', 'bin', `${name}.js`)];
  const sdkFloor = (sdk) => [join(root, 'bench', 'lib', 'sdk-floor.mjs'), sdk];
  const acpInit = init({ protocolVersion: 1, clientCapabilities: {} });
  const mcpInit = init({
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  const answersId0 = (out) => out.includes('"id":0');
  const arms = [
    {
      label: 'agent-repl: spawn → ready line',
      argv: fake('agent-repl'),
      first: '',
      isAnswer: (out) => out.startsWith('ready ') && out.includes('\n'),
      floor: 'printing',
    },
    {
      label: 'ACP SDK floor: import @agentclientprotocol/sdk, answer one line',
      argv: sdkFloor('acp'),
      first: acpInit,
      isAnswer: answersId0,
    },
    {
      label: 'agent-acp: spawn → initialize answered',
      argv: fake('agent-acp'),
      first: acpInit,
      isAnswer: answersId0,
      floor: 'ACP SDK floor',
    },
    {
      label: 'MCP SDK floor: import @modelcontextprotocol/sdk server, answer one line',
      argv: sdkFloor('mcp'),
      first: mcpInit,
      isAnswer: answersId0,
    },
    {
      label: 'agent-mcp: spawn → initialize answered',
      argv: fake('agent-mcp'),
      first: mcpInit,
      isAnswer: answersId0,
      floor: 'MCP SDK floor',
    },
  ];
  const times = arms.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [a, arm] of arms.entries())
      times[a].push(await handshakeOnce(arm.argv, arm.first, arm.isAnswer));
  }
  return arms.map((arm, a) => ({ label: arm.label, floor: arm.floor, medianMs: median(times[a]) }));
}

/** validateAgentCliManifest on the everything fixture: the first call (V8 compiling the code it runs; the schema is compiled at build time) and calls per second after. */
export async function manifestSpeed(root) {
  const agents = await import(join(root, 'dist', 'agents.js'));
  const text = readFileSync(
    join(root, 'fixtures', 'manifests', 'agent-cli', 'valid', 'everything', 'AGENT-CLI.md'),
    'utf8',
  );
  let started = performance.now();
  if (!agents.validateAgentCliManifest(text).valid)
    throw new Error('the everything fixture is not valid');
  const firstMs = performance.now() - started;
  const n = 2_000;
  started = performance.now();
  for (let i = 0; i < n; i++) agents.validateAgentCliManifest(text);
  return {
    firstMs,
    perSecond: n / ((performance.now() - started) / 1000),
    lines: text.split('\n').length,
  };
}

/** checkTurns on a long ACP transcript: 1,000 turns of 10 frames (chunks, a tool call and its result). */
export async function turnCheckSpeed(root) {
  const agents = await import(join(root, 'dist', 'agents.js'));
  const frames = [];
  const to = (message) => frames.push({ direction: 'to-agent', message, at: frames.length });
  const from = (message) => frames.push({ direction: 'from-agent', message, at: frames.length });
  const update = (sessionUpdate, extra) =>
    from({
      jsonrpc: '2.0',
      method: 'session/update',
      params: { sessionId: 's1', update: { sessionUpdate, ...extra } },
    });
  to({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: 1, clientCapabilities: {} },
  });
  from({ jsonrpc: '2.0', id: 0, result: { protocolVersion: 1, agentCapabilities: {} } });
  to({ jsonrpc: '2.0', id: 1, method: 'session/new', params: { cwd: '/', mcpServers: [] } });
  from({ jsonrpc: '2.0', id: 1, result: { sessionId: 's1' } });
  for (let t = 0; t < 1_000; t++) {
    const id = 2 + t;
    to({
      jsonrpc: '2.0',
      id,
      method: 'session/prompt',
      params: { sessionId: 's1', prompt: [{ type: 'text', text: `turn ${t}` }] },
    });
    update('agent_thought_chunk', { content: { type: 'text', text: 'thinking…' } });
    update('tool_call', { toolCallId: `call_${t}`, title: 'read', status: 'pending' });
    update('tool_call_update', { toolCallId: `call_${t}`, status: 'completed' });
    for (let c = 0; c < 5; c++)
      update('agent_message_chunk', {
        content: { type: 'text', text: `chunk ${c} of the answer to turn ${t}` },
      });
    from({ jsonrpc: '2.0', id, result: { stopReason: 'end_turn' } });
  }
  const transcript = { protocol: 'acp', frames };
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const report = agents.checkTurns(transcript, {
      capabilities: { streaming: true, tool_calls: true },
      secrets: ['sk-bench-secret-0001'],
    });
    times.push(performance.now() - started);
    if (!report.ok || report.turns !== 1_000)
      throw new Error(
        `the bench transcript was judged wrong: ${JSON.stringify(report.findings.slice(0, 2))}`,
      );
  }
  return { frames: frames.length, medianMs: median(times) };
}
