/**
 * Records the agent-conversation corpus (`fixtures/transcripts/agents/`): drives the kit's real fake agents
 * (`agent-acp` through the ACP SDK client, `agent-mcp` through the MCP SDK client, `agent-repl` by lines) with
 * the helpers of `record.ts`, clean and with each fault that shows on the wire of an arm, tears some of them
 * down the ways runners do (for AGENTCLI-26, from the agent's lifecycle log), derives a few transcripts from
 * clean ones by a declared edit, and makes every recording deterministic (frame index for `at`, stable
 * session ids and pids, paths replaced, stderr capped).
 *
 * Every entry declares the sub-rules it breaks — the fault's own declaration (`transcriptBreaks`), the
 * generator's for a clean run judged with other options, an edit, or a runner's tear-down — never what the
 * checker says: `corpus.test.ts` proves that the checker agrees. Used by it when `UPDATE_AGENT_CORPUS=1`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as acp from '@agentclientprotocol/sdk';
import { makeAgentFault } from '../../../src/fakes/agentcli/faults/index.js';
import type { PreflightInput } from '../../../src/checks/agentcli/preflight.js';
import type { RunnerSecretsInput } from '../../../src/checks/agentcli/runner-secrets.js';
import type { SessionPolicyInput } from '../../../src/checks/agentcli/session-policy.js';
import { processAlive } from '../../../src/lint/agentcli/lifecycle-probe.js';
import type { AgentCliManifest } from '../../../src/spec/agentcli/manifest.js';
import type {
  AgentProtocol,
  AgentTranscript,
  LifecycleRecord,
  TranscriptFrame,
} from '../../../src/spec/agentcli/transcript.js';
import { acpClient, mcpClient, spawnRecorded, untilFrom, type Recorded } from './record.js';
import { BIN, tempDir } from './support.js';

export interface CorpusOptions {
  capabilities?: AgentCliManifest['capabilities'];
  secrets?: string[];
  /** AGENTCLI-29's input (with `lifecycle`): the version_check to judge the logged `--version` runs against, the pending setup. */
  preflight?: PreflightInput;
  /** AGENTCLI-30's input (with `lifecycle`): the secrets the runner was given, and its log. */
  runnerSecrets?: RunnerSecretsInput;
  /** AGENTCLI-27/28's input (with `lifecycle`): the strategy, the host's turns, max_turns, the idle judgement (`judgedAt` from the start record, as the records' `at`). */
  policy?: SessionPolicyInput;
}

/** AGENTCLI-26's input: the agent's lifecycle log and which of its processes were alive when it was judged. */
export interface CorpusLifecycle {
  records: LifecycleRecord[];
  alive: number[];
}

export interface CorpusEntry {
  name: string;
  transcript: AgentTranscript;
  options: CorpusOptions;
  description: string;
  /** The sub-rules the conversation (and, with `lifecycle`, the tear-down) breaks: declared, not computed. */
  breaks: string[];
  lifecycle?: CorpusLifecycle;
}

/** The fake secret the echoes-secret recordings give the agent (as ANTHROPIC_API_KEY). */
export const CORPUS_SECRET = 'sk-ant-aoi-testkit-canary-0001';
/** The bytes of the huge-frame chunk: small, to keep the corpus small. */
export const HUGE_FRAME_BYTES = 100_000;
const STDERR_KEPT = 2048;
const RECORDING_TIMEOUT_MS = 15_000;

const KIT = new URL('../../../', import.meta.url).pathname.replace(/\/$/, '');
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

// ── making a recording deterministic ────────────────────────────────────────────────────────────────

/** Every string through `f`; a numeric `pid` (the fakes report theirs in `_meta`) becomes 0. */
function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        f(k),
        k === 'pid' && typeof v === 'number' ? 0 : mapStrings(v, f),
      ]),
    );
  return value;
}

function collectSessionIds(value: unknown, into: string[]): void {
  if (Array.isArray(value)) for (const v of value) collectSessionIds(v, into);
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) {
      if (k === 'sessionId' && typeof v === 'string' && v.length > 0 && !into.includes(v))
        into.push(v);
      collectSessionIds(v, into);
    }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The replacements that make a recording deterministic: session ids → s1, s2…, temp dirs → `<tmp>`, node → `<node>`, the kit → `<kit>`. */
function replacer(transcript: AgentTranscript, tempDirs: readonly string[]): (s: string) => string {
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
  return (s: string) => replacements.reduce((acc, [re, to]) => acc.replace(re, to), s);
}

/** `at` → frame index, the replacements of `replacer`, pids → 0, stderr capped. */
export function stabilize(
  transcript: AgentTranscript,
  tempDirs: readonly string[] = [],
): AgentTranscript {
  const fix = replacer(transcript, tempDirs);
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
    ...(transcript.exit
      ? { exit: { code: transcript.exit.code, signal: transcript.exit.signal } }
      : {}),
  };
}

/**
 * The lifecycle log made deterministic: pids renamed in order of appearance (the agent 1000, its helpers
 * 1001…, the runner 1), `at` in ms from the start record (the grace AGENTCLI-26 measures is kept), strings
 * through the transcript's replacements (session ids, paths).
 */
export function stabilizeLifecycle(
  lifecycle: CorpusLifecycle,
  raw: AgentTranscript,
  tempDirs: readonly string[],
): CorpusLifecycle {
  const pids = new Map<number, number>();
  const pidOf = (pid: number) => {
    if (!pids.has(pid)) pids.set(pid, 1000 + pids.size);
    return pids.get(pid)!;
  };
  const t0 = lifecycle.records.find((r) => r.event === 'start')?.at ?? 0;
  const fix = replacer(raw, tempDirs);
  const records = lifecycle.records.map((r) => {
    const { pid, ppid, at, ...rest } = r as LifecycleRecord & Record<string, unknown>;
    return {
      ...(mapStrings(rest, fix) as Record<string, unknown>),
      pid: pidOf(pid),
      ...(ppid !== undefined ? { ppid: 1 } : {}),
      at: at - t0,
    } as unknown as LifecycleRecord;
  });
  return { records, alive: lifecycle.alive.map(pidOf) };
}

// ── driving the fakes ───────────────────────────────────────────────────────────────────────────────

type Fake = 'agent-acp' | 'agent-mcp' | 'agent-repl';
const ARM: Record<Fake, AgentProtocol> = {
  'agent-acp': 'acp',
  'agent-mcp': 'mcp',
  'agent-repl': 'proprietary',
};
const faultArgs = (fault?: string) => (fault ? ['--fault', fault] : []);
const ignore = () => {};

/** What a fault declares its recording breaks on an arm (`id` or `id={json}`, as on the command line). */
function declared(fault: string, arm: AgentProtocol): string[] {
  const [id, json] = fault.split(/=(.*)/s, 2) as [string, string | undefined];
  const breaks = makeAgentFault(id, json === undefined ? {} : (JSON.parse(json) as object))
    .transcriptBreaks[arm];
  if (breaks === undefined) throw new Error(`${id} declares nothing for the ${arm} arm`);
  return [...breaks];
}

interface Recording {
  transcript: AgentTranscript;
  lifecycle?: CorpusLifecycle;
}

/**
 * Spawns a fake with its conversation recorded (and its lifecycle log when `lifecycle` is set), runs `drive`,
 * then ends its stdin (SIGKILL if it is still there 5 s later) and waits until its pipes closed, so that the
 * recorder has every byte. `drive` may return the pids it found alive when the tear-down was judged.
 */
async function recording(
  fake: Fake,
  args: string[],
  env: NodeJS.ProcessEnv,
  drive: (rec: Recorded, log: () => LifecycleRecord[]) => Promise<unknown>,
  options: { dirs?: string[]; lifecycle?: boolean; versionCheckFirst?: boolean } = {},
): Promise<Recording> {
  const dir = tempDir('aoi-corpus-');
  const logFile = join(dir, 'lifecycle.jsonl');
  // A runner's version check: the fake run with --version, logging to the same file, before the agent is spawned.
  if (options.versionCheckFirst)
    execFileSync(process.execPath, [BIN(fake), '--version'], {
      env: { PATH: process.env.PATH, AOI_TESTKIT_AGENT_LOG: logFile },
    });
  const rec = spawnRecorded(fake, ARM[fake], args, {
    AOI_TESTKIT_STATE_DIR: dir,
    ...(options.lifecycle ? { AOI_TESTKIT_AGENT_LOG: logFile } : {}),
    ...env,
  });
  const log = (): LifecycleRecord[] =>
    existsSync(logFile)
      ? readFileSync(logFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as LifecycleRecord)
      : [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, RECORDING_TIMEOUT_MS);
  });
  const alive = await Promise.race([drive(rec, log).catch(ignore), timeout]);
  if (rec.child.exitCode === null && rec.child.signalCode === null) rec.child.stdin.end();
  const late = setTimeout(() => rec.child.kill('SIGKILL'), 5_000);
  await rec.closed;
  clearTimeout(late);
  clearTimeout(timer);
  const dirs = [
    dir,
    ...(options.dirs ?? []),
    ...scriptDirs,
    env.AOI_TESTKIT_STATE_DIR ?? '',
  ].filter((d) => d.length > 0);
  const raw = rec.recorder.transcript();
  const transcript = stabilize(raw, dirs);
  if (!options.lifecycle) return { transcript };
  return {
    transcript,
    lifecycle: stabilizeLifecycle(
      { records: log(), alive: Array.isArray(alive) ? (alive as number[]) : [] },
      raw,
      dirs,
    ),
  };
}

const record = async (
  fake: Fake,
  args: string[],
  env: NodeJS.ProcessEnv,
  drive: (rec: Recorded) => Promise<unknown>,
  dirs: string[] = [],
): Promise<AgentTranscript> => (await recording(fake, args, env, drive, { dirs })).transcript;
/** ACP: initialize, session/new, the prompts in order (a failing prompt does not stop the rest); then `after`. */
async function acpTalk(
  rec: Recorded,
  prompts: string[],
  options: { protocolVersion?: number; after?: () => Promise<void> } = {},
): Promise<void> {
  const c = acpClient(rec);
  const version = options.protocolVersion ?? acp.PROTOCOL_VERSION;
  const connection = c.app.connectWith(c.stream, async (ctx) => {
    const init = await ctx.request(acp.methods.agent.initialize, {
      protocolVersion: version,
      clientCapabilities: {},
    });
    if (init.protocolVersion !== version) return;
    const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
      cwd: KIT,
      mcpServers: [],
    });
    for (const text of prompts)
      await ctx
        .request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })
        .catch(ignore);
    await options.after?.();
  });
  await Promise.race([connection.catch(ignore), rec.exited]);
}

/** MCP: connect (initialize), then the tool calls in order, each with progress; then `after`. */
async function mcpTalk(
  rec: Recorded,
  calls: { name: string; arguments: Json }[],
  after?: () => Promise<void>,
): Promise<void> {
  const client = await Promise.race([mcpClient(rec), rec.exited.then(() => undefined)]);
  if (!client) return;
  for (const call of calls)
    await client.callTool(call, undefined, { onprogress: ignore, timeout: 5_000 }).catch(ignore);
  await after?.();
  await client.close().catch(ignore);
}

/** REPL: each prompt as `say`, waiting for its `done` (or the agent's exit); answers every `ask` yes. */
async function replTalk(
  rec: Recorded,
  prompts: string[],
  after?: () => Promise<void>,
): Promise<void> {
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
      await untilFrom(
        rec,
        () =>
          rec.recorder
            .transcript()
            .frames.filter((f) => f.direction === 'from-agent' && f.line?.startsWith('done '))
            .length >=
          i + 1,
      );
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
function talk(
  fake: Fake,
  fault: string | undefined,
  env: NodeJS.ProcessEnv = {},
  short = false,
): Promise<AgentTranscript> {
  return record(fake, faultArgs(fault), env, (rec) => {
    if (fake === 'agent-acp')
      return acpTalk(
        rec,
        short ? ['What is this?'] : ['What is this?', 'edit with permission', 'broken'],
      );
    if (fake === 'agent-mcp') return mcpTalk(rec, short ? MCP_PROGRESS_CALL : MCP_CLEAN_CALLS);
    return replTalk(
      rec,
      short ? ['what is this?'] : ['what is this?', 'change it, with permission', 'broken'],
    );
  });
}

const ARMS: { fake: Fake; arm: string }[] = [
  { fake: 'agent-acp', arm: 'acp' },
  { fake: 'agent-mcp', arm: 'mcp' },
  { fake: 'agent-repl', arm: 'repl' },
];

// ── cancels, tear-downs, edits ─────────────────────────────────────────────────────────────────────

/** Directories of the scripts written for recordings: `<tmp>` in them, as every temporary path. */
const scriptDirs: string[] = [];

/** A script whose one turn calls a tool, then works `workMs` (a cancel ends the wait at once), then finishes. */
function workScript(workMs: number): string {
  const dir = tempDir('aoi-corpus-script-');
  scriptDirs.push(dir);
  const file = join(dir, 'work.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: 'work',
      description: 'a tool call, then work',
      turns: [
        {
          steps: [
            { text: 'working' },
            { tool: { id: 'call-scan', name: 'scan', kind: 'search' } },
            { workMs },
            { toolResult: { id: 'call-scan', output: 'scanned' } },
            { text: 'finished' },
          ],
        },
      ],
    }),
  );
  return file;
}

/** ACP: one prompt; session/cancel once its tool call is seen; then the prompt's answer. */
async function acpCancel(rec: Recorded): Promise<void> {
  const c = acpClient(rec);
  await c.app.connectWith(c.stream, async (ctx) => {
    await ctx.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    const { sessionId } = await ctx.request(acp.methods.agent.session.new, {
      cwd: KIT,
      mcpServers: [],
    });
    const called = c.next((u) => u.sessionUpdate === 'tool_call');
    const turn = ctx.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'scan it' }],
    });
    await called;
    await ctx.notify(acp.methods.agent.session.cancel, { sessionId });
    await turn;
  });
}

/** REPL: one `say`; `cancel` once its tool line is seen; then its `done`. */
async function replCancel(rec: Recorded): Promise<void> {
  await untilFrom(rec, (l) => l.startsWith('ready '));
  rec.child.stdin.write('say "scan it"\n');
  await untilFrom(rec, (l) => l.startsWith('tool '));
  rec.child.stdin.write('cancel\n');
  await untilFrom(rec, (l) => l.startsWith('done '));
  rec.child.stdin.write('quit\n');
}

/** MCP: slow_tool with progress, cancelled (notifications/cancelled) after its first progress; then whatever the server still sends. */
async function mcpCancel(rec: Recorded, answers: boolean): Promise<void> {
  const client = await mcpClient(rec);
  const abort = new AbortController();
  const call = client
    .callTool({ name: 'slow_tool', arguments: { steps: 4, stepMs: 200 } }, undefined, {
      signal: abort.signal,
      onprogress: () => abort.abort('the user cancelled'),
      timeout: 10_000,
    })
    .catch(ignore);
  await call;
  // The server that ignores the cancel still answers; the clean one stops and never does (its last word is progress 1).
  if (answers) await untilFrom(rec, (l) => l.includes('done in 4 steps'));
  await client.close().catch(ignore);
}

/** MCP: a call that gets no answer; tools/list after it (answered: the server read the call); then disconnect, never cancelling the call. */
async function mcpPendingCall(rec: Recorded): Promise<void> {
  const client = await mcpClient(rec);
  const call = client
    .callTool({ name: 'echo', arguments: { text: 'hi' } }, undefined, { timeout: 60_000 })
    .catch(ignore);
  await client.listTools();
  await client.close();
  await call;
}

/** ACP: a session and one turn over a connection kept open, for a tear-down to follow. */
async function acpSessionKeptOpen(rec: Recorded) {
  const c = acpClient(rec);
  const connection = c.app.connect(c.stream);
  await connection.agent.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: {},
  });
  const { sessionId } = await connection.agent.request(acp.methods.agent.session.new, {
    cwd: KIT,
    mcpServers: [],
  });
  await connection.agent.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text: 'hello' }],
  });
  return { close: () => connection.agent.request(acp.methods.agent.session.close, { sessionId }) };
}

/** Resolves once the lifecycle log holds `count` records passing `test` (polled: the agent writes no frame meanwhile). */
async function logged(
  log: () => LifecycleRecord[],
  test: (r: LifecycleRecord) => boolean,
  count = 1,
): Promise<void> {
  while (log().filter(test).length < count) await new Promise((r) => setTimeout(r, 10));
}

const alivePids = (log: () => LifecycleRecord[]) =>
  log()
    .filter((r) => (r.event === 'start' || r.event === 'child') && processAlive(r.pid))
    .map((r) => r.pid);

/** One frame of a recording, by a test on its JSON-RPC message (or line). */
const frameWhere = (t: AgentTranscript, test: (m: Json, line?: string) => boolean) =>
  t.frames.findIndex((f) => test((f.message ?? {}) as Json, f.line));
const updateKind = (m: Json) =>
  isObject(m.params) && isObject(m.params.update) ? m.params.update.sessionUpdate : undefined;
const edit = (t: AgentTranscript, change: (frames: TranscriptFrame[]) => void): AgentTranscript => {
  const frames = structuredClone([...t.frames]);
  change(frames);
  return { ...t, frames: frames.map((f, i) => ({ ...f, at: i })) };
};

// ── the corpus ──────────────────────────────────────────────────────────────────────────────────────

export async function recordCorpus(): Promise<CorpusEntry[]> {
  const out: CorpusEntry[] = [];
  const add = (
    name: string,
    transcript: AgentTranscript,
    description: string,
    breaks: readonly string[],
    options: CorpusOptions = {},
    lifecycle?: CorpusLifecycle,
  ) =>
    out.push({
      name,
      transcript,
      options,
      description,
      breaks: [...breaks],
      ...(lifecycle ? { lifecycle } : {}),
    });

  // Clean conversations, and clean conversations judged with declared capabilities they go beyond.
  const acpClean = await talk('agent-acp', undefined);
  add(
    'acp-clean',
    acpClean,
    'agent-acp, clean, through the ACP SDK client: three turns — a thought, a read tool call and its result, a streamed answer; an edit that asks session/request_permission (allowed); "broken", a failed tool then a -32603 error answer to session/prompt.',
    [],
  );
  add(
    'acp-clean-capabilities',
    acpClean,
    'acp-clean judged with the capabilities agent-acp declares (streaming, tool_calls, bidirectional, resumable): nothing to report.',
    [],
    { capabilities: { streaming: true, tool_calls: true, bidirectional: true, resumable: true } },
  );
  add(
    'acp-clean-no-tool-calls',
    acpClean,
    'acp-clean judged as if the manifest declared tool_calls: false: each tool-call breaks AGENTCLI-24/tool-calls.',
    ['AGENTCLI-24/tool-calls'],
    { capabilities: { tool_calls: false } },
  );
  add(
    'acp-clean-no-streaming',
    acpClean,
    'acp-clean judged as if the manifest declared streaming: false: a turn in several text-delta chunks breaks AGENTCLI-24/streaming.',
    ['AGENTCLI-24/streaming'],
    { capabilities: { streaming: false } },
  );
  add(
    'acp-clean-no-bidirectional',
    acpClean,
    'acp-clean judged as if the manifest declared bidirectional: false: the permission ask (agent-prompt) breaks AGENTCLI-24/bidirectional.',
    ['AGENTCLI-24/bidirectional'],
    { capabilities: { bidirectional: false } },
  );

  const stateDir = tempDir('aoi-corpus-load-');
  let sessionId = '';
  await record('agent-acp', [], { AOI_TESTKIT_STATE_DIR: stateDir }, async (rec) => {
    await acpTalk(rec, ['hello']);
    const f = rec.recorder
      .transcript()
      .frames.find(
        (x) =>
          isObject(x.message) &&
          isObject(x.message.result) &&
          typeof x.message.result.sessionId === 'string',
      );
    sessionId = ((f!.message as Json).result as Json).sessionId as string;
  });
  const load = (fault?: string) =>
    record('agent-acp', faultArgs(fault), { AOI_TESTKIT_STATE_DIR: stateDir }, async (rec) => {
      const c = acpClient(rec);
      await c.app
        .connectWith(c.stream, async (ctx) => {
          await ctx.request(acp.methods.agent.initialize, {
            protocolVersion: acp.PROTOCOL_VERSION,
            clientCapabilities: {},
          });
          await ctx.request(acp.methods.agent.session.load, {
            sessionId,
            cwd: KIT,
            mcpServers: [],
          });
          await ctx.request(acp.methods.agent.session.prompt, {
            sessionId,
            prompt: [{ type: 'text', text: 'and now?' }],
          });
        })
        .catch(ignore);
    });
  const acpLoad = await load();
  add(
    'acp-load',
    acpLoad,
    'agent-acp, clean, second process on the state dir of a first one-turn conversation ("hello"): session/load replays the history (not a turn), then one turn ("and now?").',
    [],
  );
  add(
    'acp-load-resumable',
    acpLoad,
    'acp-load judged with capabilities resumable: true: nothing to report.',
    [],
    { capabilities: { resumable: true } },
  );
  const noLoad = await record(
    'agent-acp',
    ['--no-load-session', '--script', 'minimal'],
    {},
    (rec) => acpTalk(rec, ['hello']),
  );
  add(
    'acp-no-load-session-claims-resumable',
    noLoad,
    'agent-acp --no-load-session (initialize answers loadSession: false) judged with a manifest that declares resumable: true: more than the agent negotiates, AGENTCLI-24/beyond-acp-capabilities.',
    ['AGENTCLI-24/beyond-acp-capabilities'],
    { capabilities: { resumable: true } },
  );
  add(
    'acp-no-load-session-not-resumable',
    noLoad,
    'The same recording judged with resumable: false (as agent-acp-ephemeral declares): nothing to report.',
    [],
    { capabilities: { resumable: false } },
  );
  add(
    'acp-load-not-resumable',
    acpLoad,
    'acp-load judged with capabilities resumable: false: the session/load breaks AGENTCLI-24/resumable.',
    ['AGENTCLI-24/resumable'],
    { capabilities: { resumable: false } },
  );
  add(
    'acp-unknown-session-on-load',
    await load('unknown-session-on-load'),
    "agent-acp --fault unknown-session-on-load (answer: error): session/load of a stored session is answered -32002 Resource not found; the runner stops there. The wire is well-formed and no turn was opened, so nothing to report on the transcript — the failed resume is the runner's to surface.",
    declared('unknown-session-on-load', 'acp'),
  );

  const mcpClean = await talk('agent-mcp', undefined);
  add(
    'mcp-clean',
    mcpClean,
    'agent-mcp, clean, through the MCP SDK client: three tools/call turns — echo, slow_tool with progress notifications (text-delta), echo with a bad argument (an isError result).',
    [],
  );
  add(
    'mcp-clean-no-streaming',
    mcpClean,
    'mcp-clean judged with streaming: false: the progress notifications of slow_tool are several text-delta chunks, AGENTCLI-24/streaming.',
    ['AGENTCLI-24/streaming'],
    { capabilities: { streaming: false } },
  );
  const replClean = await talk('agent-repl', undefined);
  add(
    'repl-clean',
    replClean,
    'agent-repl, clean, by lines: a tool turn; an edit that asks (answered yes); "broken", a failed tool with an error line inside the turn, then done.',
    [],
  );
  add(
    'repl-clean-capabilities',
    replClean,
    'repl-clean judged with the capabilities agent-repl declares (streaming, tool_calls, bidirectional): nothing to report.',
    [],
    { capabilities: { streaming: true, tool_calls: true, bidirectional: true } },
  );

  // Each fault that shows on an arm's wire (its declared breaks), and the ones that do not (slow is not wrong).
  for (const { fake, arm } of ARMS) {
    const p = ARM[fake];
    const fault = (
      name: string,
      spec: string,
      transcript: AgentTranscript,
      description: string,
      options: CorpusOptions = {},
    ) => add(`${arm}-${name}`, transcript, description, declared(spec, p), options);
    fault(
      'exits-before-handshake',
      'exits-before-handshake',
      await record(fake, faultArgs('exits-before-handshake'), {}, async (rec) => {
        if (fake === 'agent-acp')
          rec.child.stdin.write(
            `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} } })}\n`,
          );
        else if (fake === 'agent-mcp') await mcpClient(rec).catch(ignore);
        await rec.exited;
      }),
      `${fake} --fault exits-before-handshake: exits 1 before answering the handshake (${fake === 'agent-repl' ? 'no ready line' : 'initialize unanswered'}).`,
    );
    fault(
      'slow-handshake',
      'slow-handshake={"ms":300}',
      await talk(fake, 'slow-handshake={"ms":300}', {}, true),
      `${fake} --fault slow-handshake={"ms":300}: the handshake is answered 300 ms late, then the conversation goes on; slow is not wrong, and \`at\` (a frame index here) carries no time.`,
    );
    fault(
      'crash-mid-turn',
      'crash-mid-turn={"afterUpdates":2}',
      await record(fake, faultArgs('crash-mid-turn={"afterUpdates":2}'), {}, (rec) => {
        if (fake === 'agent-acp') return acpTalk(rec, ['hi']);
        if (fake === 'agent-mcp') return mcpTalk(rec, MCP_PROGRESS_CALL);
        return replTalk(rec, ['hi']);
      }),
      `${fake} --fault crash-mid-turn={"afterUpdates":2}: dies with status 1 after two updates of the first turn, which never ends.`,
    );
    for (const kind of ['truncated', 'not-json', 'not-jsonrpc'] as const) {
      const spec = `malformed-frame={"kind":"${kind}"}`;
      fault(
        `malformed-frame-${kind}`,
        spec,
        await talk(fake, spec, {}, true),
        `${fake} --fault ${spec}: one ${kind} line on stdout before the first update of the turn; the conversation goes on.`,
      );
    }
    fault(
      'events-after-turn-end',
      'events-after-turn-end={"count":2}',
      await record(fake, faultArgs('events-after-turn-end={"count":2}'), {}, (rec) => {
        const late = () => untilFrom(rec, (l) => /late (chunk|event) 2/.test(l));
        if (fake === 'agent-acp') return acpTalk(rec, ['hello'], { after: late });
        if (fake === 'agent-mcp') return mcpTalk(rec, MCP_PROGRESS_CALL, late);
        return replTalk(rec, ['hello'], late);
      }),
      `${fake} --fault events-after-turn-end={"count":2}: two more ${fake === 'agent-mcp' ? 'progress notifications of the call' : 'updates of the turn'} after it ended.`,
    );
    if (fake !== 'agent-repl') {
      fault(
        'unknown-protocol-version',
        'unknown-protocol-version',
        await talk(fake, 'unknown-protocol-version', {}, true),
        `${fake} --fault unknown-protocol-version: initialize is answered with a protocol version the client did not offer (${fake === 'agent-acp' ? '999' : '"1999-01-01"'}); the client stops there.`,
      );
    }
    const pending =
      fake === 'agent-mcp'
        ? 'tool-call-without-result'
        : 'tool-call-without-result={"then":"end-turn"}';
    fault(
      'tool-call-without-result',
      pending,
      await record(fake, faultArgs(pending), {}, (rec) => {
        if (fake === 'agent-acp') return acpTalk(rec, ['What is this?']);
        if (fake === 'agent-mcp') return mcpPendingCall(rec);
        return replTalk(rec, ['what is this?']);
      }),
      fake === 'agent-mcp'
        ? "agent-mcp --fault tool-call-without-result: tools/call is never answered (on MCP the answer is the turn's end), while tools/list after it is; the client then disconnects without cancelling the call (a cancel would end the turn)."
        : `${fake} --fault ${pending}: the tool call never gets its result and the turn ends anyway.`,
    );
    fault(
      'echoes-secret',
      'echoes-secret',
      await talk(fake, 'echoes-secret', { ANTHROPIC_API_KEY: CORPUS_SECRET }, true),
      `${fake} --fault echoes-secret with ANTHROPIC_API_KEY set to a fake canary (the one value in options.secrets): the value shows in a message chunk; judged with it as a secret.`,
      { secrets: [CORPUS_SECRET] },
    );
    fault(
      'split-frames',
      'split-frames',
      await talk(fake, 'split-frames', {}, false),
      `${fake} --fault split-frames: stdout written one byte at a time; once reassembled the conversation is clean.`,
    );
    fault(
      'stderr-noise',
      'stderr-noise',
      await talk(fake, 'stderr-noise', {}, true),
      `${fake} --fault stderr-noise: 256 KiB on stderr before the handshake and JSON-RPC-looking lines per update (stderr kept to its first 2 KB here); stderr is not the protocol, so the wire is clean.`,
    );
    fault(
      'huge-frame',
      `huge-frame={"bytes":${HUGE_FRAME_BYTES}}`,
      await talk(fake, `huge-frame={"bytes":${HUGE_FRAME_BYTES}}`, {}, true),
      `${fake} --fault huge-frame={"bytes":${HUGE_FRAME_BYTES}}: the first turn starts with one message chunk of ${HUGE_FRAME_BYTES} bytes on one line; a big frame is still a frame, so the wire is clean.`,
    );
    const logDir = tempDir('aoi-corpus-log-');
    const log = join(logDir, 'lifecycle.jsonl');
    const helped = await record(
      fake,
      faultArgs('spawns-helper'),
      { AOI_TESTKIT_AGENT_LOG: log },
      (rec) => {
        if (fake === 'agent-acp') return acpTalk(rec, ['What is this?']);
        if (fake === 'agent-mcp') return mcpTalk(rec, MCP_PROGRESS_CALL);
        return replTalk(rec, ['what is this?']);
      },
      [logDir],
    );
    killHelpers(log);
    fault(
      'spawns-helper',
      'spawns-helper',
      helped,
      `${fake} --fault spawns-helper: starts a long-lived helper process (AGENTCLI-26's business, not the wire's): a clean transcript.`,
    );
  }

  // Cancels: the fault's turn goes on after the cancel and ends end_turn; the clean agent's ends cancelled.
  add(
    'acp-ignores-cancel',
    await record(
      'agent-acp',
      ['--fault', 'ignores-cancel', '--script', workScript(1000)],
      {},
      acpCancel,
    ),
    'agent-acp --fault ignores-cancel, a turn that calls a tool then works 1 s: session/cancel once the tool call is seen; the agent finishes the tool and its text and answers stopReason end_turn.',
    declared('ignores-cancel', 'acp'),
  );
  add(
    'acp-cancel',
    await record('agent-acp', ['--script', workScript(30_000)], {}, acpCancel),
    'agent-acp, clean, the same turn (30 s of work) and cancel: the agent stops and answers stopReason cancelled, its tool call left unfinished (a cancelled turn settles it).',
    [],
  );
  add(
    'repl-ignores-cancel',
    await record(
      'agent-repl',
      ['--fault', 'ignores-cancel', '--script', workScript(1000)],
      {},
      replCancel,
    ),
    'agent-repl --fault ignores-cancel, the same turn: `cancel` once the tool line is seen; the agent goes on and prints done end_turn.',
    declared('ignores-cancel', 'proprietary'),
  );
  add(
    'repl-cancel',
    await record('agent-repl', ['--script', workScript(30_000)], {}, replCancel),
    'agent-repl, clean, the same turn (30 s of work) and cancel: done cancelled.',
    [],
  );
  add(
    'mcp-ignores-cancel',
    await record('agent-mcp', ['--fault', 'ignores-cancel'], {}, (rec) => mcpCancel(rec, true)),
    'agent-mcp --fault ignores-cancel: slow_tool cancelled (notifications/cancelled) after its first progress; the server goes on and answers anyway. MCP allows it (a server SHOULD NOT answer, the client ignores a late answer): nothing to report.',
    declared('ignores-cancel', 'mcp'),
  );
  add(
    'mcp-cancel',
    await record('agent-mcp', [], {}, (rec) => mcpCancel(rec, false)),
    'agent-mcp, clean, the same cancel: the server stops and never answers the call, which ends its turn as cancelled.',
    [],
  );

  // Tear-downs (AGENTCLI-26), judged from the agent's lifecycle log: the wire is clean, the runner's signals are not.
  const tearDown = async (
    name: string,
    faults: string[],
    description: string,
    breaks: string[],
    down: (
      rec: Recorded,
      log: () => LifecycleRecord[],
      session: { close: () => Promise<unknown> },
    ) => Promise<number[]>,
  ) => {
    const { transcript, lifecycle } = await recording(
      'agent-acp',
      faults.flatMap((f) => ['--fault', f]),
      {},
      async (rec, log) => down(rec, log, await acpSessionKeptOpen(rec)),
      { lifecycle: true },
    );
    add(name, transcript, description, breaks, {}, lifecycle);
  };
  await tearDown(
    'acp-teardown-clean',
    [],
    'agent-acp, clean: one turn; the runner closes the session (session/close), then SIGTERM; the agent exits 143. The lifecycle the spec draws: nothing to report.',
    [],
    async (rec, _log, session) => {
      await session.close();
      rec.child.kill('SIGTERM');
      await rec.exited;
      return [];
    },
  );
  await tearDown(
    'acp-teardown-session-not-closed',
    [],
    'agent-acp, clean: one turn; the runner sends SIGTERM with the session still open: AGENTCLI-26/session-not-closed (a warning).',
    ['AGENTCLI-26/session-not-closed'],
    async (rec) => {
      rec.child.kill('SIGTERM');
      await rec.exited;
      return [];
    },
  );
  await tearDown(
    'acp-teardown-sigkill',
    [],
    'agent-acp, clean: one turn; the runner SIGKILLs the agent at once: no SIGTERM first, AGENTCLI-26/no-sigterm.',
    ['AGENTCLI-26/no-sigterm'],
    async (rec) => {
      rec.child.kill('SIGKILL');
      await rec.exited;
      return [];
    },
  );
  await tearDown(
    'acp-hangs-on-sigterm-escalated',
    ['hangs-on-sigterm'],
    'agent-acp --fault hangs-on-sigterm: session/close, SIGTERM (ignored: `alive` every 100 ms), SIGKILL 5 s later: the escalation the spec draws, nothing to report.',
    declared('hangs-on-sigterm', 'acp'),
    async (rec, log, session) => {
      await session.close();
      rec.child.kill('SIGTERM');
      await logged(log, (r) => r.event === 'signal');
      await new Promise((r) => setTimeout(r, 5300)); // the runner's grace (5 s, and a margin for the agent's 100 ms `alive` ticks)
      rec.child.kill('SIGKILL');
      await rec.exited;
      return [];
    },
  );
  await tearDown(
    'acp-hangs-on-sigterm-early-kill',
    ['hangs-on-sigterm'],
    'agent-acp --fault hangs-on-sigterm: session/close, SIGTERM, then SIGKILL after a few `alive` records (well under 5 s): AGENTCLI-26/early-sigkill (a warning).',
    ['AGENTCLI-26/early-sigkill'],
    async (rec, log, session) => {
      await session.close();
      rec.child.kill('SIGTERM');
      await logged(log, (r) => r.event === 'alive', 3);
      rec.child.kill('SIGKILL');
      await rec.exited;
      return [];
    },
  );
  await tearDown(
    'acp-hangs-on-sigterm-no-escalation',
    ['hangs-on-sigterm'],
    'agent-acp --fault hangs-on-sigterm: session/close, SIGTERM, and the runner reports the agent torn down while it is still alive (lifecycle.alive): AGENTCLI-26/no-escalation. (It was killed after the judgement.)',
    ['AGENTCLI-26/no-escalation'],
    async (rec, log, session) => {
      await session.close();
      rec.child.kill('SIGTERM');
      await logged(log, (r) => r.event === 'alive');
      const alive = alivePids(log);
      rec.child.kill('SIGKILL');
      await rec.exited;
      return alive;
    },
  );
  await tearDown(
    'acp-spawns-helper-orphan',
    ['spawns-helper'],
    'agent-acp --fault spawns-helper: session/close, SIGTERM to the agent alone (not its process group): the agent exits, its helper is still alive when judged: AGENTCLI-26/orphan. (The helper was killed after the judgement.)',
    ['AGENTCLI-26/orphan'],
    async (rec, log, session) => {
      await session.close();
      rec.child.kill('SIGTERM');
      await rec.exited;
      const alive = alivePids(log);
      for (const pid of alive) process.kill(pid, 'SIGKILL');
      return alive;
    },
  );

  // Continuation and session limits (AGENTCLI-27, 28), judged from the prompts the agent logged: one agent process
  // driven as a host would, its sessions standing for the children a host pins (a session of its own = another child).
  const policy = async (
    name: string,
    description: string,
    breaks: string[],
    plan: { session: number; text: string }[],
    judge: Omit<SessionPolicyInput, 'idle'>,
    idle?: {
      idleTimeoutMs: number;
      marginMs: number;
      close: 'at-once' | 'after-timeout' | 'never';
    },
  ) => {
    let judgedAt = 0;
    const { transcript, lifecycle } = await recording(
      'agent-acp',
      ['--script', 'minimal'],
      {},
      async (rec, log) => {
        const c = acpClient(rec);
        const connection = c.app.connect(c.stream);
        await connection.agent.request(acp.methods.agent.initialize, {
          protocolVersion: acp.PROTOCOL_VERSION,
          clientCapabilities: {},
        });
        const sessions: string[] = [];
        for (const step of plan) {
          sessions[step.session] ??= (
            await connection.agent.request(acp.methods.agent.session.new, {
              cwd: KIT,
              mcpServers: [],
            })
          ).sessionId;
          await connection.agent.request(acp.methods.agent.session.prompt, {
            sessionId: sessions[step.session]!,
            prompt: [{ type: 'text', text: step.text }],
          });
        }
        if (idle) {
          const last = sessions[plan.at(-1)!.session]!;
          // The idle period is what is recorded: a real wait, measured by the agent's own records.
          if (idle.close !== 'at-once')
            await new Promise((r) =>
              setTimeout(
                r,
                idle.idleTimeoutMs + (idle.close === 'never' ? idle.marginMs : 0) + 100,
              ),
            );
          if (idle.close !== 'never')
            await connection.agent.request(acp.methods.agent.session.close, { sessionId: last });
          judgedAt = Date.now() - (log().find((r) => r.event === 'start')?.at ?? 0);
        }
        return [];
      },
      { lifecycle: true },
    );
    add(
      name,
      transcript,
      description,
      breaks,
      {
        policy: {
          ...judge,
          ...(idle
            ? { idle: { idleTimeoutMs: idle.idleTimeoutMs, marginMs: idle.marginMs, judgedAt } }
            : {}),
        },
      },
      lifecycle,
    );
  };
  const a1 = { session: 0, text: 'hello from a' };
  const pinnedTurns = [
    { conversation: 'a', text: 'hello from a' },
    { conversation: 'a', text: 'and again from a' },
  ];
  await policy(
    'acp-pinned-kept',
    'agent-acp as a pinned child: both turns of conversation a reach one process and one session; judged with continuation pinned-session and max_turns 2: nothing to report.',
    [],
    [a1, { session: 0, text: 'and again from a' }],
    { continuation: 'pinned-session', turns: pinnedTurns, maxTurns: 2 },
  );
  await policy(
    'acp-pinned-not-kept',
    "agent-acp: conversation a's second turn goes to a new session (the child's context left behind), judged with continuation pinned-session: AGENTCLI-27/pinned-not-kept.",
    ['AGENTCLI-27/pinned-not-kept'],
    [a1, { session: 1, text: 'and again from a' }],
    { continuation: 'pinned-session', turns: pinnedTurns },
  );
  await policy(
    'acp-pinned-shared',
    'agent-acp: conversations a and b each in a session of one process, judged with continuation pinned-session (key_scope: conversation): AGENTCLI-27/pinned-shared.',
    ['AGENTCLI-27/pinned-shared'],
    [a1, { session: 1, text: 'hello from b' }],
    {
      continuation: 'pinned-session',
      turns: [
        { conversation: 'a', text: 'hello from a' },
        { conversation: 'b', text: 'hello from b' },
      ],
    },
  );
  const transcriptTurns = [
    { conversation: 'a', text: 'what is in this repo?' },
    { conversation: 'a', text: 'and which file is the largest?' },
  ];
  await policy(
    'acp-transcript',
    'agent-acp as a transcript agent: a fresh session per turn, the second prompt starting with the first turn as a preamble; judged with continuation transcript: nothing to report.',
    [],
    [
      { session: 0, text: 'what is in this repo?' },
      {
        session: 1,
        text: 'Earlier in this conversation:\nuser: what is in this repo?\nagent: ok\n\nNow:\nand which file is the largest?',
      },
    ],
    { continuation: 'transcript', turns: transcriptTurns },
  );
  await policy(
    'acp-transcript-missing',
    'agent-acp: a fresh session per turn, the second prompt without the first turn; judged with continuation transcript: AGENTCLI-27/transcript-missing.',
    ['AGENTCLI-27/transcript-missing'],
    [
      { session: 0, text: 'what is in this repo?' },
      { session: 1, text: 'and which file is the largest?' },
    ],
    { continuation: 'transcript', turns: transcriptTurns },
  );
  await policy(
    'acp-max-turns-exceeded',
    'agent-acp: three prompts in one session, judged with session.max_turns 2: AGENTCLI-28/max-turns-exceeded.',
    ['AGENTCLI-28/max-turns-exceeded'],
    [a1, { session: 0, text: 'two' }, { session: 0, text: 'three' }],
    { maxTurns: 2 },
  );
  await policy(
    'acp-idle-closed',
    'agent-acp: one turn, then the session left idle and closed (session/close) just after idle_timeout_ms 1000: nothing to report.',
    [],
    [a1],
    {},
    { idleTimeoutMs: 1000, marginMs: 10_000, close: 'after-timeout' },
  );
  await policy(
    'acp-idle-closed-early',
    'agent-acp: one turn, then session/close at once, the host having left it idle; judged with idle_timeout_ms 1000: AGENTCLI-28/idle-ended-early (a warning).',
    ['AGENTCLI-28/idle-ended-early'],
    [a1],
    {},
    { idleTimeoutMs: 1000, marginMs: 10_000, close: 'at-once' },
  );
  await policy(
    'acp-idle-not-ended',
    'agent-acp: one turn, then the session left open past idle_timeout_ms 1000 and a 200 ms margin (judgedAt): AGENTCLI-28/idle-not-ended.',
    ['AGENTCLI-28/idle-not-ended'],
    [a1],
    {},
    { idleTimeoutMs: 1000, marginMs: 200, close: 'never' },
  );

  // Before the spawn (AGENTCLI-29): the version check (a --version run logged before the agent's start) and setup.
  const CHECK = {
    cmd: 'agent-acp --version',
    parse: '^aoi-fake-agent-acp\\s+(\\d+\\.\\d+\\.\\d+)',
    range: '>=0.1.0 <1.0.0',
  };
  const oneTurn = (rec: Recorded) => acpTalk(rec, ['hello']);
  const checked = await recording('agent-acp', ['--script', 'minimal'], {}, oneTurn, {
    lifecycle: true,
    versionCheckFirst: true,
  });
  add(
    'acp-version-checked',
    checked.transcript,
    'agent-acp: the runner runs `agent-acp --version` (logged: aoi-fake-agent-acp 0.1.0), then spawns the agent for one turn; judged with version_check range ">=0.1.0 <1.0.0": nothing to report.',
    [],
    { preflight: { versionCheck: CHECK } },
    checked.lifecycle,
  );
  add(
    'acp-version-check-ignored',
    checked.transcript,
    'acp-version-checked judged with version_check range ">=2.0.0" (as agent-acp-outdated declares): the check failed and the agent was spawned anyway, AGENTCLI-29/version-check-ignored.',
    ['AGENTCLI-29/version-check-ignored'],
    { preflight: { versionCheck: { ...CHECK, range: '>=2.0.0' } } },
    checked.lifecycle,
  );
  const unchecked = await recording('agent-acp', ['--script', 'minimal'], {}, oneTurn, {
    lifecycle: true,
  });
  add(
    'acp-no-version-check',
    unchecked.transcript,
    'agent-acp spawned for one turn with no --version run before it; judged with its version_check: AGENTCLI-29/no-version-check (a warning).',
    ['AGENTCLI-29/no-version-check'],
    { preflight: { versionCheck: CHECK } },
    unchecked.lifecycle,
  );
  add(
    'acp-spawned-before-setup',
    checked.transcript,
    'acp-version-checked judged with the setup step choose-workspace pending (as agent-acp-setup declares): the agent was spawned anyway, AGENTCLI-29/spawned-before-setup.',
    ['AGENTCLI-29/spawned-before-setup'],
    { preflight: { versionCheck: CHECK, setupPending: ['choose-workspace'] } },
    checked.lifecycle,
  );

  // The runner's own secret hygiene (AGENTCLI-30): the argv the agent logged, the runner's log (given as text).
  const cleanLog = 'starting agent-acp (auth in env: ANTHROPIC_API_KEY)';
  add(
    'acp-runner-secrets-clean',
    checked.transcript,
    `acp-version-checked judged with the canary as the runner's secret and its log "${cleanLog}": nothing on argv, nothing in the log.`,
    [],
    { runnerSecrets: { secrets: [CORPUS_SECRET], runnerLog: cleanLog } },
    checked.lifecycle,
  );
  add(
    'acp-runner-secret-in-logs',
    checked.transcript,
    'acp-version-checked judged with a runner log that prints the auth env whole (the canary): AGENTCLI-30/secret-in-logs.',
    ['AGENTCLI-30/secret-in-logs'],
    {
      runnerSecrets: {
        secrets: [CORPUS_SECRET],
        runnerLog: `starting agent-acp with {"ANTHROPIC_API_KEY":"${CORPUS_SECRET}"}`,
      },
    },
    checked.lifecycle,
  );
  const onArgv = await recording(
    'agent-acp',
    ['--script', 'minimal', `--anthropic_api_key=${CORPUS_SECRET}`],
    {},
    oneTurn,
    { lifecycle: true },
  );
  add(
    'acp-runner-secret-on-argv',
    onArgv.transcript,
    "agent-acp spawned with the canary as a flag (--anthropic_api_key=…; the fake records unknown flags), judged with it as the runner's secret: AGENTCLI-30/secret-on-argv.",
    ['AGENTCLI-30/secret-on-argv'],
    { runnerSecrets: { secrets: [CORPUS_SECRET] } },
    onArgv.lifecycle,
  );

  // Edits of clean recordings: sub-rules no fault of the fakes produces, each by one declared change.
  add(
    'acp-clean-update-before-handshake',
    edit(acpClean, (frames) => {
      const chunk = frameWhere(acpClean, (m) => updateKind(m) === 'agent_message_chunk');
      frames.splice(1, 0, frames[chunk]!);
    }),
    'Derived from acp-clean: a copy of its first agent_message_chunk update inserted right after the initialize request, before the answer: AGENTCLI-20/before-handshake.',
    ['AGENTCLI-20/before-handshake'],
  );
  add(
    'acp-clean-orphan-result',
    edit(acpClean, (frames) => {
      frames.splice(
        frameWhere(acpClean, (m) => updateKind(m) === 'tool_call'),
        1,
      );
    }),
    'Derived from acp-clean: its first tool_call update removed, so the completed tool_call_update that follows answers no call: AGENTCLI-23/orphan-result.',
    ['AGENTCLI-23/orphan-result'],
  );
  add(
    'acp-clean-duplicate-call-id',
    edit(acpClean, (frames) => {
      const call = frameWhere(acpClean, (m) => updateKind(m) === 'tool_call');
      frames.splice(call + 1, 0, frames[call]!);
    }),
    'Derived from acp-clean: its first tool_call update sent twice, the same toolCallId twice in one session: AGENTCLI-23/duplicate-call-id.',
    ['AGENTCLI-23/duplicate-call-id'],
  );
  add(
    'repl-clean-double-end',
    edit(replClean, (frames) => {
      const done = frameWhere(replClean, (_m, line) => line?.startsWith('done ') === true);
      frames.splice(done + 1, 0, frames[done]!);
    }),
    'Derived from repl-clean: its first `done` line printed twice: AGENTCLI-22/double-end.',
    ['AGENTCLI-22/double-end'],
  );
  return out;
}

function killHelpers(log: string): void {
  let text: string;
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
