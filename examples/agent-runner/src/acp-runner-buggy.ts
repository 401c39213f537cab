/**
 * A DELIBERATELY BUGGY twin of acp-runner.ts (same API): each BUG below is a common runner mistake, and the
 * suite (run with RUNNER_IMPL=buggy) must catch each one. Do not copy this file.
 *
 * A small AIP-45 runner for the ACP arm, as a runner author writes it on the ACP SDK: the SDK's client-side
 * connection (`acp.client(...).connect(ndJsonStream(...))` — in @agentclientprotocol/sdk 2.x the successor of
 * the 0.x `ClientSideConnection`) over the agent's stdio. It spawns the agent in its own process group,
 * refuses it at the handshake when the protocol version is not its own, opens or resumes (session/load) a
 * session, relays each turn as the AIP-45 taxonomy, ends a cancelled turn itself when the agent does not
 * within a grace, and tears down: session/close, end of stdin, SIGTERM to the group, SIGKILL 5 s later.
 */
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import type { AgentCliConfig, AgentCliManifest, TurnEvent } from '../../../src/agents.js';
import { buildSpawn } from './argv.js';
import type { AcpSession, AcpStartOptions } from './acp-runner.js';
import { AgentResumeError } from './acp-runner.js';
import { AgentStartError, groupAlive } from './runner-buggy.js';

export type { AcpSession, AcpStartOptions };
export { AgentResumeError };

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
  const { turnTimeoutMs = 10_000, termGraceMs = 5000, cwd = process.cwd() } = options;
  const handshakeTimeoutMs = 1000; // BUG: "agents start fast": a fixed 1 s handshake timeout, whatever the caller asked
  if (manifest.protocol !== 'acp')
    throw new Error(
      `startAcpAgent: the manifest's protocol is ${JSON.stringify(manifest.protocol)}, not acp`,
    );
  // BUG: the manifest's capabilities.resumable is never looked at before a resume.
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
  const stderr: string = ''; // BUG: stderr is piped but never read: an agent that writes a lot there blocks on it
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
        // BUG: chunks are cut to 1 MiB "for the UI", silently.
        if (update.content.type === 'text')
          emit(turn, { type: 'text-delta', text: update.content.text.slice(0, 1 << 20) });
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
  // BUG: each read of stdout goes through a string (for a debug log), decoded on its own: a character split
  // across two reads is mangled.
  const encoder = new TextEncoder();
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      child.stdout.on('data', (chunk: Buffer) =>
        controller.enqueue(encoder.encode(chunk.toString('utf8'))),
      );
      child.stdout.on('end', () => controller.close());
    },
  });
  const connection = app.connect(
    acp.ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, input),
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
  // BUG: the protocol version the agent answered is never compared with the one this runner speaks.
  const agentCapabilities = init.agentCapabilities ?? {};

  if (options.resume !== undefined) {
    // BUG: loadSession is not checked either: session/load is sent to any agent.
    sessionId = options.resume; // the replayed history arrives before the load's answer, while no turn runs
    try {
      await agent.request(acp.methods.agent.session.load, {
        sessionId: options.resume,
        cwd,
        mcpServers: [],
      });
    } catch {
      // BUG: a failed resume quietly becomes a fresh session, passed off as the resumed one.
      sessionId = (await agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] }))
        .sessionId;
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
      // BUG: no grace: the turn waits for the agent's answer, however long an agent that ignores the cancel takes.
      turn.cancelTimer = setTimeout(() => {}, 0);
    },
    close({ graceful = true } = {}) {
      closing ??= (async () => {
        if (current) finish(current, { type: 'error', message: 'the session was closed mid-turn' });
        // BUG: neither session/close nor the end of stdin, graceful or not: the signal is the first the agent
        // hears of the end (the connection is dropped once the agent is gone).
        void graceful;
        signalGroup('SIGTERM');
        const down = await gone(termGraceMs);
        connection.close();
        if (down) return { forced: false };
        signalGroup('SIGKILL');
        await gone(2000);
        return { forced: true };
      })();
      return closing;
    },
  };
}
