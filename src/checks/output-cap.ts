import { verdictsOk, type Report, type RuleVerdict } from './verdict.js';
import { sanitise } from '../stream/sanitise.js';

/** A recorded run the kit cut at its output cap: the probe (its words) and the bytes read before the kill. */
export interface CappedProbe {
  readonly probe: string;
  readonly bytes: number;
}

/**
 * The cmdhelp, exec and app judges read a run's output as complete. When the kit cut one at the output cap
 * (`--max-output-bytes`), the output is partial and the kill is the kit's, and which rules lean on that run is
 * the judges' business, not the record's: so every rule judged from runs is a skip saying why. A pass would be a
 * guess, and a failure may only be the cut (a killed batch "exited by a signal", envelopes "missing"); one is
 * named in the reason. As AOI-11/output-cap-exceeded, this is never a failure of the tool. Rules judged from no
 * run at all (`readsRuns`) keep their verdict.
 */
export function judgedOnCutOutput<R extends Report>(
  report: R,
  capped: readonly CappedProbe[],
  readsRuns: (rule: string) => boolean = () => true,
): R {
  if (capped.length === 0) return report;
  const shown =
    capped
      .slice(0, 3)
      .map((c) => `\`${c.probe}\` (${c.bytes} bytes)`)
      .join(', ') + (capped.length > 3 ? ` and ${capped.length - 3} more` : '');
  const why = `the kit stopped reading at the output cap (--max-output-bytes) and killed ${shown}, so this rule was not judged on complete output`;
  const cut = (v: RuleVerdict): RuleVerdict => {
    if (!readsRuns(v.rule) || (v.status !== 'pass' && v.status !== 'fail')) return v;
    const failed =
      v.status === 'fail'
        ? `; on the cut output it would have failed (${v.findings[0]?.id ?? v.rule})`
        : '';
    return {
      ...v,
      status: 'skip',
      reason: sanitise(why + failed),
      errors: 0,
      warnings: 0,
      findings: [],
    };
  };
  const verdicts = report.verdicts.map(cut);
  const ok = verdictsOk(verdicts);
  return {
    ...report,
    verdicts,
    findings: verdicts.flatMap((v) => v.findings),
    ok,
    ...('valid' in report ? { valid: ok } : {}),
  };
}
