/**
 * A small AIP-45 runner for the ACP arm, as a runner author writes it on the ACP SDK: the SDK's client-side
 * connection (`acp.client(...).connect(ndJsonStream(...))` — in @agentclientprotocol/sdk 2.x the successor of
 * the 0.x `ClientSideConnection`) over the agent's stdio. It spawns the agent in its own process group,
 * refuses it at the handshake when the protocol version is not its own, opens or resumes (session/load) a
 * session, relays each turn as the AIP-45 taxonomy, ends a cancelled turn itself when the agent does not
 * within a grace, and tears down: session/close, end of stdin, SIGTERM to the group, SIGKILL 5 s later.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import type { AgentCliConfig, AgentCliManifest, TurnEvent } from '../../../src/agents.js';
import { buildSpawn } from './argv.js';
import { AgentStartError, groupAlive, type CloseOptions, type StartOptions } from './runner.js';

export interface AcpStartOptions extends StartOptions {
  /** The session's working directory (ACP wants it absolute; default process.cwd()). */
  cwd?: string;
  /** After cancel(), how long the agent has to answer `cancelled` before the runner ends the turn itself. */
  cancelGraceMs?: number;
  /** Resume this session (session/load) instead of opening a new one; refused against a non-resumable agent. */
  resume?: string;
  /** Called with the child right after it is spawned, before the first byte is written (e.g. to record it). */
  onSpawn?: (child: ChildProcessWithoutNullStreams) => void;
}

export interface AcpSession {
  pid: number;
  sessionId: string;
  /** What the agent said it can do (its answer to initialize). */
  agentCapabilities: acp.AgentCapabilities;
  /** One turn: session/prompt, then its events up to and including the turn's end (`turn-end` or `error`). */
  send(text: string): AsyncIterable<TurnEvent>;
  /** session/cancel for the running turn; the turn ends `cancelled` (the agent's answer, or the runner's after the grace). */
  cancel(): void;
  close(options?: CloseOptions): Promise<{ forced: boolean }>;
}

/** A resume that cannot happen: the agent (or its manifest) is not resumable, or session/load failed. */
export class AgentResumeError extends Error {
  constructor(
    message: string,
    readonly sessionId: string,
  ) {
    super(message);
    this.name = 'AgentResumeError';
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

interface Turn {
  index: number;
  queue: TurnEvent[];
  wake?: () => void;
  done: boolean;
  pending: Set<string>;
  timer?: NodeJS.Timeout;
  cancelTimer?: NodeJS.Timeout;
}

export async function startAcpAgent(
  manifest: AgentCliManifest,
  config: AgentCliConfig = {},
  options: AcpStartOptions = {},
): Promise<AcpSession> {
  const {
    handshakeTimeoutMs = 5000,
    turnTimeoutMs = 10_000,
    termGraceMs = 5000,
    cancelGraceMs = 2000,
    cwd = process.cwd(),
  } = options;
  if (manifest.protocol !== 'acp')
    throw new Error(
      `startAcpAgent: the manifest's protocol is ${JSON.stringify(manifest.protocol)}, not acp`,
    );
  // AIP-45 §Session model: refuse resumable behaviour against a binary whose manifest lacks the capability, before spawning it.
  if (options.resume !== undefined && manifest.capabilities?.resumable !== true) {
    throw new AgentResumeError(
      `cannot resume session ${options.resume}: the manifest does not declare capabilities.resumable: true`,
      options.resume,
    );
  }
  const built = buildSpawn(manifest, config);
  const secrets = (options.secrets ?? [])
    .filter((s) => s.length > 0)
    .flatMap((s) => [s, encodeURIComponent(s)]);
  const mask = (text: string) => secrets.reduce((t, secret) => t.split(secret).join('***'), text);
  const maskDeep = (v: unknown): unknown =>
    typeof v === 'string'
      ? mask(v)
      : Array.isArray(v)
        ? v.map(maskDeep)
        : isObject(v)
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskDeep(x)]))
          : v;

  const child = spawn(built.command, built.args, {
    env: { ...(options.env ?? process.env), ...built.env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  options.onSpawn?.(child);
  const pgid = child.pid;
  let stderr = '';
  child.stderr
    .setEncoding('utf8')
    .on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4096))); // drained, tail kept
  child.stdin.on('error', () => {}); // EPIPE once the agent is gone
  const closedStdio = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (pgid !== undefined) process.kill(-pgid, signal);
    } catch {
      // the group is gone
    }
  };
  const leaderGone = () => child.exitCode !== null || child.signalCode !== null;
  const gone = async (ms: number) => {
    for (
      const deadline = Date.now() + ms;
      Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 20))
    ) {
      if (leaderGone() && (pgid === undefined || !groupAlive(pgid))) return true;
    }
    return false;
  };

  let current: Turn | undefined;
  let turns = 0;
  let agentExited = false;
  const emit = (turn: Turn, event: Json) => {
    if (turn.done) return; // nothing after the turn's end
    turn.queue.push(maskDeep({ ...event, turn: turn.index }) as TurnEvent);
    turn.wake?.();
  };
  const finish = (turn: Turn, event: Json) => {
    if (turn.done) return;
    // A tool call still pending at the end of the turn is closed as failed: it will never get a result.
    if (event.type === 'turn-end')
      for (const id of turn.pending)
        emit(turn, {
          type: 'tool-result',
          id,
          isError: true,
          output: 'no result: the turn ended with the call pending',
        });
    emit(turn, event);
    turn.done = true;
    clearTimeout(turn.timer);
    clearTimeout(turn.cancelTimer);
    if (current === turn) current = undefined;
  };

  let sessionId = '';
  const onUpdate = (update: acp.SessionUpdate) => {
    const turn = current;
    if (!turn) return; // between turns (a load's replayed history, late updates): never attributed to a turn
    switch (update.sessionUpdate) {
      case 'agent_message_chunk':
        if (update.content.type === 'text')
          emit(turn, { type: 'text-delta', text: update.content.text });
        return;
      case 'agent_thought_chunk':
        if (update.content.type === 'text')
          emit(turn, { type: 'thought', text: update.content.text });
        return;
      case 'tool_call':
        turn.pending.add(update.toolCallId);
        emit(turn, {
          type: 'tool-call',
          id: update.toolCallId,
          name: update.title,
          args: update.rawInput,
        });
        if (update.status === 'completed' || update.status === 'failed')
          toolResult(turn, update.toolCallId, update.status, update.rawOutput);
        return;
      case 'tool_call_update':
        if (update.status === 'completed' || update.status === 'failed')
          toolResult(turn, update.toolCallId, update.status, update.rawOutput);
        return;
      default:
      // plans, mode and command updates, the user's own message: not in the taxonomy.
    }
  };
  const toolResult = (turn: Turn, id: string, status: 'completed' | 'failed', output: unknown) => {
    turn.pending.delete(id);
    emit(turn, {
      type: 'tool-result',
      id,
      output,
      ...(status === 'failed' ? { isError: true } : {}),
    });
  };

  const app = acp
    .client({ name: 'example-agent-runner' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      if (params.sessionId === sessionId) onUpdate(params.update);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      const turn = current;
      if (!turn || params.sessionId !== sessionId) return { outcome: { outcome: 'cancelled' } };
      emit(turn, {
        type: 'agent-prompt',
        id: params.toolCall.toolCallId,
        prompt: params.toolCall.title ?? 'permission requested',
      });
      // This runner's host policy: allow once (a real host asks its user, under AIP-7 governance).
      const allow =
        params.options.find((o) => o.kind === 'allow_once') ??
        params.options.find((o) => o.kind === 'allow_always');
      return allow
        ? { outcome: { outcome: 'selected', optionId: allow.optionId } }
        : { outcome: { outcome: 'cancelled' } };
    });
  const connection = app.connect(
    acp.ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as unknown as ReadableStream<Uint8Array>,
    ),
  );
  const agent = connection.agent;

  /** On a failed start: end stdin, SIGTERM the group, SIGKILL it if it is still there after the grace (in the background). */
  const shutdown = () => {
    connection.close();
    child.stdin.end();
    signalGroup('SIGTERM');
    void gone(termGraceMs).then((down) => down || signalGroup('SIGKILL'));
  };
  const startError = async (message: string) => {
    shutdown();
    if (leaderGone()) await closedStdio;
    return new AgentStartError(
      mask(`${message}${stderr ? `; stderr: ${stderr.trim().slice(-500)}` : ''}`),
      child.exitCode,
      child.signalCode,
      mask(stderr),
    );
  };

  // The handshake: initialize, bounded by the runner's own timeout and by the agent's exit.
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    agent
      .request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      })
      .then(
        (init) => ({ init }),
        (error: unknown) => ({ failed: error as Error }),
      ),
    closedStdio.then(({ code, signal }) => ({
      exited: `the agent exited before its handshake (code ${code}, signal ${signal})`,
    })),
    spawnError.then((error) => ({ exited: `cannot start ${built.command}: ${error.message}` })),
    new Promise<{ timedOut: true }>(
      (resolve) => (timer = setTimeout(() => resolve({ timedOut: true }), handshakeTimeoutMs)),
    ),
  ]);
  clearTimeout(timer);
  if ('timedOut' in outcome) {
    signalGroup('SIGKILL');
    throw await startError(
      `no answer to initialize from ${built.command} within ${handshakeTimeoutMs} ms`,
    );
  }
  if ('exited' in outcome) throw await startError(outcome.exited);
  if ('failed' in outcome) throw await startError(`initialize failed: ${outcome.failed.message}`);
  const { init } = outcome;
  if (init.protocolVersion !== acp.PROTOCOL_VERSION) {
    throw await startError(
      `the agent answered initialize with protocol version ${JSON.stringify(init.protocolVersion)}; this runner speaks ${acp.PROTOCOL_VERSION} only`,
    );
  }
  const agentCapabilities = init.agentCapabilities ?? {};
  // AIP-45 §Capabilities: the manifest's capabilities must be a subset of the agent's ACP ones; enforced at load time.
  const promised = manifest.capabilities ?? {};
  const beyond = [
    ...(promised.resumable === true && agentCapabilities.loadSession !== true
      ? ['resumable (the agent does not offer session/load: loadSession is not true)']
      : []),
    ...(promised.multimodal === true &&
    agentCapabilities.promptCapabilities?.image !== true &&
    agentCapabilities.promptCapabilities?.audio !== true
      ? ['multimodal (no image or audio prompts)']
      : []),
  ];
  if (beyond.length > 0) {
    const message = `the manifest declares ${beyond.join(' and ')}: more than the agent negotiates`;
    if (options.resume !== undefined) {
      shutdown();
      throw new AgentResumeError(
        `cannot resume session ${options.resume}: ${message}`,
        options.resume,
      );
    }
    throw await startError(message);
  }

  if (options.resume !== undefined) {
    // Here the manifest declares resumable (else refused before the spawn) and the agent offers session/load (else refused above).
    sessionId = options.resume; // the replayed history arrives before the load's answer, while no turn runs
    try {
      await agent.request(acp.methods.agent.session.load, {
        sessionId: options.resume,
        cwd,
        mcpServers: [],
      });
    } catch (error) {
      shutdown();
      throw new AgentResumeError(
        mask(`session/load of ${options.resume} failed: ${(error as Error).message}`),
        options.resume,
      );
    }
  } else {
    try {
      sessionId = (await agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] }))
        .sessionId;
    } catch (error) {
      throw await startError(`session/new failed: ${(error as Error).message}`);
    }
  }

  void closedStdio.then(({ code, signal }) => {
    agentExited = true;
    if (current)
      finish(current, {
        type: 'error',
        message: mask(
          `the agent exited mid-turn (code ${code}, signal ${signal})${stderr ? `; stderr: ${stderr.trim().slice(-500)}` : ''}`,
        ),
      });
  });

  async function* events(turn: Turn): AsyncGenerator<TurnEvent> {
    for (;;) {
      const event = turn.queue.shift();
      if (event) yield event;
      else if (turn.done) return;
      else await new Promise<void>((resolve) => (turn.wake = resolve));
    }
  }

  let closing: Promise<{ forced: boolean }> | undefined;
  return {
    pid: child.pid!,
    sessionId,
    agentCapabilities,
    send(text) {
      if (current) throw new Error('a turn is already running: wait for its end or cancel it');
      const turn: Turn = { index: turns++, queue: [], done: false, pending: new Set() };
      if (agentExited || closing) {
        finish(turn, { type: 'error', message: 'the agent is not running' });
        return events(turn);
      }
      current = turn;
      turn.timer = setTimeout(() => {
        finish(turn, { type: 'error', message: `the turn timed out after ${turnTimeoutMs} ms` });
        void agent.notify(acp.methods.agent.session.cancel, { sessionId }).catch(() => {});
      }, turnTimeoutMs);
      agent
        .request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })
        .then(
          (response) => finish(turn, { type: 'turn-end', stopReason: response.stopReason }),
          (error: unknown) => {
            // The connection closed under it: the exit handler reports the agent's exit status instead.
            if (connection.signal.aborted) return;
            const e = error as { message?: string; code?: unknown };
            finish(turn, {
              type: 'error',
              message: mask(String(e.message ?? error)),
              ...(typeof e.code === 'number' ? { code: e.code } : {}),
            });
          },
        );
      return events(turn);
    },
    cancel() {
      const turn = current;
      if (!turn || turn.cancelTimer) return;
      void agent.notify(acp.methods.agent.session.cancel, { sessionId }).catch(() => {});
      // The agent must answer `cancelled`; one that does not within the grace gets its turn ended for it.
      turn.cancelTimer = setTimeout(
        () => finish(turn, { type: 'turn-end', stopReason: 'cancelled' }),
        cancelGraceMs,
      );
    },
    close({ graceful = true } = {}) {
      closing ??= (async () => {
        if (current) finish(current, { type: 'error', message: 'the session was closed mid-turn' });
        if (graceful && !agentExited) {
          // AIP-45 §Lifecycle: close the session (when the agent offers it), then tear the process down.
          if (agentCapabilities.sessionCapabilities?.close) {
            let wait: NodeJS.Timeout | undefined;
            await Promise.race([
              agent.request(acp.methods.agent.session.close, { sessionId }).catch(() => {}),
              new Promise((r) => (wait = setTimeout(r, 2000))),
            ]);
            clearTimeout(wait);
          }
          child.stdin.end();
        }
        connection.close();
        signalGroup('SIGTERM');
        if (await gone(termGraceMs)) return { forced: false };
        signalGroup('SIGKILL');
        await gone(2000);
        return { forced: true };
      })();
      return closing;
    },
  };
}
