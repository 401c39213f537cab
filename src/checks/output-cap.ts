import type { Report, RuleVerdict } from './verdict.js';
import { sanitise } from '../stream/sanitise.js';

/** A recorded run the kit cut at its output cap: the probe (its words) and the bytes read before the kill. */
export interface CappedProbe {
  readonly probe: string;
  readonly bytes: number;
}

/**
 * The cmdhelp, exec and app judges read a run's output as complete. When the kit cut one at the output cap
 * (`--max-output-bytes`), which rules lean on that run is the judges' business, not the record's: so every rule
 * that would pass is a skip saying why (a pass on cut output would be a guess), and a failure keeps its status
 * with a note (it may rest on the cut). Rules judged from no run at all (`readsRuns`) are left as they are. The AOI lint has its own finding for this (AOI-11/output-cap-exceeded).
 */
export function judgedOnCutOutput<R extends Report>(report: R, capped: readonly CappedProbe[], readsRuns: (rule: string) => boolean = () => true): R {
  if (capped.length === 0) return report;
  const shown = capped.slice(0, 3).map((c) => `\`${c.probe}\` (${c.bytes} bytes)`).join(', ') + (capped.length > 3 ? ` and ${capped.length - 3} more` : '');
  const why = sanitise(`the kit stopped reading at the output cap (--max-output-bytes) and killed ${shown}, so this rule was not judged on complete output`);
  const verdicts: RuleVerdict[] = report.verdicts.map((v) =>
    !readsRuns(v.rule) ? v : v.status === 'pass' ? { ...v, status: 'skip', reason: why } : v.status === 'fail' ? { ...v, notes: [...(v.notes ?? []), why] } : v,
  );
  return { ...report, verdicts };
}
