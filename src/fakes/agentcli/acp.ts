import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { PROMPT_LOG_CHARS } from '../../spec/agentcli/transcript.js';
import { pickTurn } from './scripts.js';
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
  TurnLog,
  Wire,
  writeStderrBlocking,
  type AgentSetup,
} from './runtime.js';
import type { ScriptStep } from './types.js';

type Update = acp.SessionUpdate;

interface Session {
  readonly id: string;
  readonly cwd: string;
  history: Update[];
  prompts: number;
  defaultTurns: number;
  /**
   * Every tool-call id the session has used: ACP's toolCallId is "A unique identifier for this tool call within the
   * session", and a script's ids (`call_1`) repeat when its turns do. Kept across session/load.
   */
  toolCallIds: string[];
  /** The running prompt's cancel (session/cancel, unless the agent ignores it). */
  current?: AbortController;
  /** Aborted by session/close: ends the running prompt and what it waits for, whatever the faults. */
  readonly closing: AbortController;
}

const MODES = [
  { id: 'default', name: 'Default', description: 'Asks before edits' },
  { id: 'plan', name: 'Plan', description: 'Plans only: no edits, no commands' },
  { id: 'acceptEdits', name: 'Accept edits', description: 'Edits without asking' },
  { id: 'bypassPermissions', name: 'Bypass permissions', description: 'Never asks' },
];
const MUTATING_KINDS = new Set(['edit', 'delete', 'move', 'execute']);
const META_KEY = 'aoi-testkit';

/**
 * The fake ACP agent: a real `@agentclientprotocol/sdk` agent app on stdio, its turns played from a script,
 * its faults switched on by `setup.behaviour`. Resolves when the connection closes (stdin ended).
 */
export async function runAcpAgent(setup: AgentSetup): Promise<void> {
  const b = setup.behaviour;
  const o = setup.options;
  const wire = new Wire(b);
  const sessions = new Map<string, Session>();
  const store = o.stateDir === undefined ? undefined : join(o.stateDir, 'acp-sessions');
  const inMemory = new Map<string, string>(); // without a state directory: the sessions session/load can reopen
  const afterResponse = new Map<acp.JsonRpcId, () => void>();
  const noise = { i: 0 };
  let agentTurns = 0;
  let hugeSent = false;

  const persist = (s: Session) => {
    const saved = JSON.stringify({
      id: s.id,
      cwd: s.cwd,
      prompts: s.prompts,
      defaultTurns: s.defaultTurns,
      toolCallIds: s.toolCallIds,
      history: s.history,
    });
    if (store === undefined) return void inMemory.set(s.id, saved);
    mkdirSync(store, { recursive: true });
    writeFileSync(join(store, `${encodeURIComponent(s.id)}.json`), saved);
  };
  const restore = (id: string): Session | undefined => {
    const file = store === undefined ? undefined : join(store, `${encodeURIComponent(id)}.json`);
    const saved =
      file === undefined
        ? inMemory.get(id)
        : existsSync(file)
          ? readFileSync(file, 'utf8')
          : undefined;
    if (saved === undefined) return undefined;
    const parsed = JSON.parse(saved) as Omit<Session, 'closing' | 'toolCallIds'> & {
      toolCallIds?: string[];
    };
    return { ...parsed, toolCallIds: parsed.toolCallIds ?? [], closing: new AbortController() };
  };
  const open = (session: Session, how: 'new' | 'load') => {
    sessions.set(session.id, session);
    // The lifecycle log sees sessions open and close, so that a probe can tell a SIGTERM with a session still open.
    logLifecycle({ event: 'session-open', sessionId: session.id, how });
  };
  const modes = () => ({
    currentModeId: o.permissionMode,
    availableModes: MODES.some((m) => m.id === o.permissionMode)
      ? MODES
      : [...MODES, { id: o.permissionMode, name: o.permissionMode }],
  });

  const output = new WritableStream<Uint8Array>({
    async write(chunk) {
      await wire.bytes(chunk);
      if (afterResponse.size === 0 || chunk.length > 65_536) return;
      let message: { id?: acp.JsonRpcId; result?: unknown; error?: unknown };
      try {
        message = JSON.parse(Buffer.from(chunk).toString('utf8'));
      } catch {
        return;
      }
      const then =
        message.id !== undefined && ('result' in message || 'error' in message)
          ? afterResponse.get(message.id)
          : undefined;
      if (then) {
        afterResponse.delete(message.id!);
        then();
      }
    },
  });
  const input = Readable.toWeb(process.stdin) as unknown as ReadableStream<Uint8Array>;

  const app = acp
    .agent({ name: setup.name })
    .onRequest(acp.methods.agent.initialize, async ({ params }) => {
      if (b.malformedFrame?.at === 'handshake')
        await wire.line(malformedLine(b.malformedFrame.kind, 'acp'));
      if (b.handshakeDelayMs) await sleep(b.handshakeDelayMs);
      const protocolVersion =
        (b.protocolVersion as number | undefined) ??
        Math.min(params.protocolVersion, acp.PROTOCOL_VERSION);
      logLifecycle({
        event: 'handshake',
        offered: params.protocolVersion,
        answered: protocolVersion,
      });
      return {
        protocolVersion,
        agentCapabilities: {
          loadSession: o.loadSession,
          promptCapabilities: { image: false, audio: false, embeddedContext: false },
          sessionCapabilities: { close: {} },
        },
        agentInfo: {
          name: setup.name,
          title: 'aoi-testkit fake ACP agent',
          version: FAKE_AGENT_VERSION,
        },
        authMethods: [],
        _meta: { [META_KEY]: selfReport(setup) },
      };
    })
    .onRequest(acp.methods.agent.session.new, async ({ params }) => {
      const session: Session = {
        id: `sess-${process.pid}-${Date.now().toString(36)}-${sessions.size + 1}`,
        cwd: params.cwd,
        history: [],
        prompts: 0,
        defaultTurns: 0,
        toolCallIds: [],
        closing: new AbortController(),
      };
      open(session, 'new');
      persist(session);
      return { sessionId: session.id, modes: modes(), _meta: { [META_KEY]: selfReport(setup) } };
    })
    .onRequest(acp.methods.agent.session.close, async ({ params }) => {
      const session = sessions.get(params.sessionId);
      if (!session) throw acp.RequestError.resourceNotFound(params.sessionId);
      sessions.delete(params.sessionId);
      logLifecycle({ event: 'session-close', sessionId: params.sessionId });
      // The running prompt ends (cancelled) and stops waiting for a permission answer: ignores-cancel is about session/cancel, not close.
      session.closing.abort();
      return {};
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      // Logged as received, before the turn obeys it or (ignores-cancel) does not.
      logLifecycle({ event: 'cancel', sessionId: params.sessionId });
      sessions.get(params.sessionId)?.current?.abort();
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params, client, requestId }) => {
      const session = sessions.get(params.sessionId);
      if (!session) throw acp.RequestError.resourceNotFound(params.sessionId);
      const promptText = params.prompt
        .map((block) => (block.type === 'text' ? block.text : ''))
        .join('');
      // What reached which process and session: the lifecycle probe judges continuation and max_turns from it.
      logLifecycle({
        event: 'prompt',
        sessionId: params.sessionId,
        text: promptText.slice(0, PROMPT_LOG_CHARS),
      });
      const closing = session.closing.signal;
      const turnNo = ++agentTurns;
      session.prompts++;
      session.history.push({
        sessionUpdate: 'user_message_chunk',
        content: { type: 'text', text: promptText },
      });
      const controller = new AbortController();
      session.current = controller;
      const aborted = (signal: AbortSignal) =>
        new Promise<void>((resolve) =>
          signal.aborted
            ? resolve()
            : signal.addEventListener('abort', () => resolve(), { once: true }),
        );
      const cancel = heardCancel(b, controller.signal);
      const cancelled = aborted(cancel);
      const closed = aborted(closing);
      let updates = 0;
      const sent = new TurnLog();
      const send = async (update: Update) => {
        const c = b.crashMidTurn;
        if (c && c.turn === turnNo && updates >= c.afterUpdates) {
          await wire.drain();
          crash(c);
        }
        if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text')
          sent.message(update.content.text);
        if (update.sessionUpdate === 'tool_call') sent.toolCall(update.toolCallId);
        session.history.push(update);
        await client.notify(acp.methods.client.session.update, { sessionId: session.id, update });
        updates++;
        if (b.stderrNoise?.perUpdateLines)
          writeStderrBlocking(stderrNoiseLines(b.stderrNoise.perUpdateLines, noise));
      };
      const text = (t: string): Update => ({
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'text', text: t },
      });

      const finish = (stopReason: acp.StopReason): acp.PromptResponse => {
        session.current = undefined;
        persist(session);
        // Logged before the answer leaves: a runner's idle timer can only start later, so idle time measured from here is never short.
        logLifecycle({ event: 'prompt-end', sessionId: session.id, stopReason, ...sent.record() });
        if (b.eventsAfterTurnEnd) {
          const late = b.eventsAfterTurnEnd;
          afterResponse.set(requestId, () => {
            void (async () => {
              for (let i = 0; i < late; i++) {
                await client.notify(acp.methods.client.session.update, {
                  sessionId: session.id,
                  update: text(`(late chunk ${i + 1} after the turn ended)`),
                });
              }
            })();
          });
        }
        return { stopReason, _meta: { [META_KEY]: { turn: turnNo, prompts: session.prompts } } };
      };

      if (o.maxTurns !== undefined && session.prompts > o.maxTurns)
        return finish('max_turn_requests');
      const c = b.crashMidTurn;
      if (c && c.turn === turnNo && c.afterUpdates === 0) {
        await wire.drain();
        crash(c);
      }
      if (b.malformedFrame?.at === 'turn')
        await wire.line(malformedLine(b.malformedFrame.kind, 'acp'));
      if (b.hugeFrameBytes !== undefined && !hugeSent) {
        hugeSent = true;
        await send(text('x'.repeat(b.hugeFrameBytes)));
      }
      const secret = secretEcho(setup);
      if (secret) await send(text(secret));

      const turn = pickTurn(setup.script, promptText, session.defaultTurns);
      if (turn.when === undefined) session.defaultTurns++;
      const skipped = new Set<string>();
      // The script's tool ids, made unique in the session: the first use keeps its name, a repeat gets the turn's.
      const toolIds = new Map<string, string>();
      const toolId = (scripted: string): string => {
        let id = toolIds.get(scripted);
        if (id !== undefined) return id;
        id = scripted;
        for (let n = 1; session.toolCallIds.includes(id); n++)
          id = `${scripted}-t${turnNo}${n > 1 ? `-${n}` : ''}`;
        session.toolCallIds.push(id);
        toolIds.set(scripted, id);
        return id;
      };
      const isCancelled = () => cancel.aborted || closing.aborted;
      for (const step of turn.steps as ScriptStep[]) {
        if (isCancelled()) break;
        if ('text' in step) await send(text(step.text));
        else if ('thought' in step)
          await send({
            sessionUpdate: 'agent_thought_chunk',
            content: { type: 'text', text: step.thought },
          });
        else if ('plan' in step)
          await send({
            sessionUpdate: 'plan',
            entries: step.plan.map((e) => ({
              content: e.content,
              status: e.status ?? 'pending',
              priority: e.priority ?? 'medium',
            })),
          });
        else if ('tool' in step) {
          if (o.permissionMode === 'plan' && MUTATING_KINDS.has(step.tool.kind ?? 'other')) {
            skipped.add(step.tool.id);
            await send(text(`(plan mode: would call ${step.tool.name})`));
            continue;
          }
          await send({
            sessionUpdate: 'tool_call',
            toolCallId: toolId(step.tool.id),
            title: step.tool.name,
            kind: (step.tool.kind ?? 'other') as acp.ToolKind,
            status: 'pending',
            rawInput: step.tool.args ?? {},
          });
        } else if ('toolResult' in step) {
          if (skipped.has(step.toolResult.id)) continue;
          if (b.toolCallWithoutResult === 'hang') await new Promise<never>(() => {});
          if (b.toolCallWithoutResult) continue;
          await send({
            sessionUpdate: 'tool_call_update',
            toolCallId: toolId(step.toolResult.id),
            status: step.toolResult.isError ? 'failed' : 'completed',
            content: [{ type: 'content', content: { type: 'text', text: step.toolResult.output } }],
            rawOutput: { output: step.toolResult.output },
          });
        } else if ('ask' in step) {
          if (
            o.auto ||
            o.permissionMode === 'bypassPermissions' ||
            o.permissionMode === 'acceptEdits' ||
            o.permissionMode === 'plan'
          )
            continue;
          const options = step.ask.options ?? [
            { id: 'allow', name: 'Allow', kind: 'allow_once' as const },
            { id: 'reject', name: 'Reject', kind: 'reject_once' as const },
          ];
          let answer: acp.RequestPermissionResponse;
          try {
            // session/close withdraws the question ($/cancel_request) and stops waiting for its answer.
            answer = await client.request(
              acp.methods.client.session.requestPermission,
              {
                sessionId: session.id,
                toolCall: {
                  toolCallId: toolId(step.ask.id),
                  title: step.ask.question,
                  status: 'pending',
                },
                options: options.map((opt) => ({
                  optionId: opt.id,
                  name: opt.name,
                  kind: opt.kind,
                })),
              },
              { cancellationSignal: closing, stopWaitingOnCancel: true },
            );
          } catch (error) {
            if (closing.aborted) break;
            throw error;
          }
          const chosen =
            answer.outcome.outcome === 'selected' ? answer.outcome.optionId : undefined;
          const rejected =
            chosen !== undefined &&
            options.find((opt) => opt.id === chosen)?.kind.startsWith('reject') === true;
          logLifecycle({
            event: 'permission',
            sessionId: session.id,
            id: step.ask.id,
            outcome: chosen === undefined ? 'cancelled' : rejected ? 'reject' : 'allow',
          });
          if (answer.outcome.outcome === 'cancelled') {
            controller.abort();
            continue;
          }
          if (rejected) {
            await send(text('Permission denied: I will not do it.'));
            return finish('end_turn');
          }
        } else if ('workMs' in step) {
          await Promise.race([sleep(step.workMs), closed, cancelled]);
        } else if ('error' in step) {
          session.current = undefined;
          persist(session);
          logLifecycle({
            event: 'prompt-end',
            sessionId: session.id,
            stopReason: 'error',
            ...sent.record(),
          });
          throw acp.RequestError.internalError(undefined, step.error);
        }
      }
      return finish(isCancelled() ? 'cancelled' : (turn.stopReason ?? 'end_turn'));
    });

  // session/load only when offered (`--no-load-session`: a non-resumable agent, answered "method not found").
  if (o.loadSession) {
    app.onRequest(acp.methods.agent.session.load, async ({ params, client }) => {
      const stored = b.unknownSessionOnLoad === 'error' ? undefined : restore(params.sessionId);
      if (b.unknownSessionOnLoad === 'silent') {
        open(
          {
            id: params.sessionId,
            cwd: params.cwd,
            history: [],
            prompts: 0,
            defaultTurns: 0,
            toolCallIds: [],
            closing: new AbortController(),
          },
          'load',
        );
        return { modes: modes() };
      }
      if (!stored) throw acp.RequestError.resourceNotFound(params.sessionId);
      const session: Session = { ...stored, cwd: params.cwd };
      open(session, 'load');
      // The whole conversation again, as updates, before the load answer (ACP session/load).
      for (const update of session.history)
        await client.notify(acp.methods.client.session.update, { sessionId: session.id, update });
      return { modes: modes() };
    });
  }

  const connection = app.connect(acp.ndJsonStream(output, input));
  await connection.closed;
  await wire.drain();
}
