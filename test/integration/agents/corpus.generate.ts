/**
 * Records the agent-conversation corpus (`fixtures/transcripts/agents/`): drives the kit's real fake agents
 * (`agent-acp` through the ACP SDK client, `agent-mcp` through the MCP SDK client, `agent-repl` by lines) with
 * the helpers of `record.ts`, clean and with each fault that shows on the wire of an arm, and makes every
 * recording deterministic (frame index for `at`, stable session ids, paths replaced, stderr capped).
 * Used by `corpus.test.ts` when `UPDATE_AGENT_CORPUS=1`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as acp from '@agentclientprotocol/sdk';
import type { AgentCliManifest } from '../../../src/spec/agentcli/manifest.js';
import type { AgentTranscript, TranscriptFrame } from '../../../src/spec/agentcli/transcript.js';
import { acpClient, mcpClient, spawnRecorded, untilFrom, type Recorded } from './record.js';
import { tempDir } from './support.js';

export interface CorpusOptions {
  capabilities?: AgentCliManifest['capabilities'];
  secrets?: string[];
}

export interface CorpusEntry {
  name: string;
  transcript: AgentTranscript;
  options: CorpusOptions;
  description: string;
}

/** The fake secret the echoes-secret recordings give the agent (as ANTHROPIC_API_KEY). */
export const CORPUS_SECRET = 'sk-ant-aoi-testkit-canary-0001';
/** The bytes of the huge-frame chunk: small, to keep the corpus small. */
export const HUGE_FRAME_BYTES = 100_000;
const STDERR_KEPT = 2048;
const RECORDING_TIMEOUT_MS = 15_000;

const KIT = new URL('../../../', import.meta.url).pathname.replace(/\/$/, '');
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

// ── making a recording deterministic ────────────────────────────────────────────────────────────────

/** Every string through `f`; a numeric `pid` (the fakes report theirs in `_meta`) becomes 0. */
function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [f(k), k === 'pid' && typeof v === 'number' ? 0 : mapStrings(v, f)]));
  return value;
}

function collectSessionIds(value: unknown, into: string[]): void {
  if (Array.isArray(value)) for (const v of value) collectSessionIds(v, into);
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) {
      if (k === 'sessionId' && typeof v === 'string' && v.length > 0 && !into.includes(v)) into.push(v);
      collectSessionIds(v, into);
    }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `at` → frame index, session ids → s1, s2…, pids → 0, the kit's paths → `<kit>`, temp dirs → `<tmp>`, node → `<node>`, stderr capped. */
export function stabilize(transcript: AgentTranscript, tempDirs: readonly string[] = []): AgentTranscript {
  const ids: string[] = [];
  for (const frame of transcript.frames) {
    if (frame.message !== undefined) collectSessionIds(frame.message, ids);
  }
  const replacements: [RegExp, string][] = [
    ...ids.map((id, i): [RegExp, string] => [new RegExp(escapeRe(id), 'g'), `s${i + 1}`]),
    ...tempDirs.map((d): [RegExp, string] => [new RegExp(escapeRe(d), 'g'), '<tmp>']),
    [new RegExp(escapeRe(process.execPath), 'g'), '<node>'],
    [new RegExp(escapeRe(KIT), 'g'), '<kit>'],
  ];
  const fix = (s: string) => replacements.reduce((acc, [re, to]) => acc.replace(re, to), s);
  const frames: TranscriptFrame[] = transcript.frames.map((frame, i) => ({
    direction: frame.direction,
    ...(frame.message !== undefined ? { message: mapStrings(frame.message, fix) } : {}),
    ...(frame.line !== undefined ? { line: fix(frame.line) } : {}),
    at: i,
  }));
  let stderr = transcript.stderr;
  if (stderr !== undefined) {
    stderr = fix(stderr);
    if (stderr.length > STDERR_KEPT) stderr = `${stderr.slice(0, STDERR_KEPT)}`;
  }
  return {
    protocol: transcript.protocol,
    frames,
    ...(stderr !== undefined && stderr.length > 0 ? { stderr } : {}),
    ...(transcript.exit ? { exit: { code: transcript.exit.code, signal: transcript.exit.signal } } : {}),
  };
}

// ── driving the fakes ───────────────────────────────────────────────────────────────────────────────

type Fake = 'agent-acp' | 'agent-mcp' | 'agent-repl';
const ARM: Record<Fake, 'acp' | 'mcp' | 'proprietary'> = { 'agent-acp': 'acp', 'agent-mcp': 'mcp', 'agent-repl': 'proprietary' };
const faultArgs = (fault?: string) => (fault ? ['--fault', fault] : []);
const ignore = () => {};

/** Runs `drive`, then waits for the agent to exit (closing its stdin, then SIGKILL on a timeout). */
async function record(fake: Fake, args: string[], env: NodeJS.ProcessEnv, drive: (rec: Recorded) => Promise<unknown>, dirs: string[] = []): Promise<AgentTranscript> {
  const dir = tempDir('aoi-corpus-');
  const rec = spawnRecorded(fake, ARM[fake], args, { AOI_TESTKIT_STATE_DIR: dir, ...env });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, RECORDING_TIMEOUT_MS);
  });
  await Promise.race([drive(rec).catch(ignore), timeout]);
  if (rec.child.exitCode === null && rec.child.signalCode === null) rec.child.stdin.end();
  const late = setTimeout(() => rec.child.kill('SIGKILL'), 5_000);
  await rec.exited;
  clearTimeout(late);
  clearTimeout(timer);
  // Let the recorder see the last stdout/stderr chunks.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return stabilize(rec.recorder.transcript(), [dir, ...dirs, env.AOI_TESTKIT_STATE_DIR ?? ''].filter((d) => d.length > 0));
}

/** ACP: initialize, session/new, the prompts in order (a failing prompt does not stop the rest); then `after`. */
async function acpTalk(rec: Recorded, prompts: string[], options: { protocolVersion?: number; after?: () => Promise<void> } = {}): Promise<void> {
  const c = acpClient(rec);
  const version = options.protocolVersion ?? acp.PROTOCOL_VERSION;
  const connection = c.app.connectWith(c.stream, async (ctx) => {
    const init = await ctx.request(acp.methods.agent.initialize, { protocolVersion: version, clientCapabilities: {} });
    if (init.protocolVersion !== version) return;
    const { sessionId } = await ctx.request(acp.methods.agent.session.new, { cwd: KIT, mcpServers: [] });
    for (const text of prompts) await ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] }).catch(ignore);
    await options.after?.();
  });
  await Promise.race([connection.catch(ignore), rec.exited]);
}

/** MCP: connect (initialize), then the tool calls in order, each with progress; then `after`. */
async function mcpTalk(rec: Recorded, calls: { name: string; arguments: Json }[], after?: () => Promise<void>): Promise<void> {
  const client = await Promise.race([mcpClient(rec), rec.exited.then(() => undefined)]);
  if (!client) return;
  for (const call of calls) await client.callTool(call, undefined, { onprogress: ignore, timeout: 5_000 }).catch(ignore);
  await after?.();
  await client.close().catch(ignore);
}

/** REPL: each prompt as `say`, waiting for its `done` (or the agent's exit); answers every `ask` yes. */
async function replTalk(rec: Recorded, prompts: string[], after?: () => Promise<void>): Promise<void> {
  const write = (line: string) => {
    if (rec.child.stdin.writable) rec.child.stdin.write(`${line}\n`);
  };
  await untilFrom(rec, (l) => l.startsWith('ready '));
  const answered = new Set<string>();
  const answerAsks = () => {
    for (const f of rec.recorder.transcript().frames) {
      const m = f.direction === 'from-agent' ? /^ask (.*)$/.exec(f.line ?? '') : null;
      if (!m) continue;
      try {
        const { id } = JSON.parse(m[1]!) as { id: string };
        if (!answered.has(id)) {
          answered.add(id);
          write(`answer ${JSON.stringify({ id, text: 'yes' })}`);
        }
      } catch {
        /* not an ask we can answer */
      }
    }
  };
  const onData = () => setImmediate(answerAsks);
  rec.child.stdout.on('data', onData);
  try {
    for (const [i, text] of prompts.entries()) {
      write(`say ${JSON.stringify(text)}`);
      await untilFrom(rec, () => rec.recorder.transcript().frames.filter((f) => f.direction === 'from-agent' && f.line?.startsWith('done ')).length >= i + 1);
    }
    await after?.();
  } finally {
    rec.child.stdout.off('data', onData);
  }
  write('quit');
}

const MCP_CLEAN_CALLS = [
  { name: 'echo', arguments: { text: 'hi' } },
  { name: 'slow_tool', arguments: { steps: 2, stepMs: 1 } },
  { name: 'echo', arguments: { text: 3 } },
];
const MCP_PROGRESS_CALL = [{ name: 'slow_tool', arguments: { steps: 3, stepMs: 1 } }];

/** A conversation of one arm with one fault (or none): the arm's usual clean conversation. */
function talk(fake: Fake, fault: string | undefined, env: NodeJS.ProcessEnv = {}, short = false): Promise<AgentTranscript> {
  return record(fake, faultArgs(fault), env, (rec) => {
    if (fake === 'agent-acp') return acpTalk(rec, short ? ['What is this?'] : ['What is this?', 'edit with permission', 'broken']);
    if (fake === 'agent-mcp') return mcpTalk(rec, short ? MCP_PROGRESS_CALL : MCP_CLEAN_CALLS);
    return replTalk(rec, short ? ['what is this?'] : ['what is this?', 'change it, with permission', 'broken']);
  });
}

const ARMS: { fake: Fake; arm: string }[] = [
  { fake: 'agent-acp', arm: 'acp' },
  { fake: 'agent-mcp', arm: 'mcp' },
  { fake: 'agent-repl', arm: 'repl' },
];

// ── the corpus ──────────────────────────────────────────────────────────────────────────────────────

export async function recordCorpus(): Promise<CorpusEntry[]> {
  const out: CorpusEntry[] = [];
  const add = (name: string, transcript: AgentTranscript, description: string, options: CorpusOptions = {}) => out.push({ name, transcript, options, description });

  // Clean conversations.
  const acpClean = await talk('agent-acp', undefined);
  add('acp-clean', acpClean, 'agent-acp, clean, through the ACP SDK client: three turns — a thought, a read tool call and its result, a streamed answer; an edit that asks session/request_permission (allowed); "broken", a failed tool then a -32603 error answer to session/prompt.');
  add('acp-clean-capabilities', acpClean, 'acp-clean judged with the capabilities agent-acp declares (streaming, tool_calls, bidirectional, resumable): nothing to report.', { capabilities: { streaming: true, tool_calls: true, bidirectional: true, resumable: true } });
  add('acp-clean-no-tool-calls', acpClean, 'acp-clean judged as if the manifest declared tool_calls: false: each tool-call breaks AGENTCLI-24/tool-calls.', { capabilities: { tool_calls: false } });
  add('acp-clean-no-streaming', acpClean, 'acp-clean judged as if the manifest declared streaming: false: a turn in several text-delta chunks breaks AGENTCLI-24/streaming.', { capabilities: { streaming: false } });
  add('acp-clean-no-bidirectional', acpClean, 'acp-clean judged as if the manifest declared bidirectional: false: the permission ask (agent-prompt) breaks AGENTCLI-24/bidirectional.', { capabilities: { bidirectional: false } });

  const stateDir = tempDir('aoi-corpus-load-');
  let sessionId = '';
  await record('agent-acp', [], { AOI_TESTKIT_STATE_DIR: stateDir }, async (rec) => {
    await acpTalk(rec, ['hello']);
    const f = rec.recorder.transcript().frames.find((x) => isObject(x.message) && isObject(x.message.result) && typeof x.message.result.sessionId === 'string');
    sessionId = ((f!.message as Json).result as Json).sessionId as string;
  });
  const load = (fault?: string) =>
    record('agent-acp', faultArgs(fault), { AOI_TESTKIT_STATE_DIR: stateDir }, async (rec) => {
      const c = acpClient(rec);
      await c.app
        .connectWith(c.stream, async (ctx) => {
          await ctx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
          await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: KIT, mcpServers: [] });
          await ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'and now?' }] });
        })
        .catch(ignore);
    });
  const acpLoad = await load();
  add('acp-load', acpLoad, 'agent-acp, clean, second process on the state dir of a first one-turn conversation ("hello"): session/load replays the history (not a turn), then one turn ("and now?").');
  add('acp-load-resumable', acpLoad, 'acp-load judged with capabilities resumable: true: nothing to report.', { capabilities: { resumable: true } });
  add('acp-load-not-resumable', acpLoad, 'acp-load judged with capabilities resumable: false: the session/load breaks AGENTCLI-24/resumable.', { capabilities: { resumable: false } });
  add('acp-unknown-session-on-load', await load('unknown-session-on-load'), 'agent-acp --fault unknown-session-on-load (answer: error): session/load of a stored session is answered -32002 Resource not found; the runner stops there. The wire is well-formed and no turn was opened, so nothing to report on the transcript — the failed resume is the runner\'s to surface.');

  const mcpClean = await talk('agent-mcp', undefined);
  add('mcp-clean', mcpClean, 'agent-mcp, clean, through the MCP SDK client: three tools/call turns — echo, slow_tool with progress notifications (text-delta), echo with a bad argument (an isError result).');
  add('mcp-clean-no-streaming', mcpClean, 'mcp-clean judged with streaming: false: the progress notifications of slow_tool are several text-delta chunks, AGENTCLI-24/streaming.', { capabilities: { streaming: false } });
  const replClean = await talk('agent-repl', undefined);
  add('repl-clean', replClean, 'agent-repl, clean, by lines: a tool turn; an edit that asks (answered yes); "broken", a failed tool with an error line inside the turn, then done.');
  add('repl-clean-capabilities', replClean, 'repl-clean judged with the capabilities agent-repl declares (streaming, tool_calls, bidirectional): nothing to report.', { capabilities: { streaming: true, tool_calls: true, bidirectional: true } });

  for (const { fake, arm } of ARMS) {
    // exits-before-handshake
    add(
      `${arm}-exits-before-handshake`,
      await record(fake, faultArgs('exits-before-handshake'), {}, async (rec) => {
        if (fake === 'agent-acp') rec.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} } })}\n`);
        else if (fake === 'agent-mcp') await mcpClient(rec).catch(ignore);
        await rec.exited;
      }),
      `${fake} --fault exits-before-handshake: exits 1 before answering the handshake (${fake === 'agent-repl' ? 'no ready line' : 'initialize unanswered'}).`,
    );
    // crash-mid-turn
    add(
      `${arm}-crash-mid-turn`,
      await record(fake, faultArgs('crash-mid-turn={"afterUpdates":2}'), {}, (rec) => {
        if (fake === 'agent-acp') return acpTalk(rec, ['hi']);
        if (fake === 'agent-mcp') return mcpTalk(rec, MCP_PROGRESS_CALL);
        return replTalk(rec, ['hi']);
      }),
      `${fake} --fault crash-mid-turn={"afterUpdates":2}: dies with status 1 after two updates of the first turn, which never ends.`,
    );
    // malformed-frame, each kind
    for (const kind of ['truncated', 'not-json', 'not-jsonrpc'] as const) {
      add(`${arm}-malformed-frame-${kind}`, await talk(fake, `malformed-frame={"kind":"${kind}"}`, {}, true), `${fake} --fault malformed-frame={"kind":"${kind}"}: one ${kind} line on stdout before the first update of the turn; the conversation goes on.`);
    }
    // events-after-turn-end
    add(
      `${arm}-events-after-turn-end`,
      await record(fake, faultArgs('events-after-turn-end={"count":2}'), {}, (rec) => {
        const late = () => untilFrom(rec, (l) => /late (chunk|event)/.test(l) && (l.includes('2') || fake === 'agent-mcp'));
        if (fake === 'agent-acp') return acpTalk(rec, ['hello'], { after: late });
        if (fake === 'agent-mcp') return mcpTalk(rec, MCP_PROGRESS_CALL, late);
        return replTalk(rec, ['hello'], late);
      }),
      `${fake} --fault events-after-turn-end={"count":2}: two more updates of the turn after it ended.`,
    );
    // unknown-protocol-version
    if (fake !== 'agent-repl') {
      add(`${arm}-unknown-protocol-version`, await talk(fake, 'unknown-protocol-version', {}, true), `${fake} --fault unknown-protocol-version: initialize is answered with a protocol version the client did not offer (${fake === 'agent-acp' ? '999' : '"1999-01-01"'}); the client stops there.`);
    }
    // tool-call-without-result
    add(
      `${arm}-tool-call-without-result`,
      await record(fake, faultArgs('tool-call-without-result={"then":"end-turn"}'), {}, (rec) => {
        if (fake === 'agent-acp') return acpTalk(rec, ['What is this?']);
        if (fake === 'agent-mcp') return mcpTalk(rec, [{ name: 'echo', arguments: { text: 'hi' } }]);
        return replTalk(rec, ['what is this?']);
      }),
      `${fake} --fault tool-call-without-result={"then":"end-turn"}: the tool call never gets its result and the turn ends anyway.`,
    );
    // echoes-secret
    const echoed = await talk(fake, 'echoes-secret', { ANTHROPIC_API_KEY: CORPUS_SECRET }, true);
    add(`${arm}-echoes-secret`, echoed, `${fake} --fault echoes-secret with ANTHROPIC_API_KEY set to a fake canary (the one value in options.secrets): the value shows in a message chunk; judged with it as a secret.`, { secrets: [CORPUS_SECRET] });
    // split-frames, stderr-noise, huge-frame: the wire is the same conversation
    add(`${arm}-split-frames`, await talk(fake, 'split-frames', {}, false), `${fake} --fault split-frames: stdout written one byte at a time; once reassembled the conversation is clean.`);
    add(`${arm}-stderr-noise`, await talk(fake, 'stderr-noise', {}, true), `${fake} --fault stderr-noise: 256 KiB on stderr before the handshake and JSON-RPC-looking lines per update (stderr kept to its first 2 KB here); stderr is not the protocol, so the wire is clean.`);
    add(`${arm}-huge-frame`, await talk(fake, `huge-frame={"bytes":${HUGE_FRAME_BYTES}}`, {}, true), `${fake} --fault huge-frame={"bytes":${HUGE_FRAME_BYTES}}: the first turn starts with one message chunk of ${HUGE_FRAME_BYTES} bytes on one line; a big frame is still a frame, so the wire is clean.`);
    // spawns-helper: the helper is killed by its pid from the lifecycle log
    const logDir = tempDir('aoi-corpus-log-');
    const log = join(logDir, 'lifecycle.jsonl');
    const helped = await record(fake, faultArgs('spawns-helper'), { AOI_TESTKIT_AGENT_LOG: log }, (rec) => {
      if (fake === 'agent-acp') return acpTalk(rec, ['What is this?']);
      if (fake === 'agent-mcp') return mcpTalk(rec, MCP_PROGRESS_CALL);
      return replTalk(rec, ['what is this?']);
    }, [logDir]);
    killHelpers(log);
    add(`${arm}-spawns-helper`, helped, `${fake} --fault spawns-helper: starts a long-lived helper process (AGENTCLI-26's business, not the wire's): a clean transcript.`);
  }
  return out;
}

function killHelpers(log: string): void {
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return;
  }
  for (const line of text.split('\n')) {
    try {
      const r = JSON.parse(line) as { event?: string; pid?: number };
      if (r.event === 'child' && typeof r.pid === 'number') process.kill(r.pid, 'SIGKILL');
    } catch {
      /* gone already, or not a record */
    }
  }
}
