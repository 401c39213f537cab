import { checkTurns, type TurnReport } from '../checks/agentcli/turns.js';
import type { AgentTranscript } from '../spec/agentcli/transcript.js';
import type { MatcherResult, MatcherState } from './context.js';
import { formatFindings, hint, show } from './format.js';

/** Sub-rules of AGENTCLI-22 about how turns end (an unknown event type is toFollowTurnTaxonomy's business). */
const TURN_END_DEFECTS = new Set([
  'AGENTCLI-22/no-turn-end',
  'AGENTCLI-22/double-end',
  'AGENTCLI-22/event-after-end',
]);

/** A recorded transcript, or the events a runner emitted. */
export type TurnsReceived = AgentTranscript | readonly unknown[];

/** Check what a turn matcher received, or throw a usage error naming the matcher. */
export function turnReport(
  matcher: string,
  received: unknown,
  options: Parameters<typeof checkTurns>[1] = {},
): TurnReport {
  const isTranscript =
    received !== null &&
    typeof received === 'object' &&
    Array.isArray((received as { frames?: unknown }).frames);
  if (!Array.isArray(received) && !isTranscript) {
    throw new TypeError(
      `${matcher}() expects an AgentTranscript ({ protocol, frames }) or an array of turn events; received ${received === null ? 'null' : typeof received}`,
    );
  }
  return checkTurns(received as TurnsReceived, options);
}

/**
 * Every turn ends in exactly one turn-end or error, and nothing of the turn follows it (AGENTCLI-22).
 * `{ stopReason }` also demands that the last turn ended with a turn-end of that stop reason.
 *
 * @example expect(runnerEvents).toCompleteTurn({ stopReason: 'end_turn' })
 */
export function toCompleteTurn(
  this: MatcherState | void,
  received: unknown,
  options: { stopReason?: string } = {},
): MatcherResult {
  const report = turnReport('toCompleteTurn', received);
  const defects = report.findings.filter((f) => TURN_END_DEFECTS.has(f.id));
  const last = [...report.events]
    .reverse()
    .find((e) => e.type === 'turn-end' || e.type === 'error');
  const wanted = options.stopReason;
  const stopOk = wanted === undefined || (last?.type === 'turn-end' && last.stopReason === wanted);
  const pass = report.turns > 0 && defects.length === 0 && stopOk;
  const args = wanted === undefined ? '' : `{ stopReason: ${JSON.stringify(wanted)} }`;
  const head = `${hint(this || undefined, 'toCompleteTurn', args)}\n\n`;
  return {
    pass,
    message: () => {
      if (pass)
        return `${head}Expected a turn left without a proper end, but all ${report.turns} turn(s) end in exactly one turn-end or error${wanted !== undefined ? ` and the last one with stopReason ${JSON.stringify(wanted)}` : ''}.`;
      if (report.turns === 0)
        return `${head}Expected at least one turn, but there is none (no session/prompt, tools/call or say, and no event).`;
      if (defects.length > 0)
        return `${head}Expected every turn to end in exactly one turn-end or error, with nothing after it.\n\n${formatFindings(defects)}`;
      return `${head}Expected the last turn to end with stopReason ${JSON.stringify(wanted)}, but it ended with ${last ? show(last.type === 'turn-end' ? { type: last.type, stopReason: last.stopReason } : { type: last.type, message: last.message }) : 'nothing'}.`;
    },
    ...(wanted !== undefined && !stopOk
      ? { actual: last?.type === 'turn-end' ? last.stopReason : last?.type, expected: wanted }
      : {}),
  };
}
