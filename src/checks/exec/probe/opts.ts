import { answerTo, envelopes, inspectData, probeLabel, type ExecJudgement } from './types.js';

/**
 * EXEC-09 — `_opts`: a bare flag (`true`) acts (the plan's bare-flag line leaves the state as it was, judged
 * only when the mutating line's trace shows) and only on its own line (the mutating line after it still
 * changes the state as alone), and a valued one acts (its line answers other data than without it).
 */
export function judgeOpts({ recording, out }: ExecJudgement): void {
  const { runs } = recording;
  const plan = recording.plan!;
  if (plan.bareFlag && runs['opts-bare-inspect']) {
    const after = inspectData(runs['opts-bare-inspect']);
    if (after !== inspectData(runs.baseline))
      out.add(
        'EXEC-09/bare-flag',
        `${JSON.stringify(plan.bareFlag._opts)} did not act: the line changed the state`,
        { probe: probeLabel(recording, []), text: JSON.stringify(plan.bareFlag) },
      );
    // The mutating line after the bare flag's must change the state as it does alone (unless the flag did not act).
    const leaked = inspectData(runs['opts-leak-inspect']);
    const mutated = inspectData(runs['mutation-inspect']);
    if (
      runs['opts-leak-inspect'] &&
      after === inspectData(runs.baseline) &&
      mutated !== undefined &&
      leaked !== mutated
    )
      out.add(
        'EXEC-09/leaked',
        `${JSON.stringify(plan.bareFlag._opts)} of line 1 acted on line 2 too: ${JSON.stringify(plan.mutating)} after it did not change the state as it does alone`,
        { probe: probeLabel(recording, []), text: `${leaked ?? ''}` },
      );
  }
  if (plan.valuedFlag) {
    const v = plan.valuedFlag;
    const line = v.setup.length + 1;
    const withOpts = answerTo(envelopes(runs['opts-valued']!), line);
    const without = answerTo(envelopes(runs['opts-valued-without']!), line);
    if (withOpts && without && JSON.stringify(withOpts.data) === JSON.stringify(without.data)) {
      out.add(
        'EXEC-09/valued-flag',
        `${JSON.stringify(v.line._opts)} did not act: the line answered the same data as without it`,
        { probe: probeLabel(recording, []), text: JSON.stringify(v.line) },
      );
    }
  }
  if (!plan.bareFlag && !plan.valuedFlag) out.skip('EXEC-09', 'the plan has no _opts lines');
}
