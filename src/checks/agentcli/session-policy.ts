import type { AgentCliManifest, ContinuationStrategy } from '../../spec/agentcli/manifest.js';
import type { LifecycleRecord } from '../../spec/agentcli/transcript.js';
import { makeFinding, toExcerpt } from '../../stream/finding.js';
import { VerdictCollector, type Report } from '../verdict.js';
import type { Finding } from '../../stream/finding.js';

/** AIP-45 §Session model: `idle_timeout_ms` when the manifest does not give one. */
export const DEFAULT_IDLE_TIMEOUT_MS = 600_000;
/**
 * How long past idle_timeout_ms a session may still be open before it counts as never ended: a runner's timer
 * fires late on a loaded machine (seconds at load 15), never early.
 */
export const IDLE_MARGIN_MS = 10_000;
/** An end this much before the timeout is still on time: two processes' clocks round to the millisecond. */
const EARLY_TOLERANCE_MS = 20;

/** One turn as the host asked for it: the conversation it belongs to and its message. */
export interface HostTurn {
  readonly conversation: string;
  readonly text: string;
}

export interface SessionPolicyInput {
  /** The continuation strategy the runner was asked to use: AGENTCLI-27 is judged with it and `turns`. */
  continuation?: ContinuationStrategy;
  /** The host's turns, in the order it sent them. */
  turns?: readonly HostTurn[];
  /** The manifest's `session.max_turns`: AGENTCLI-28/max-turns-exceeded is judged when given. */
  maxTurns?: number;
  /**
   * The host left the agent's last session idle (never closed it) and judges now: AGENTCLI-28's idle sub-rules.
   * `idleTimeoutMs` is the timeout the runner had to keep (`idleTimeoutOf`); `judgedAt` is on the records'
   * clock (`Date.now()` for a live log); `marginMs` defaults to IDLE_MARGIN_MS.
   */
  idle?: { idleTimeoutMs: number; judgedAt: number; marginMs?: number };
}

export interface SessionPolicyReport extends Report {
  ok: boolean;
  findings: Finding[];
}

/**
 * The idle timeout a runner keeps for a manifest: `continuation.pinned_session.idle_timeout_ms` when it pins
 * children (pinned-session is the default or the choice), else `session.idle_timeout_ms`, else the spec's
 * default of 10 minutes.
 */
export function idleTimeoutOf(
  manifest: Pick<AgentCliManifest, 'session' | 'continuation'>,
  strategy?: string,
): number {
  const pinned =
    (strategy ?? manifest.continuation?.default) === 'pinned-session'
      ? manifest.continuation?.pinned_session?.idle_timeout_ms
      : undefined;
  return pinned ?? manifest.session?.idle_timeout_ms ?? DEFAULT_IDLE_TIMEOUT_MS;
}

const RULES = ['AGENTCLI-27', 'AGENTCLI-28'];
const isRecord = (r: unknown): r is LifecycleRecord =>
  r !== null &&
  typeof r === 'object' &&
  typeof (r as LifecycleRecord).event === 'string' &&
  typeof (r as LifecycleRecord).pid === 'number';
const short = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);

/**
 * AGENTCLI-27 and 28 on what a runner sent to the kit's fake agents, from their lifecycle log (`prompt`,
 * `prompt-end`, `session-open`/`-close`, `signal`, `exit`; one log may hold several agent processes):
 * - 27/pinned-not-kept: with pinned-session, a turn of a conversation reached another pid or session than the
 *   conversation's first turn; 27/pinned-shared: two conversations reached one pid (key_scope: conversation);
 * - 27/transcript-missing: with transcript, a turn's prompt lacks the conversation's previous message before
 *   its own (the host supplies the turns; at least the last one must be there);
 * - 28/max-turns-exceeded: more `prompt` records in one session of one pid than maxTurns;
 * - 28/idle-not-ended, idle-ended-early: after the last `prompt-end`, the session ended (session-close, a
 *   signal or the exit) later than timeout + margin (or not at all by `judgedAt`), or sooner than the timeout.
 * A host turn is matched to the prompt that ends with its text (a preamble comes before it). Never throws.
 */
export function checkSessionPolicy(
  records: readonly LifecycleRecord[],
  input: SessionPolicyInput = {},
): SessionPolicyReport {
  const list = (Array.isArray(records) ? records : []).filter(isRecord);
  const out = new VerdictCollector({ keepPerSubRule: Infinity });
  const at = (r: LifecycleRecord) => ({
    line: list.indexOf(r) + 1,
    excerpt: toExcerpt(JSON.stringify(r)),
  });
  const add = (id: string, message: string, r: LifecycleRecord) =>
    out.addFinding(makeFinding(id, message, at(r)));
  const prompts = list.filter((r) => r.event === 'prompt' && typeof r.text === 'string');
  if (!list.some((r) => r.event === 'start')) {
    for (const rule of RULES)
      out.notApplicable(rule, 'no start record: the agent never ran with the lifecycle log');
    return report(out);
  }

  // ── AGENTCLI-27 ──
  const turns = (input.turns ?? []).filter(
    (t) => t !== null && typeof t === 'object' && typeof t.text === 'string' && t.text.length > 0,
  );
  const strategy = input.continuation;
  if (strategy === undefined || turns.length === 0)
    out.notApplicable('AGENTCLI-27', 'no continuation strategy and host turns given');
  else if (strategy !== 'pinned-session' && strategy !== 'transcript')
    out.notApplicable(
      'AGENTCLI-27',
      `the ${strategy} strategy is not judged here (native-resume: AGENTCLI-24/resumable and the runner's resume)`,
    );
  else {
    // Each host turn to the first unused prompt that ends with its message.
    const used = new Set<LifecycleRecord>();
    const matched = turns.map((turn) => {
      const prompt = prompts.find(
        (p) => !used.has(p) && p.text!.trimEnd().endsWith(turn.text.trimEnd()),
      );
      if (prompt) used.add(prompt);
      return { turn, prompt };
    });
    if (!matched.some((m) => m.prompt !== undefined))
      out.skip(
        'AGENTCLI-27',
        'none of the host turns reached the agent (no prompt record ends with its message)',
      );
    const byConversation = new Map<string, typeof matched>();
    for (const m of matched)
      byConversation.set(m.turn.conversation, [
        ...(byConversation.get(m.turn.conversation) ?? []),
        m,
      ]);
    if (strategy === 'pinned-session') {
      const owner = new Map<number, string>();
      for (const [conversation, list] of byConversation) {
        const delivered = list.filter((m) => m.prompt !== undefined);
        const first = delivered[0]?.prompt;
        for (const m of delivered.slice(1)) {
          const p = m.prompt!;
          if (p.pid !== first!.pid || p.sessionId !== first!.sessionId) {
            add(
              'AGENTCLI-27/pinned-not-kept',
              `turn ${short(m.turn.text)} of conversation ${short(conversation)} reached ${p.pid !== first!.pid ? `another agent process (pid ${p.pid}, not ${first!.pid})` : `another session (${short(String(p.sessionId))}, not ${short(String(first!.sessionId))})`}: its earlier context is lost`,
              p,
            );
          }
        }
        for (const m of delivered) {
          const other = owner.get(m.prompt!.pid);
          if (other !== undefined && other !== conversation)
            add(
              'AGENTCLI-27/pinned-shared',
              `conversations ${short(other)} and ${short(conversation)} both reached agent process ${m.prompt!.pid}`,
              m.prompt!,
            );
          else owner.set(m.prompt!.pid, conversation);
        }
      }
    } else {
      for (const [conversation, list] of byConversation) {
        list.forEach((m, i) => {
          if (i === 0 || m.prompt === undefined) return;
          const previous = list[i - 1]!.turn.text;
          const text = m.prompt.text!;
          const before = text.slice(0, text.lastIndexOf(m.turn.text.trimEnd()));
          if (!before.includes(previous))
            add(
              'AGENTCLI-27/transcript-missing',
              `turn ${i + 1} of conversation ${short(conversation)} reached the agent without the previous turn (${short(previous)}) before its message`,
              m.prompt,
            );
        });
      }
    }
  }

  // ── AGENTCLI-28 ──
  const judged: string[] = [];
  if (
    typeof input.maxTurns === 'number' &&
    Number.isInteger(input.maxTurns) &&
    input.maxTurns >= 1
  ) {
    judged.push('max_turns');
    const counts = new Map<string, number>();
    for (const p of prompts) {
      const key = `${p.pid} ${p.sessionId ?? ''}`;
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      if (n === input.maxTurns + 1)
        add(
          'AGENTCLI-28/max-turns-exceeded',
          `prompt ${n} reached ${p.sessionId !== undefined ? `session ${short(String(p.sessionId))} (pid ${p.pid})` : `the agent (pid ${p.pid})`}; session.max_turns is ${input.maxTurns}`,
          p,
        );
    }
  }
  const idle = input.idle;
  if (idle && typeof idle.idleTimeoutMs === 'number' && typeof idle.judgedAt === 'number') {
    const lastEnd = [...list].reverse().find((r) => r.event === 'prompt-end');
    if (lastEnd) {
      const after = list.slice(list.indexOf(lastEnd) + 1).filter((r) => r.pid === lastEnd.pid);
      // What came after the judgement (a recording's own tear-down) is not what the runner had done by then.
      const end = after.find(
        (r) =>
          r.at <= idle.judgedAt &&
          ((r.event === 'session-close' && r.sessionId === lastEnd.sessionId) ||
            r.event === 'signal' ||
            r.event === 'exit'),
      );
      const margin = idle.marginMs ?? IDLE_MARGIN_MS;
      // Still open but not yet past timeout + margin: too soon to tell, so idle_timeout_ms is not judged.
      if (end || idle.judgedAt - lastEnd.at > idle.idleTimeoutMs + margin)
        judged.push('idle_timeout_ms');
      if (end && end.at - lastEnd.at < idle.idleTimeoutMs - EARLY_TOLERANCE_MS) {
        add(
          'AGENTCLI-28/idle-ended-early',
          `the idle session ended (${end.event}) ${end.at - lastEnd.at} ms after its last turn; idle_timeout_ms is ${idle.idleTimeoutMs}`,
          end,
        );
      } else if (
        end
          ? end.at - lastEnd.at > idle.idleTimeoutMs + margin
          : idle.judgedAt - lastEnd.at > idle.idleTimeoutMs + margin
      ) {
        const how = end
          ? `ended only ${end.at - lastEnd.at} ms after its last turn`
          : `is still open ${idle.judgedAt - lastEnd.at} ms after its last turn`;
        add(
          'AGENTCLI-28/idle-not-ended',
          `the idle session ${short(String(lastEnd.sessionId))} ${how}; idle_timeout_ms is ${idle.idleTimeoutMs} (judged with ${margin} ms of margin)`,
          lastEnd,
        );
      }
    }
  }
  if (judged.length === 0) {
    if (idle && list.some((r) => r.event === 'prompt-end'))
      out.skip(
        'AGENTCLI-28',
        `judged too soon: the idle session is open, but idle_timeout_ms + ${idle.marginMs ?? IDLE_MARGIN_MS} ms have not passed since its last turn`,
      );
    else out.notApplicable('AGENTCLI-28', 'no max_turns given and no idle session to judge');
  }
  return report(out);
}

function report(out: VerdictCollector): SessionPolicyReport {
  const { ok, verdicts, findings } = out.report(RULES);
  return { ok, findings: [...findings], verdicts: [...verdicts] };
}
