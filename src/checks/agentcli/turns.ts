import type { AgentCliManifest } from '../../spec/agentcli/manifest.js';
import { MCP_PROTOCOL_VERSIONS } from '../../spec/agentcli/mcp.js';
import {
  TURN_EVENT_TYPES,
  type AgentTranscript,
  type TranscriptFrame,
} from '../../spec/agentcli/transcript.js';
import { secretForms } from '../../secrets/mask.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { ruleIdsOf } from '../../spec/rules.js';
import { VerdictCollector, type Report, type RuleVerdict } from '../verdict.js';
import { normalizeTranscript, type NormalizedTranscript, type TurnEvent } from './normalize.js';
import { isObject } from '../../stream/json.js';

export interface TurnCheckOptions {
  /** The manifest's declared capabilities: AGENTCLI-24 is judged only when given. */
  capabilities?: AgentCliManifest['capabilities'];
  /** Values the runner gave the agent (its env): AGENTCLI-25 is judged only when given. */
  secrets?: readonly string[];
  /**
   * Report every warning (e.g. AGENTCLI-23/unanswered-call) as an error, and judge AGENTCLI-22/cancel-ignored
   * also when the turn's end may have crossed the cancel on the wire.
   */
  strict?: boolean;
}

export interface TurnReport extends Report {
  /** No error-severity finding. */
  ok: boolean;
  events: TurnEvent[];
  turns: number;
  findings: Finding[];
  verdicts: RuleVerdict[];
}

/** The rules judged on a conversation (AGENTCLI-20…25). */
export const TURN_RULE_IDS = ruleIdsOf('AGENTCLI', 'transcript');

const TYPES: ReadonlySet<string> = new Set(TURN_EVENT_TYPES);
type Json = Record<string, unknown>;

/** An event as a runner emitted it (loose): `id` or `toolCallId`, `turn` optional. */
interface Loose {
  readonly type: string;
  readonly turn?: number;
  readonly sessionId?: string;
  readonly frame?: number;
  readonly id?: string;
  readonly raw: Json;
  /** 1-based line: the frame's, else the event's position in the array. */
  readonly line: number;
}

/** A finding, its excerpt masked. Not the collector's `add`, which masks the message too: the turn checker never did. */
function add(
  out: VerdictCollector,
  id: string,
  message: string,
  line?: number,
  text?: string,
): void {
  out.addFinding(
    makeFinding(
      id,
      message,
      {
        ...(line !== undefined ? { line } : {}),
        ...(text !== undefined ? { excerpt: toExcerpt(text, out.secrets) } : {}),
      },
      out.strict,
    ),
  );
}

const frameText = (frame: TranscriptFrame | undefined): string | undefined => {
  if (!isObject(frame)) return undefined;
  if (typeof frame.line === 'string') return frame.line;
  try {
    return JSON.stringify(frame.message);
  } catch {
    return undefined;
  }
};

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Judge a runner ↔ agent conversation on AGENTCLI-20…25. A transcript is normalised (`normalizeTurnEvents`)
 * and also judged on its wire (handshake, frames, `session/load`); an array of events is what a runner
 * under test emitted, judged on AGENTCLI-22…25 (20 and 21 are then not applicable). Never throws.
 */
export function checkTurns(
  input: AgentTranscript | readonly TurnEvent[] | readonly unknown[],
  options: TurnCheckOptions = {},
): TurnReport {
  const secrets = (options.secrets ?? []).filter((s) => typeof s === 'string' && s.length >= 4);
  const out = new VerdictCollector({ strict: options.strict === true, secrets });
  const isArray = Array.isArray(input);
  let wire: NormalizedTranscript | undefined;
  let frames: readonly TranscriptFrame[] = [];
  let loose: Loose[];
  let events: TurnEvent[];
  if (isArray) {
    loose = [];
    events = [];
    (input as readonly unknown[]).forEach((raw, i) => {
      if (!isObject(raw) || typeof raw.type !== 'string') {
        add(
          out,
          'AGENTCLI-22/unknown-type',
          `event ${i + 1} is not an object with a string "type"`,
          i + 1,
          safeJson(raw),
        );
        return;
      }
      if (!TYPES.has(raw.type)) {
        add(
          out,
          'AGENTCLI-22/unknown-type',
          `event ${i + 1} has type "${raw.type.slice(0, 40)}", outside AIP-45's closed taxonomy`,
          i + 1,
          safeJson(raw),
        );
        return;
      }
      const id =
        typeof raw.id === 'string' || typeof raw.id === 'number'
          ? String(raw.id)
          : typeof raw.toolCallId === 'string' || typeof raw.toolCallId === 'number'
            ? String(raw.toolCallId)
            : undefined;
      const frame =
        typeof raw.frame === 'number' && Number.isInteger(raw.frame) && raw.frame >= 0
          ? raw.frame
          : undefined;
      loose.push({
        type: raw.type,
        ...(typeof raw.turn === 'number' && Number.isFinite(raw.turn) ? { turn: raw.turn } : {}),
        ...(typeof raw.sessionId === 'string' ? { sessionId: raw.sessionId } : {}),
        ...(frame !== undefined ? { frame } : {}),
        ...(id !== undefined ? { id } : {}),
        raw,
        line: frame !== undefined ? frame + 1 : i + 1,
      });
      events.push(raw as unknown as TurnEvent);
    });
  } else {
    wire = normalizeTranscript(input as AgentTranscript);
    frames =
      isObject(input) && Array.isArray((input as Json).frames)
        ? ((input as Json).frames as TranscriptFrame[])
        : [];
    events = wire.events;
    loose = events.map((e) => ({
      type: e.type,
      turn: e.turn,
      ...(e.sessionId !== undefined ? { sessionId: e.sessionId } : {}),
      ...(e.frame !== undefined ? { frame: e.frame } : {}),
      ...('id' in e && e.id !== undefined ? { id: e.id } : {}),
      raw: e as unknown as Json,
      line: (e.frame ?? 0) + 1,
    }));
  }
  const protocol = isObject(input) && !isArray ? (input as Json).protocol : undefined;

  if (wire) checkHandshake(wire, frames, protocol, out);
  if (wire) checkFrames(wire, frames, out);
  const turns = groupTurns(loose, wire);
  checkTurnEnds(turns, out, frames);
  if (wire) checkCancels(turns, wire, protocol, out, frames);
  checkToolCalls(turns, out, frames);
  if (options.capabilities)
    checkCapabilities(loose, turns, wire, frames, options.capabilities, out);
  if (options.capabilities && wire && protocol === 'acp')
    checkAcpCapabilities(wire, frames, options.capabilities, out);
  if (secrets.length > 0) checkSecrets(loose, frames, secrets, out);

  if (!wire)
    for (const rule of ['AGENTCLI-20', 'AGENTCLI-21'])
      out.notApplicable(rule, 'judged on a transcript (the wire), not on an array of events');
  if (!options.capabilities) out.notApplicable('AGENTCLI-24', 'no capabilities given');
  if (secrets.length === 0) out.notApplicable('AGENTCLI-25', 'no secrets given');
  const report = out.report(TURN_RULE_IDS);
  return {
    ok: report.ok,
    events,
    turns: turns.length,
    findings: [...report.findings],
    verdicts: [...report.verdicts],
  };
}

// ── AGENTCLI-20 ────────────────────────────────────────────────────────────────────────────────────
function checkHandshake(
  wire: NormalizedTranscript,
  frames: readonly TranscriptFrame[],
  protocol: unknown,
  out: VerdictCollector,
): void {
  const h = wire.handshake;
  const at = (i: number | undefined) =>
    i === undefined ? {} : { line: i + 1, text: frameText(frames[i]) };
  if (h.answerFrame === undefined) {
    const where = at(h.requestFrame);
    const what =
      protocol === 'proprietary'
        ? 'the agent never printed its `ready` line'
        : h.requestFrame === undefined
          ? 'no initialize request was answered (the runner sent none)'
          : h.failed
            ? 'the agent answered initialize with an error'
            : 'the agent never answered initialize';
    add(out, 'AGENTCLI-20/no-handshake', what, where.line, where.text);
  } else if (protocol !== 'proprietary') {
    const problem = versionProblem(protocol === 'mcp' ? 'mcp' : 'acp', h.offered, h.answered);
    if (problem) {
      const where = at(h.answerFrame);
      add(out, 'AGENTCLI-20/protocol-version', problem, where.line, where.text);
    }
  }
  const done = h.answerFrame ?? Infinity;
  const defects = new Set(wire.defects.map((d) => d.frame));
  const early = wire.sessionTraffic.filter((i) => i < done && !defects.has(i));
  for (const i of early.slice(0, 1)) {
    add(
      out,
      'AGENTCLI-20/before-handshake',
      `session traffic from the agent before the handshake${Number.isFinite(done) ? ` was answered (frame ${done + 1})` : ' (which never completed)'}`,
      i + 1,
      frameText(frames[i]),
    );
  }
}

function versionProblem(
  arm: 'acp' | 'mcp',
  offered: unknown,
  answered: unknown,
): string | undefined {
  const show = (v: unknown) => (v === undefined ? 'none' : JSON.stringify(v));
  if (arm === 'acp') {
    if (typeof answered !== 'number')
      return `initialize answered protocolVersion ${show(answered)}, not a number`;
    if (answered !== offered)
      return `initialize answered protocolVersion ${show(answered)}; the runner offered ${show(offered)}`;
    return undefined;
  }
  if (typeof answered !== 'string')
    return `initialize answered protocolVersion ${show(answered)}, not a version string`;
  if (answered === offered) return undefined;
  const known = (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(answered);
  if (known && typeof offered === 'string' && answered < offered) return undefined;
  return `initialize answered protocolVersion ${show(answered)}; the runner offered ${show(offered)}${known ? '' : ', and it is no MCP revision a client can speak'}`;
}

// ── AGENTCLI-21 ────────────────────────────────────────────────────────────────────────────────────
function checkFrames(
  wire: NormalizedTranscript,
  frames: readonly TranscriptFrame[],
  out: VerdictCollector,
): void {
  for (const d of wire.defects) {
    const text = frameText(frames[d.frame]);
    if (d.kind === 'unknown-tag')
      add(out, 'AGENTCLI-21/unknown-tag', `frame ${d.frame + 1}: ${d.reason}`, d.frame + 1, text);
    else
      add(
        out,
        'AGENTCLI-21/malformed-frame',
        `frame ${d.frame + 1} from the agent: ${d.reason}`,
        d.frame + 1,
        text,
      );
  }
}

// ── turns ──────────────────────────────────────────────────────────────────────────────────────────
interface Turn {
  readonly index: number;
  readonly events: Loose[];
  /** The frame that opened it (transcripts). */
  readonly frame?: number;
  /** Sequential grouping (events without `turn`): a turn ends at each turn-end/error by construction. */
  readonly sequential: boolean;
}

function groupTurns(events: Loose[], wire: NormalizedTranscript | undefined): Turn[] {
  const numbered = events.length > 0 && events.every((e) => e.turn !== undefined);
  if (!numbered && !wire) {
    const turns: Turn[] = [];
    let current: Loose[] = [];
    for (const e of events) {
      current.push(e);
      if (e.type === 'turn-end' || e.type === 'error') {
        turns.push({ index: turns.length, events: current, sequential: true });
        current = [];
      }
    }
    if (current.length > 0) turns.push({ index: turns.length, events: current, sequential: true });
    return turns;
  }
  const byIndex = new Map<number, Loose[]>();
  for (const t of wire?.turns ?? []) byIndex.set(t.index, []);
  for (const e of events) {
    const list = byIndex.get(e.turn ?? 0) ?? [];
    list.push(e);
    byIndex.set(e.turn ?? 0, list);
  }
  const frameOf = new Map((wire?.turns ?? []).map((t) => [t.index, t.frame]));
  return [...byIndex.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([index, list]) => {
      const frame = frameOf.get(index);
      return { index, events: list, ...(frame !== undefined ? { frame } : {}), sequential: false };
    });
}

const lineOf = (e: Loose) => e.line;
const excerptOf = (e: Loose, frames: readonly TranscriptFrame[]) =>
  e.frame !== undefined && frames[e.frame] ? frameText(frames[e.frame]) : safeJson(e.raw);

// ── AGENTCLI-22 ────────────────────────────────────────────────────────────────────────────────────
/**
 * A turn ends at its turn-end; an error ends it when nothing of the turn follows (an error followed by
 * more events and a turn-end was an error *during* the turn, as the REPL reports a failed step). After a
 * turn-end, another turn-end or error is a double end, anything else an event after the end.
 */
function checkTurnEnds(
  turns: Turn[],
  out: VerdictCollector,
  frames: readonly TranscriptFrame[],
): void {
  for (const turn of turns) {
    let ended: 'turn-end' | 'error' | undefined;
    for (const e of turn.events) {
      if (ended === 'turn-end') {
        if (e.type === 'turn-end' || e.type === 'error')
          add(
            out,
            'AGENTCLI-22/double-end',
            `turn ${turn.index + 1} ends again (${e.type}) after its turn-end`,
            lineOf(e),
            excerptOf(e, frames),
          );
        else
          add(
            out,
            'AGENTCLI-22/event-after-end',
            `a ${e.type} event of turn ${turn.index + 1} after its turn-end`,
            lineOf(e),
            excerptOf(e, frames),
          );
        continue;
      }
      ended = e.type === 'turn-end' ? 'turn-end' : e.type === 'error' ? 'error' : undefined;
    }
    if (ended === undefined) {
      const last = turn.events.at(-1);
      const line = last ? lineOf(last) : turn.frame !== undefined ? turn.frame + 1 : undefined;
      const text = last
        ? excerptOf(last, frames)
        : turn.frame !== undefined
          ? frameText(frames[turn.frame])
          : undefined;
      add(
        out,
        'AGENTCLI-22/no-turn-end',
        `turn ${turn.index + 1} has no turn-end or error${last ? ` (its last event is a ${last.type})` : ' (and no event at all)'}`,
        line,
        text,
      );
    }
  }
}

/**
 * AGENTCLI-22/cancel-ignored — ACP (prompt-turn, Cancellation): after `session/cancel` the agent "MUST respond
 * to the original session/prompt request with the cancelled stop reason" (an error answer included: "Agents
 * MUST catch these errors"); the kit's REPL answers `cancel` with `done {"stopReason":"cancelled"}`. A cancel
 * belongs to the oldest turn of its session still open at its frame. An end that crossed the cancel on the wire
 * (sent before the agent read it) looks the same in a transcript; so by default a turn is judged only when
 * the agent sent more of it after the cancel and then did not end it as cancelled. Strict judges every one.
 */
function checkCancels(
  turns: Turn[],
  wire: NormalizedTranscript,
  protocol: unknown,
  out: VerdictCollector,
  frames: readonly TranscriptFrame[],
): void {
  if (protocol === 'mcp') return;
  const sessionOf = new Map(wire.turns.map((t) => [t.index, t.sessionId]));
  const ending = (turn: Turn) =>
    turn.events.find(
      (e) => e.type === 'turn-end' || (e.type === 'error' && protocol !== 'proprietary'),
    );
  const judged = new Set<number>();
  for (const cancel of wire.cancels) {
    const turn = turns.find((t) => {
      if (t.frame === undefined || t.frame > cancel.frame || judged.has(t.index)) return false;
      if (
        cancel.sessionId !== undefined &&
        sessionOf.get(t.index) !== undefined &&
        sessionOf.get(t.index) !== cancel.sessionId
      )
        return false;
      const end = ending(t);
      return end === undefined || (end.frame ?? -1) > cancel.frame;
    });
    if (!turn) continue;
    judged.add(turn.index);
    const end = ending(turn);
    if (!end || end.frame === undefined) continue;
    const stopReason =
      end.type === 'turn-end' ? (end.raw as { stopReason?: unknown }).stopReason : undefined;
    if (end.type === 'turn-end' && stopReason === 'cancelled') continue;
    const kept = turn.events.some(
      (e) => e !== end && e.frame !== undefined && e.frame > cancel.frame && e.frame < end.frame!,
    );
    if (!kept && !out.strict) continue;
    const how =
      end.type === 'error'
        ? 'with an error'
        : `with stopReason ${JSON.stringify(stopReason ?? null)}`;
    add(
      out,
      'AGENTCLI-22/cancel-ignored',
      `turn ${turn.index + 1} was cancelled (frame ${cancel.frame + 1})${kept ? ', the agent went on with it,' : ''} and it ended ${how}, not "cancelled"`,
      lineOf(end),
      excerptOf(end, frames),
    );
  }
}

// ── AGENTCLI-23 ────────────────────────────────────────────────────────────────────────────────────
/** Tool calls pending when a turn ends (turn-end, or the end of a turn's events) are unanswered; an error or a cancelled turn-end settles them. */
function checkToolCalls(
  turns: Turn[],
  out: VerdictCollector,
  frames: readonly TranscriptFrame[],
): void {
  const seen = new Map<string, Set<string>>(); // session → call ids
  const pendingByTurn = new Map<number, Map<string, Loose>>();
  for (const turn of turns) pendingByTurn.set(turn.index, new Map());
  for (const turn of turns) {
    const pending = pendingByTurn.get(turn.index)!;
    let ended = false;
    for (const e of turn.events) {
      const session = e.sessionId ?? '';
      const ids = seen.get(session) ?? new Set<string>();
      seen.set(session, ids);
      if (e.type === 'tool-call') {
        const id = e.id ?? '';
        if (ids.has(id))
          add(
            out,
            'AGENTCLI-23/duplicate-call-id',
            `tool-call id ${JSON.stringify(id.slice(0, 60))} is used twice in one session`,
            lineOf(e),
            excerptOf(e, frames),
          );
        ids.add(id);
        pending.set(id, e);
      } else if (e.type === 'tool-result') {
        const id = e.id ?? '';
        if (!ids.has(id))
          add(
            out,
            'AGENTCLI-23/orphan-result',
            `tool-result ${JSON.stringify(id.slice(0, 60))} answers no earlier tool-call`,
            lineOf(e),
            excerptOf(e, frames),
          );
        pending.delete(id);
        for (const other of pendingByTurn.values()) other.delete(id);
      } else if (e.type === 'error') {
        pending.clear();
      } else if (e.type === 'turn-end' && !ended) {
        ended = true;
        // A cancelled turn settles its calls: ACP has the client mark unfinished calls cancelled itself, and a
        // cancelled MCP call gets no answer at all.
        if ((e.raw as { stopReason?: unknown }).stopReason === 'cancelled') pending.clear();
        for (const [id, call] of pending)
          add(
            out,
            'AGENTCLI-23/unanswered-call',
            `tool-call ${JSON.stringify(id.slice(0, 60))} of turn ${turn.index + 1} has no tool-result when the turn ends`,
            lineOf(call),
            excerptOf(call, frames),
          );
        pending.clear();
      }
    }
    // A turn without an end is AGENTCLI-22's finding; its pending calls are not judged twice.
  }
}

// ── AGENTCLI-24 ────────────────────────────────────────────────────────────────────────────────────
/** streaming: false forbids a message in several text-delta chunks (one whole message per turn is the non-streaming form). */
function checkCapabilities(
  events: Loose[],
  turns: Turn[],
  wire: NormalizedTranscript | undefined,
  frames: readonly TranscriptFrame[],
  caps: NonNullable<AgentCliManifest['capabilities']>,
  out: VerdictCollector,
): void {
  if (caps.tool_calls === false) {
    for (const e of events.filter((x) => x.type === 'tool-call'))
      add(
        out,
        'AGENTCLI-24/tool-calls',
        'a tool-call from an agent that declares tool_calls: false',
        lineOf(e),
        excerptOf(e, frames),
      );
  }
  if (caps.streaming === false) {
    for (const turn of turns) {
      const deltas = turn.events.filter((e) => e.type === 'text-delta');
      if (deltas.length > 1)
        add(
          out,
          'AGENTCLI-24/streaming',
          `turn ${turn.index + 1} streams its message in ${deltas.length} text-delta chunks; the agent declares streaming: false`,
          lineOf(deltas[1]!),
          excerptOf(deltas[1]!, frames),
        );
    }
  }
  if (caps.bidirectional === false) {
    for (const e of events.filter((x) => x.type === 'agent-prompt'))
      add(
        out,
        'AGENTCLI-24/bidirectional',
        'an agent-prompt from an agent that declares bidirectional: false',
        lineOf(e),
        excerptOf(e, frames),
      );
  }
  if (caps.resumable !== true && wire) {
    for (const i of wire.loads)
      add(
        out,
        'AGENTCLI-24/resumable',
        'session/load with an agent that does not declare resumable: true',
        i + 1,
        frameText(frames[i]),
      );
  }
}

/**
 * AIP-45 §Capabilities: with protocol acp, the manifest's capabilities "MUST be a subset of the ACP capabilities"
 * the agent has. Two of them have an ACP counterpart in the initialize answer's agentCapabilities: resumable ↔
 * loadSession, multimodal ↔ promptCapabilities.image or .audio. The others (streaming, tool_calls, sub_agents,
 * file_io, bidirectional) have none and are not judged here.
 */
function checkAcpCapabilities(
  wire: NormalizedTranscript,
  frames: readonly TranscriptFrame[],
  caps: NonNullable<AgentCliManifest['capabilities']>,
  out: VerdictCollector,
): void {
  const i = wire.handshake.answerFrame;
  if (i === undefined) return; // no handshake: AGENTCLI-20's finding
  const frame = frames[i];
  const result =
    isObject(frame) && isObject(frame.message) && isObject(frame.message.result)
      ? frame.message.result
      : undefined;
  const agent = result && isObject(result.agentCapabilities) ? result.agentCapabilities : {};
  const prompt = isObject(agent.promptCapabilities) ? agent.promptCapabilities : {};
  const beyond: string[] = [];
  if (caps.resumable === true && agent.loadSession !== true)
    beyond.push('resumable (the agent does not offer loadSession)');
  if (caps.multimodal === true && prompt.image !== true && prompt.audio !== true)
    beyond.push('multimodal (promptCapabilities offers neither image nor audio)');
  if (beyond.length > 0)
    add(
      out,
      'AGENTCLI-24/beyond-acp-capabilities',
      `the manifest declares ${beyond.join(' and ')}: more than the agent's ACP initialize answer`,
      i + 1,
      frameText(frame),
    );
}

// ── AGENTCLI-25 ────────────────────────────────────────────────────────────────────────────────────
function strings(value: unknown, into: string[], depth = 0): string[] {
  if (depth > 32) return into;
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into, depth + 1);
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      strings(v, into, depth + 1);
    }
  return into;
}

function secretIn(
  texts: readonly string[],
  forms: readonly { form: string; how: string }[],
): string | undefined {
  for (const text of texts)
    for (const { form, how } of forms) if (form.length > 0 && text.includes(form)) return how;
  return undefined;
}

function checkSecrets(
  events: Loose[],
  frames: readonly TranscriptFrame[],
  secrets: readonly string[],
  out: VerdictCollector,
): void {
  const forms = secrets.flatMap((secret) => {
    return secretForms(secret).map((form) => ({
      form,
      how: form === secret ? 'raw' : form === encodeURIComponent(secret) ? 'URL-encoded' : 'base64',
    }));
  });
  const flagged = new Set<number>();
  frames.forEach((frame, i) => {
    if (!isObject(frame) || frame.direction !== 'from-agent') return;
    const texts = [
      ...(typeof frame.line === 'string' ? [frame.line] : []),
      ...(frame.message !== undefined ? strings(frame.message, []) : []),
    ];
    const how = secretIn(texts, forms);
    if (how) {
      flagged.add(i);
      add(
        out,
        'AGENTCLI-25/secret-echoed',
        `a secret appears (${how}) in frame ${i + 1} from the agent`,
        i + 1,
        frameText(frame),
      );
    }
  });
  for (const e of events) {
    if (e.frame !== undefined && flagged.has(e.frame)) continue;
    const how = secretIn(strings(e.raw, []), forms);
    if (how)
      add(
        out,
        'AGENTCLI-25/secret-echoed',
        `a secret appears (${how}) in a ${e.type} event`,
        lineOf(e),
        safeJson(e.raw),
      );
  }
}
