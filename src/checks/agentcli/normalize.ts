import type { AgentTranscript, TranscriptFrame } from '../../spec/agentcli/transcript.js';
import { REPL_AGENT_TAGS } from '../../spec/agentcli/transcript.js';
import { isObject } from '../../stream/json.js';

interface TurnEventBase {
  /** 0-based index of the turn the event belongs to. */
  readonly turn: number;
  readonly sessionId?: string;
  /** Index into `transcript.frames` of the frame the event was read from. */
  readonly frame?: number;
}

/** One normalised event (AIP-45 §Stream event taxonomy), whatever the protocol arm. */
export type TurnEvent =
  | (TurnEventBase & { readonly type: 'text-delta'; readonly text: string })
  | (TurnEventBase & { readonly type: 'thought'; readonly text: string })
  | (TurnEventBase & {
      readonly type: 'tool-call';
      readonly id: string;
      readonly name: string;
      readonly args?: unknown;
    })
  | (TurnEventBase & {
      readonly type: 'tool-result';
      readonly id: string;
      readonly output?: unknown;
      readonly isError?: boolean;
    })
  | (TurnEventBase & {
      readonly type: 'agent-prompt';
      readonly id?: string;
      readonly prompt: string;
    })
  | (TurnEventBase & { readonly type: 'turn-end'; readonly stopReason?: string })
  | (TurnEventBase & {
      readonly type: 'error';
      readonly message: string;
      readonly code?: number | string;
    });

/** A turn as the wire shows it, with or without events: what a crash before the first update leaves. */
export interface WireTurn {
  readonly index: number;
  /** The frame that opened it (session/prompt, tools/call, `say`), when one did. */
  readonly frame?: number;
  readonly sessionId?: string;
}

/** A frame the normaliser could not read as a message of the arm. */
export interface FrameDefect {
  readonly frame: number;
  readonly kind: 'malformed-frame' | 'unknown-tag';
  readonly reason: string;
}

/** The handshake as the wire shows it. */
export interface WireHandshake {
  /** The frame of the runner's initialize request (acp, mcp). */
  readonly requestFrame?: number;
  /** The frame of the agent's successful initialize answer, or of the REPL `ready` line. */
  readonly answerFrame?: number;
  readonly offered?: unknown;
  readonly answered?: unknown;
  /** The agent's answer to initialize was an error. */
  readonly failed?: boolean;
}

/** Everything the arm boundary learns from a transcript: the events, and what only the wire knows. */
export interface NormalizedTranscript {
  readonly events: TurnEvent[];
  readonly turns: WireTurn[];
  readonly defects: FrameDefect[];
  readonly handshake: WireHandshake;
  /** From-agent frames (indices) that are session traffic: what may not precede the handshake. */
  readonly sessionTraffic: number[];
  /** Frames of runner `session/load` requests (ACP). */
  readonly loads: number[];
  /** The runner's cancels: ACP `session/cancel` (with its session), REPL `cancel`. */
  readonly cancels: { readonly frame: number; readonly sessionId?: string }[];
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const idKey = (v: unknown): string | undefined =>
  typeof v === 'string' ? `s:${v}` : typeof v === 'number' ? `n:${v}` : undefined;

/** A JSON-RPC 2.0 message (request, notification, response), or why it is not one. */
export function jsonRpcDefect(message: unknown): string | undefined {
  if (!isObject(message)) return 'not a JSON object';
  if (message.jsonrpc !== '2.0') return 'no "jsonrpc":"2.0"';
  if (typeof message.method === 'string') return undefined;
  if ('id' in message && ('result' in message || 'error' in message)) return undefined;
  return 'neither a request, a notification nor a response';
}

/**
 * Translate a recorded runner ↔ agent conversation into AIP-45's closed taxonomy, exactly once at the
 * protocol arm boundary. Never throws: frames it cannot read produce no event (the turn checker reports them).
 */
export function normalizeTurnEvents(transcript: AgentTranscript): TurnEvent[] {
  return normalizeTranscript(transcript).events;
}

/** `normalizeTurnEvents` plus what only the wire shows (turns without events, bad frames, handshake). */
export function normalizeTranscript(transcript: AgentTranscript): NormalizedTranscript {
  const frames: readonly TranscriptFrame[] =
    isObject(transcript) && Array.isArray(transcript.frames) ? transcript.frames : [];
  const protocol = isObject(transcript) ? transcript.protocol : undefined;
  if (protocol === 'proprietary') return normalizeRepl(frames);
  if (protocol === 'mcp') return normalizeMcp(frames);
  return normalizeAcp(frames);
}

/** The frame's JSON-RPC messages (a batch is flattened), or a defect; undefined for a blank line. */
/** Every JSON-RPC message of the transcript, in order; a frame that is not one is a malformed-frame defect of the agent's. */
function eachMessage(
  frames: readonly TranscriptFrame[],
  b: Builder,
  visit: (m: Json, frame: TranscriptFrame, i: number) => void,
): void {
  frames.forEach((frame, i) => {
    const read = messagesOf(frame);
    if (read === undefined) return;
    if ('defect' in read) {
      if (frame?.direction === 'from-agent')
        b.defects.push({ frame: i, kind: 'malformed-frame', reason: read.defect });
      return;
    }
    for (const m of read.messages) visit(m, frame, i);
  });
}

function messagesOf(frame: TranscriptFrame): { messages: Json[] } | { defect: string } | undefined {
  if (!isObject(frame)) return { defect: 'not a frame' };
  if (frame.message === undefined) {
    if (typeof frame.line === 'string' && frame.line.trim() === '') return undefined;
    if (typeof frame.line === 'string') {
      try {
        const parsed: unknown = JSON.parse(frame.line);
        return check(parsed);
      } catch {
        return { defect: 'not JSON' };
      }
    }
    return { defect: 'no message' };
  }
  return check(frame.message);
  function check(message: unknown): { messages: Json[] } | { defect: string } {
    const list = Array.isArray(message) && message.length > 0 ? message : [message];
    for (const m of list) {
      const defect = jsonRpcDefect(m);
      if (defect) return { defect };
    }
    return { messages: list as Json[] };
  }
}

class Builder {
  readonly events: TurnEvent[] = [];
  readonly turns: WireTurn[] = [];
  readonly defects: FrameDefect[] = [];
  readonly sessionTraffic: number[] = [];
  readonly loads: number[] = [];
  readonly cancels: { frame: number; sessionId?: string }[] = [];
  handshake: WireHandshake = {};

  openTurn(frame: number | undefined, sessionId?: string): number {
    const index = this.turns.length;
    this.turns.push({
      index,
      ...(frame !== undefined ? { frame } : {}),
      ...(sessionId !== undefined ? { sessionId } : {}),
    });
    return index;
  }

  /** The index the next turn will get: where events that precede every turn go. */
  get upcoming(): number {
    return this.turns.length;
  }

  push(event: TurnEvent): void {
    this.events.push(event);
  }

  result(): NormalizedTranscript {
    return {
      events: this.events,
      turns: this.turns,
      defects: this.defects,
      handshake: this.handshake,
      sessionTraffic: this.sessionTraffic,
      loads: this.loads,
      cancels: this.cancels,
    };
  }
}

const withSession = (sessionId: string | undefined) =>
  sessionId !== undefined ? { sessionId } : {};

function errorOf(error: unknown): { message: string; code?: number | string } {
  if (!isObject(error)) return { message: String(error) };
  const code =
    typeof error.code === 'number' || typeof error.code === 'string' ? error.code : undefined;
  return {
    message: typeof error.message === 'string' ? error.message : 'error',
    ...(code !== undefined ? { code } : {}),
  };
}

function textOf(content: unknown): string {
  if (isObject(content)) {
    if (typeof content.text === 'string') return content.text;
    if (typeof content.type === 'string') return `[${content.type}]`;
  }
  return typeof content === 'string' ? content : '';
}

/**
 * ACP (AIP-44): a turn is a `session/prompt` request and its response. `session/update`
 * agent_message_chunk → text-delta, agent_thought_chunk → thought, tool_call → tool-call,
 * tool_call_update completed/failed → tool-result (other statuses, plan, user_message_chunk, mode and
 * command updates → nothing); `session/request_permission` → agent-prompt; the prompt's response →
 * turn-end (stopReason) or error. Updates while a `session/load` of their session is pending are the
 * replayed history, not a turn. Updates of a session with no turn yet go to the next turn. The runner's
 * `session/cancel` notifications are kept (`cancels`) for AGENTCLI-22/cancel-ignored.
 */
function normalizeAcp(frames: readonly TranscriptFrame[]): NormalizedTranscript {
  const b = new Builder();
  const requests = new Map<string, { method: string; frame: number; params: Json }>();
  const promptTurns = new Map<string, number>();
  const latestTurnOf = new Map<string, number>();
  const loading = new Map<string, string>(); // request id key → sessionId
  const loadingSessions = new Set<string>();
  const turnFor = (sessionId: string | undefined): number => {
    if (sessionId !== undefined && latestTurnOf.has(sessionId)) return latestTurnOf.get(sessionId)!;
    return sessionId === undefined && b.turns.length > 0 ? b.turns.length - 1 : b.upcoming;
  };
  eachMessage(frames, b, (m, frame, i) => {
    const params = isObject(m.params) ? m.params : {};
    if (frame.direction === 'to-agent') {
      if (m.method === 'session/cancel' && m.id === undefined)
        b.cancels.push({ frame: i, ...withSession(str(params.sessionId)) });
      const key = idKey(m.id);
      if (typeof m.method !== 'string' || key === undefined) return;
      requests.set(key, { method: m.method, frame: i, params });
      if (m.method === 'initialize' && b.handshake.requestFrame === undefined)
        b.handshake = { requestFrame: i, offered: params.protocolVersion };
      if (m.method === 'session/prompt') {
        const sessionId = str(params.sessionId);
        const turn = b.openTurn(i, sessionId);
        promptTurns.set(key, turn);
        if (sessionId !== undefined) latestTurnOf.set(sessionId, turn);
      }
      if (m.method === 'session/load') {
        b.loads.push(i);
        const sessionId = str(params.sessionId);
        if (sessionId !== undefined) {
          loading.set(key, sessionId);
          loadingSessions.add(sessionId);
        }
      }
      return;
    }
    // from the agent
    if (typeof m.method === 'string') {
      b.sessionTraffic.push(i);
      const sessionId = str(params.sessionId);
      if (m.method === 'session/update') {
        if (sessionId !== undefined && loadingSessions.has(sessionId)) return;
        const update = isObject(params.update) ? params.update : {};
        const base = { turn: turnFor(sessionId), ...withSession(sessionId), frame: i };
        switch (update.sessionUpdate) {
          case 'agent_message_chunk':
            b.push({ type: 'text-delta', ...base, text: textOf(update.content) });
            break;
          case 'agent_thought_chunk':
            b.push({ type: 'thought', ...base, text: textOf(update.content) });
            break;
          case 'tool_call': {
            const id = str(update.toolCallId) ?? '';
            b.push({
              type: 'tool-call',
              ...base,
              id,
              name: str(update.title) ?? str(update.kind) ?? 'tool',
              ...(update.rawInput !== undefined ? { args: update.rawInput } : {}),
            });
            if (update.status === 'completed' || update.status === 'failed')
              b.push(acpToolResult(base, id, update));
            break;
          }
          case 'tool_call_update':
            if (update.status === 'completed' || update.status === 'failed')
              b.push(acpToolResult(base, str(update.toolCallId) ?? '', update));
            break;
          default:
          // plan, user_message_chunk, available_commands_update, current_mode_update…: not in the taxonomy.
        }
      } else if (m.method === 'session/request_permission') {
        const toolCall = isObject(params.toolCall) ? params.toolCall : {};
        const id = str(toolCall.toolCallId) ?? str(m.id);
        b.push({
          type: 'agent-prompt',
          turn: turnFor(sessionId),
          ...withSession(sessionId),
          frame: i,
          ...(id !== undefined ? { id } : {}),
          prompt: str(toolCall.title) ?? 'permission requested',
        });
      }
      // fs/*, terminal/* requests are client capabilities the agent uses, not taxonomy events.
      return;
    }
    const key = idKey(m.id);
    const request = key === undefined ? undefined : requests.get(key);
    if (!request) return;
    if (
      request.method === 'initialize' &&
      b.handshake.answerFrame === undefined &&
      request.frame === b.handshake.requestFrame
    ) {
      if ('result' in m)
        b.handshake = {
          ...b.handshake,
          answerFrame: i,
          answered: isObject(m.result) ? m.result.protocolVersion : undefined,
        };
      else b.handshake = { ...b.handshake, failed: true };
    } else b.sessionTraffic.push(i);
    if (request.method === 'session/load') {
      const sessionId = loading.get(key!);
      if (sessionId !== undefined) loadingSessions.delete(sessionId);
      loading.delete(key!);
    }
    const turn = promptTurns.get(key!);
    if (turn === undefined) return;
    promptTurns.delete(key!);
    const sessionId = str(request.params.sessionId);
    if ('error' in m)
      b.push({ type: 'error', turn, ...withSession(sessionId), frame: i, ...errorOf(m.error) });
    else {
      const stopReason = isObject(m.result) ? str(m.result.stopReason) : undefined;
      b.push({
        type: 'turn-end',
        turn,
        ...withSession(sessionId),
        frame: i,
        ...(stopReason !== undefined ? { stopReason } : {}),
      });
    }
  });
  return b.result();
}

function acpToolResult(
  base: { turn: number; sessionId?: string; frame: number },
  id: string,
  update: Json,
): TurnEvent {
  const output = update.rawOutput !== undefined ? update.rawOutput : update.content;
  return {
    type: 'tool-result',
    ...base,
    id,
    ...(output !== undefined ? { output } : {}),
    ...(update.status === 'failed' ? { isError: true } : {}),
  };
}

/**
 * MCP: the agent is an MCP server; a turn is one `tools/call` request (→ tool-call) and its response
 * (→ tool-result, then turn-end; an error response → error). A call the runner cancelled
 * (`notifications/cancelled`) that gets no response — MCP says the server SHOULD NOT answer it — ends with
 * turn-end `cancelled`, after the last thing the server sent for it.
 *
 * `notifications/progress` tied to a call by its progressToken → text-delta (its `message`, else empty):
 * progress is the only thing MCP streams *within* a call, and text-delta is the taxonomy's streaming
 * event; it also keeps late progress after the response visible as an event after turn-end.
 * `notifications/message` (logging) → nothing: it is the server's log, the MCP twin of stderr, not
 * tied to any call, and showing it as agent text would put logs into the user's conversation (the
 * secret check still reads those frames).
 */
function normalizeMcp(frames: readonly TranscriptFrame[]): NormalizedTranscript {
  const b = new Builder();
  const requests = new Map<string, { method: string; frame: number }>();
  const callTurns = new Map<string, { turn: number; id: string }>();
  const tokens = new Map<string, number>();
  const cancelled = new Map<string, number>(); // call key → frame of the runner's notifications/cancelled
  eachMessage(frames, b, (m, frame, i) => {
    const params = isObject(m.params) ? m.params : {};
    if (frame.direction === 'to-agent') {
      if (m.method === 'notifications/cancelled') {
        const call = idKey(params.requestId);
        if (call !== undefined && callTurns.has(call) && !cancelled.has(call))
          cancelled.set(call, i);
      }
      const key = idKey(m.id);
      if (typeof m.method !== 'string' || key === undefined) return;
      requests.set(key, { method: m.method, frame: i });
      if (m.method === 'initialize' && b.handshake.requestFrame === undefined)
        b.handshake = { requestFrame: i, offered: params.protocolVersion };
      if (m.method === 'tools/call') {
        const turn = b.openTurn(i);
        const id = str(m.id)!;
        callTurns.set(key, { turn, id });
        const meta = isObject(params._meta) ? params._meta : {};
        const token = idKey(meta.progressToken);
        if (token !== undefined) tokens.set(token, turn);
        b.push({
          type: 'tool-call',
          turn,
          frame: i,
          id,
          name: str(params.name) ?? 'tool',
          ...(params.arguments !== undefined ? { args: params.arguments } : {}),
        });
      }
      return;
    }
    if (typeof m.method === 'string') {
      if (m.method !== 'notifications/message' && m.method !== 'ping') b.sessionTraffic.push(i);
      if (m.method === 'notifications/progress') {
        const turn = tokens.get(idKey(params.progressToken) ?? '');
        if (turn !== undefined)
          b.push({ type: 'text-delta', turn, frame: i, text: str(params.message) ?? '' });
      }
      return;
    }
    const key = idKey(m.id);
    const request = key === undefined ? undefined : requests.get(key);
    if (!request) return;
    if (
      request.method === 'initialize' &&
      b.handshake.answerFrame === undefined &&
      request.frame === b.handshake.requestFrame
    ) {
      if ('result' in m)
        b.handshake = {
          ...b.handshake,
          answerFrame: i,
          answered: isObject(m.result) ? m.result.protocolVersion : undefined,
        };
      else b.handshake = { ...b.handshake, failed: true };
      return;
    }
    b.sessionTraffic.push(i);
    const call = callTurns.get(key!);
    if (!call) return;
    callTurns.delete(key!);
    if ('error' in m) {
      b.push({ type: 'error', turn: call.turn, frame: i, ...errorOf(m.error) });
      return;
    }
    const result = isObject(m.result) ? m.result : {};
    const content = Array.isArray(result.content) ? result.content : [];
    const output =
      result.structuredContent ??
      (content.every((c) => isObject(c) && typeof c.text === 'string')
        ? content.map((c) => (c as Json).text).join('\n')
        : content);
    b.push({
      type: 'tool-result',
      turn: call.turn,
      frame: i,
      id: call.id,
      output,
      ...(result.isError === true ? { isError: true } : {}),
    });
    b.push({ type: 'turn-end', turn: call.turn, frame: i });
  });
  // A call the runner cancelled and the server (rightly) never answered: the cancel ended its turn, after
  // whatever the server still sent for it. An answer that came anyway ended the turn as usual (above).
  let ended = false;
  for (const [key, at] of cancelled) {
    const call = callTurns.get(key);
    if (!call) continue;
    const last = b.events.reduce(
      (max, e) => (e.turn === call.turn && e.frame !== undefined ? Math.max(max, e.frame) : max),
      at,
    );
    b.push({ type: 'turn-end', turn: call.turn, frame: last, stopReason: 'cancelled' });
    ended = true;
  }
  if (ended) b.events.sort((x, y) => (x.frame ?? 0) - (y.frame ?? 0));
  return b.result();
}

const AGENT_TAGS: ReadonlySet<string> = new Set(REPL_AGENT_TAGS);

/**
 * The proprietary REPL (src/spec/agentcli/transcript.ts): a turn is a `say` line; the agent's lines
 * go to the oldest said turn that has not ended (`say` lines queue), else — a late line — to the last
 * turn that ended. An `error` line while no turn runs (the REPL refusing a runner line) is a turn of its
 * own. `error` inside a turn does not end it: the REPL goes on to `done`.
 */
function normalizeRepl(frames: readonly TranscriptFrame[]): NormalizedTranscript {
  const b = new Builder();
  const open: number[] = [];
  let lastEnded: number | undefined;
  frames.forEach((frame, i) => {
    if (!isObject(frame)) return;
    const line = typeof frame.line === 'string' ? frame.line : undefined;
    if (line === undefined || line.trim() === '') return;
    const space = line.indexOf(' ');
    const tag = space < 0 ? line : line.slice(0, space);
    const rest = space < 0 ? undefined : line.slice(space + 1);
    if (frame.direction === 'to-agent') {
      if (tag === 'say') open.push(b.openTurn(i));
      else if (tag === 'cancel') b.cancels.push({ frame: i });
      return;
    }
    if (!AGENT_TAGS.has(tag)) {
      b.defects.push({
        frame: i,
        kind: 'unknown-tag',
        reason: `unknown tag "${tag.slice(0, 40)}"`,
      });
      return;
    }
    let payload: unknown;
    try {
      payload = rest === undefined ? undefined : JSON.parse(rest);
    } catch {
      b.defects.push({
        frame: i,
        kind: 'malformed-frame',
        reason: `the payload of "${tag}" is not JSON`,
      });
      return;
    }
    const p = isObject(payload) ? payload : {};
    const needs =
      tag === 'text' || tag === 'thought'
        ? typeof payload === 'string'
        : tag === 'ready' || tag === 'done'
          ? payload === undefined || isObject(payload)
          : isObject(payload);
    if (!needs) {
      b.defects.push({
        frame: i,
        kind: 'malformed-frame',
        reason: `the payload of "${tag}" has the wrong shape`,
      });
      return;
    }
    if (tag === 'ready') {
      if (b.handshake.answerFrame === undefined) b.handshake = { answerFrame: i };
      return;
    }
    b.sessionTraffic.push(i);
    let turn: number;
    if (open.length > 0) turn = open[0]!;
    else if (tag === 'error') turn = lastEnded = b.openTurn(undefined);
    else turn = lastEnded ?? b.upcoming;
    const base = { turn, frame: i };
    switch (tag) {
      case 'text':
        b.push({ type: 'text-delta', ...base, text: payload as string });
        break;
      case 'thought':
        b.push({ type: 'thought', ...base, text: payload as string });
        break;
      case 'tool':
        b.push({
          type: 'tool-call',
          ...base,
          id: str(p.id) ?? '',
          name: str(p.name) ?? 'tool',
          ...(p.args !== undefined ? { args: p.args } : {}),
        });
        break;
      case 'result':
        b.push({
          type: 'tool-result',
          ...base,
          id: str(p.id) ?? '',
          ...(p.output !== undefined ? { output: p.output } : {}),
          ...(p.isError === true ? { isError: true } : {}),
        });
        break;
      case 'ask':
        b.push({
          type: 'agent-prompt',
          ...base,
          ...(str(p.id) !== undefined ? { id: str(p.id)! } : {}),
          prompt: str(p.question) ?? '',
        });
        break;
      case 'done': {
        const stopReason = str(p.stopReason);
        b.push({ type: 'turn-end', ...base, ...(stopReason !== undefined ? { stopReason } : {}) });
        if (open[0] === turn) {
          open.shift();
          lastEnded = turn;
        }
        break;
      }
      case 'error':
        b.push({ type: 'error', ...base, message: str(p.message) ?? 'error' });
        break;
    }
  });
  return b.result();
}
