import type { TurnCheckOptions } from '../checks/agentcli/turns.js';
import type { MatcherResult, MatcherState } from './context.js';
import { formatFindings, hint } from './format.js';
import { turnReport } from './to-complete-turn.js';

/**
 * The conversation follows AIP-45's turn rules, AGENTCLI-20…25: a transcript is judged on the wire
 * (handshake, frames) and on its normalised events; an array of events (what a runner emitted) on the
 * closed taxonomy — only the seven types — turn ends, tool calls, and, when given, the declared
 * `capabilities` and the `secrets` that must never appear.
 *
 * @example expect(transcript).toFollowTurnTaxonomy({ secrets: [canary], capabilities: manifest.capabilities })
 */
export function toFollowTurnTaxonomy(
  this: MatcherState | void,
  received: unknown,
  options: TurnCheckOptions = {},
): MatcherResult {
  const report = turnReport('toFollowTurnTaxonomy', received, options);
  const errors = report.findings.filter((f) => f.severity === 'error');
  const pass = report.ok;
  const head = `${hint(this || undefined, 'toFollowTurnTaxonomy', Object.keys(options).length > 0 ? 'options' : '')}\n\n`;
  const table = report.verdicts.map((v) => `${v.rule} ${v.status}`).join(' · ');
  return {
    pass,
    message: () =>
      pass
        ? `${head}Expected a breach of the AIP-45 turn rules, but ${report.events.length} event(s) in ${report.turns} turn(s) follow them.\n  ${table}`
        : `${head}Expected the conversation to follow the AIP-45 turn rules (AGENTCLI-20…25).\n  ${table}\n\n${formatFindings(
            errors,
            report.verdicts.filter((v) => v.status === 'fail'),
          )}`,
  };
}
