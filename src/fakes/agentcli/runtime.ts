import { appendFileSync, readFileSync, writeSync } from 'node:fs';
import {
  AGENT_LIFECYCLE_LOG_ENV,
  type AgentProtocol,
  type LifecycleRecord,
} from '../../spec/agentcli/transcript.js';
import { makeAgentFault, mergeBehaviours } from './faults/index.js';
import { resolveScript } from './scripts.js';
import type { AgentBehaviour, AgentFault, AgentOptions, AgentScript } from './types.js';

export const FAKE_AGENT_VERSION = '0.1.0';
/**
 * A lifetime in milliseconds: past it the agent exits (70) whatever it is doing, so that an agent a harness left
 * running (a hang, an ignored SIGTERM) cannot outlive it for ever. Unset: no limit.
 */
export const AGENT_LIFETIME_ENV = 'AOI_TESTKIT_AGENT_LIFETIME_MS';
/** Optional faults from the environment, for runners that build the argv from a manifest: `[["id",{params}],"id2"]`. */
export const AGENT_FAULTS_ENV = 'AOI_TESTKIT_AGENT_FAULTS';
const STATE_DIR_ENV = 'AOI_TESTKIT_STATE_DIR';

/** Everything a fake agent knows at start: its argv parsed, its faults merged, its script. */
export interface AgentSetup {
  readonly arm: AgentProtocol;
  readonly name: string;
  readonly argv: readonly string[];
  readonly faults: readonly AgentFault[];
  readonly behaviour: AgentBehaviour;
  readonly options: AgentOptions;
  readonly script: AgentScript;
}

export class AgentUsageError extends Error {}

/**
 * `[--fault id[=json]]... [--script file|name] [--permission-mode m] [--model x] [--max-turns n] [--auto]
 * [--resume id] [--state-dir d]`, and per arm: `--no-load-session` (acp), `--transport stdio|http [--port n]` (mcp).
 */
export function parseAgentArgs(
  arm: AgentProtocol,
  name: string,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): AgentSetup {
  const faults: AgentFault[] = [];
  const unknown: string[] = [];
  let script = 'default';
  let permissionMode = 'default';
  let model = 'fake-model-1';
  let maxTurns: number | undefined;
  let auto = false;
  let resume: string | undefined;
  let stateDir: string | undefined;
  let loadSession = true;
  let transport: 'stdio' | 'http' = 'stdio';
  let port: number | undefined;
  const only = (flag: string, wanted: AgentProtocol) => {
    if (arm !== wanted)
      throw new AgentUsageError(`${flag} is an option of the ${wanted} fake only`);
  };
  const fromEnv = env[AGENT_FAULTS_ENV];
  if (fromEnv) {
    let list: unknown;
    try {
      list = JSON.parse(fromEnv);
    } catch {
      throw new AgentUsageError(
        `${AGENT_FAULTS_ENV} must be a JSON array of "id" or ["id", {params}]`,
      );
    }
    if (!Array.isArray(list)) throw new AgentUsageError(`${AGENT_FAULTS_ENV} must be a JSON array`);
    for (const item of list)
      faults.push(
        typeof item === 'string'
          ? makeAgentFault(item)
          : makeAgentFault(String(item?.[0]), item?.[1] ?? {}),
      );
  }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new AgentUsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--fault': {
        const [id, json] = value().split(/=(.*)/s, 2) as [string, string | undefined];
        let params: unknown = {};
        try {
          if (json !== undefined) params = JSON.parse(json);
        } catch {
          params = undefined;
        }
        if (params === null || typeof params !== 'object' || Array.isArray(params))
          throw new AgentUsageError(`--fault ${id}: the parameters must be a JSON object`);
        try {
          faults.push(makeAgentFault(id, params));
        } catch (error) {
          throw new AgentUsageError(`--fault: ${(error as Error).message}`);
        }
        break;
      }
      case '--script':
        script = value();
        break;
      case '--permission-mode':
        permissionMode = value();
        break;
      case '--model':
        model = value();
        break;
      case '--max-turns': {
        const v = value();
        maxTurns = Number(v);
        if (!Number.isInteger(maxTurns) || maxTurns < 1)
          throw new AgentUsageError(`--max-turns must be a positive integer, got "${v}"`);
        break;
      }
      case '--auto':
        auto = true;
        break;
      case '--resume':
        resume = value();
        break;
      case '--state-dir':
        stateDir = value();
        break;
      case '--no-load-session':
        only(flag, 'acp');
        loadSession = false;
        break;
      case '--transport': {
        only(flag, 'mcp');
        const v = value();
        if (v !== 'stdio' && v !== 'http')
          throw new AgentUsageError(`--transport must be stdio or http, got "${v}"`);
        transport = v;
        break;
      }
      case '--port': {
        only(flag, 'mcp');
        const v = value();
        port = Number(v);
        if (!Number.isInteger(port) || port < 0 || port > 65_535)
          throw new AgentUsageError(`--port must be an integer from 0 to 65535, got "${v}"`);
        break;
      }
      default:
        unknown.push(argv[i]!);
    }
  }
  let behaviour: AgentBehaviour;
  try {
    behaviour = mergeBehaviours(faults, arm);
  } catch (error) {
    throw new AgentUsageError((error as Error).message);
  }
  // The faults act on stdio frames and on one connection: the HTTP transport serves the clean server only.
  if (transport === 'http' && faults.length > 0)
    throw new AgentUsageError(
      `--transport http serves the clean server (for HTTP tools such as the MCP conformance suite); faults apply on stdio only, got ${faults.map((f) => f.id).join(', ')}`,
    );
  if (port !== undefined && transport !== 'http')
    throw new AgentUsageError('--port needs --transport http');
  if (!loadSession && behaviour.unknownSessionOnLoad)
    throw new AgentUsageError(
      'unknown-session-on-load needs session/load: it cannot be combined with --no-load-session',
    );
  return {
    arm,
    name,
    argv,
    faults,
    behaviour,
    script: resolveScript(script, (path) => readFileSync(path, 'utf8')),
    options: {
      permissionMode,
      model,
      maxTurns,
      auto,
      resume,
      stateDir: stateDir ?? (env[STATE_DIR_ENV] || undefined),
      loadSession,
      transport,
      ...(port !== undefined ? { port } : {}),
      unknown,
    },
  };
}

/** What the agent tells the runner about itself (ACP `_meta`, MCP serverInfo, lifecycle log): never an env value but its own. */
export function selfReport(setup: AgentSetup): Record<string, unknown> {
  const o = setup.options;
  return {
    fake: setup.name,
    pid: process.pid,
    argv: setup.argv,
    permissionMode: o.permissionMode,
    model: o.model,
    maxTurns: o.maxTurns ?? null,
    auto: o.auto,
    resume: o.resume ?? null,
    loadSession: o.loadSession,
    unknownArgs: o.unknown,
    faults: setup.faults.map((f) => f.id),
    script: setup.script.name,
    // Names only: which of the variables a manifest's `env` patches might set are present.
    env: Object.keys(process.env)
      .filter((k) => k.startsWith('AOI_TESTKIT_') || k.startsWith('FAKE_AGENT_'))
      .sort(),
    fakeAgentEnv: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith('FAKE_AGENT_')),
    ),
  };
}

/** Appends one record to $AOI_TESTKIT_AGENT_LOG (synchronously: it is on disk before the next frame). */
export function logLifecycle(
  record: Omit<LifecycleRecord, 'pid' | 'at'> & { pid?: number } & Record<string, unknown>,
): void {
  const file = process.env[AGENT_LIFECYCLE_LOG_ENV];
  if (!file) return;
  try {
    appendFileSync(
      file,
      `${JSON.stringify({ ...record, pid: record.pid ?? process.pid, at: Date.now() })}\n`,
    );
  } catch {
    // A log that cannot be written must not change the agent's behaviour.
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The cancellation a turn obeys, given the one it was sent: the one hook through which faults change how cancels are heard. */
export const heardCancel = (behaviour: AgentBehaviour, sent: AbortSignal): AbortSignal =>
  behaviour.hearCancel?.(sent) ?? sent;

/** Serialised writes to stdout (order kept, back-pressure honoured), split by the split-frames fault. */
export class Wire {
  private queue: Promise<void> = Promise.resolve();
  private writes = 0;
  constructor(private readonly behaviour: AgentBehaviour) {}

  /** One line (a newline is added). */
  line(text: string): Promise<void> {
    return this.bytes(Buffer.from(`${text}\n`, 'utf8'));
  }

  bytes(data: Uint8Array): Promise<void> {
    const run = async () => {
      const split = this.behaviour.splitFrames;
      if (!split) return write(data);
      for (let at = 0; at < data.length; at += split.chunkBytes) {
        await write(data.subarray(at, at + split.chunkBytes));
        if (split.pauseEvery > 0 && ++this.writes % split.pauseEvery === 0)
          await sleep(split.pauseMs);
      }
    };
    this.queue = this.queue.then(run, run);
    return this.queue;
  }

  /** Resolves when everything queued so far is written. */
  drain(): Promise<void> {
    return this.queue.catch(() => {});
  }
}

function write(data: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    // A closed stdout (EPIPE) is the runner's business: the write is dropped, the agent carries on.
    process.stdout.write(data, () => resolve());
  });
}

/** A line that is not a frame, as the malformed-frame fault writes it. */
export function malformedLine(
  kind: 'not-json' | 'not-jsonrpc' | 'truncated',
  arm: AgentProtocol,
): string {
  if (kind === 'not-json')
    return arm === 'proprietary'
      ? 'Loading model weights... done'
      : 'INFO fake agent: warming up the model cache';
  if (kind === 'not-jsonrpc')
    return arm === 'proprietary'
      ? 'banner {"hello":"this tag is not in the protocol"}'
      : '{"hello":"this is JSON but not JSON-RPC"}';
  return arm === 'proprietary'
    ? 'text "this line was cut in the mid'
    : '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"';
}

/** Noise on stderr: plain logs, a warning, and a line that looks like a protocol frame. */
export function stderrNoiseLines(n: number, seq: { i: number }): string {
  const kinds = [
    (i: number) => `[fake-agent] debug: tick ${i}`,
    (i: number) => `WARN fake agent: deprecated option in config (warning ${i})`,
    (i: number) => `{"jsonrpc":"2.0","method":"session/update","params":{"noise":${i}}}`,
  ];
  let out = '';
  for (let k = 0; k < n; k++) out += `${kinds[seq.i % kinds.length]!(seq.i++)}\n`;
  return out;
}

/**
 * Writes noise on stderr the way most agent CLIs do (Python, Go, Rust): a blocking write. Node's own
 * `process.stderr.write` queues what the pipe cannot take and lets the process go on, which would hide a
 * runner that never drains stderr; this loop waits until the pipe takes every byte.
 */
export function writeStderrBlocking(text: string): void {
  const data = Buffer.from(text, 'utf8');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  // More than a pipe holds waits for the runner to read: logged around, since while it waits the agent cannot
  // record a signal (its handlers run only after this loop).
  const big = data.length > 65_536;
  if (big) logLifecycle({ event: 'stderr-write', bytes: data.length });
  for (let at = 0; at < data.length;) {
    try {
      at += writeSync(2, data, at);
    } catch (error) {
      // The pipe is full (a non-blocking descriptor): wait for the runner to read. Closed: nobody to tell.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
  if (big) logLifecycle({ event: 'stderr-written' });
}

/**
 * What every fake agent does before its protocol starts: the start record, signals, the exit record, a
 * helper process, early exit, stderr noise. Returns false when the agent must not go on (it is exiting).
 */
export function startProcess(setup: AgentSetup): boolean {
  const b = setup.behaviour;
  logLifecycle({ event: 'start', ppid: process.ppid, fake: setup.name, argv: setup.argv });
  const lifetime = Number(process.env[AGENT_LIFETIME_ENV]);
  if (Number.isFinite(lifetime) && lifetime > 0)
    setTimeout(() => process.exit(70), lifetime).unref();
  process.on('exit', (code) => logLifecycle({ event: 'exit', code }));
  let aliveTimer: NodeJS.Timeout | undefined;
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => {
      logLifecycle({ event: 'signal', signal });
      if (b.ignoresSigterm && signal !== 'SIGHUP') {
        // Still here: `alive` records every 100 ms bound the moment a runner's SIGKILL came (the last one
        // before death), so that a lifecycle probe can time the escalation. Unref'd: never what keeps us up.
        aliveTimer ??= setInterval(() => logLifecycle({ event: 'alive' }), 100);
        aliveTimer.unref();
        return;
      }
      process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const)[signal]);
    });
  }
  // A runner that closed our stdout has gone: nothing to say to it any more.
  process.stdout.on('error', () => {});
  if (b.exitBeforeHandshake) {
    die(b.exitBeforeHandshake.stderr, { code: b.exitBeforeHandshake.code });
    return false;
  }
  if (b.spawnsHelper) {
    // Loaded here, not imported: child_process (and net, dgram) would slow every other fake's start.
    const { spawn } = process.getBuiltinModule('node:child_process');
    const helper = spawn(
      process.execPath,
      ['-e', 'process.title="aoi-fake-agent-helper"; setInterval(() => {}, 1 << 30)'],
      {
        stdio: b.spawnsHelper.holdsStdio ? ['ignore', 'inherit', 'inherit'] : 'ignore',
      },
    );
    helper.unref();
    if (helper.pid !== undefined)
      logLifecycle({ event: 'child', pid: helper.pid, ppid: process.pid });
  }
  if (b.stderrNoise && b.stderrNoise.startBytes > 0) {
    const seq = { i: 0 };
    let noise = '';
    while (noise.length < b.stderrNoise.startBytes) noise += stderrNoiseLines(16, seq);
    // Blocking: a runner that does not drain stderr blocks the agent right here, before its handshake.
    writeStderrBlocking(noise);
  }
  return true;
}

/** Ends the process the crash-mid-turn way: an exit status, or a signal (no exit record, as with a real crash). */
export function crash(how: { code: number; signal?: 'SIGKILL' | 'SIGSEGV' | 'SIGABRT' }): never {
  die('fake agent: fatal: crashed mid-turn', how);
}

/**
 * Dies on purpose: `message` on stderr, then the exit status or the signal. Logged first as `fatal` (the message,
 * the status or signal), so that a judge knows what a runner had to surface of the death.
 */
function die(
  message: string,
  how: { code: number; signal?: 'SIGKILL' | 'SIGSEGV' | 'SIGABRT' },
): never {
  logLifecycle({
    event: 'fatal',
    message,
    ...(how.signal ? { signal: how.signal } : { code: how.code }),
  });
  process.stderr.write(`${message}\n`);
  if (how.signal === 'SIGABRT') process.abort();
  if (how.signal) {
    process.removeAllListeners('exit');
    process.kill(process.pid, how.signal);
  }
  process.exit(how.code);
}

/**
 * What one turn sent, for its `prompt-end` record: the text of its message chunks (as UTF-8 bytes and SHA-256, so
 * that a runner's relay can be compared with it without logging megabytes) and the ids of the tool calls it
 * announced. Late chunks after the turn's end are not the turn's.
 */
export class TurnLog {
  private readonly text: string[] = [];
  private readonly tools: string[] = [];
  message(chunk: string): void {
    this.text.push(chunk);
  }
  toolCall(id: string): void {
    this.tools.push(id);
  }
  record(): { textBytes: number; textSha256: string; toolCalls: string[] } {
    const text = this.text.join('');
    // Loaded here, not imported: crypto would slow every fake's start.
    const { createHash } = process.getBuiltinModule('node:crypto');
    return {
      textBytes: Buffer.byteLength(text, 'utf8'),
      textSha256: createHash('sha256').update(text, 'utf8').digest('hex'),
      toolCalls: [...this.tools],
    };
  }
}

/** The secret the echoes-secret fault leaks: the variable's value as the agent sees it. */
export function secretEcho(setup: AgentSetup): string | undefined {
  const name = setup.behaviour.echoSecretFrom;
  if (name === undefined) return undefined;
  return `Debug: my ${name} is ${process.env[name] ?? '(unset)'}`;
}

export { sleep };
