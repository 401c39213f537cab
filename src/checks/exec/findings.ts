import { getSubRule } from '../../spec/rules.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { makeVerdict, type RuleVerdict } from '../verdict.js';

const KEPT_PER_SUB_RULE = 10;

/**
 * Findings of one exec judgement: the first ten of each sub-rule kept, every one counted — across every run
 * `checkExec` judges, since they all add here.
 */
export class ExecFindings {
  readonly all: Finding[] = [];
  readonly counts = new Map<string, number>();
  /** The probe findings are attributed to when `add` names none (set by `checkExec` around each judged run). */
  probe: string | undefined;
  constructor(readonly strict = false) {}

  add(id: string, message: string, evidence: { line?: number; text?: string; probe?: string } = {}): void {
    const n = (this.counts.get(id) ?? 0) + 1;
    this.counts.set(id, n);
    if (n > KEPT_PER_SUB_RULE) return;
    const probe = evidence.probe ?? this.probe;
    this.all.push(
      makeFinding(
        id,
        message,
        {
          ...(evidence.line !== undefined ? { line: evidence.line } : {}),
          ...(evidence.text !== undefined ? { excerpt: toExcerpt(evidence.text) } : {}),
          ...(probe !== undefined ? { probe } : {}),
        },
        this.strict,
      ),
    );
  }

  /** The verdict of one rule: fail on an error-severity occurrence, else pass (or the given n/a or skip reason). */
  verdict(rule: string, notJudged?: { status: 'skip' | 'not_applicable'; reason: string }): RuleVerdict {
    let errors = 0;
    let warnings = 0;
    for (const [id, n] of this.counts) {
      if (!id.startsWith(`${rule}/`)) continue;
      const severity = this.strict ? 'error' : getSubRule(id).severity;
      if (severity === 'warning') warnings += n;
      else errors += n;
    }
    const findings = this.all.filter((f) => f.rule === rule);
    if (notJudged && errors + warnings === 0) return makeVerdict(rule, { ...notJudged, errors: 0, warnings: 0, findings: [] });
    return makeVerdict(rule, { status: errors > 0 ? 'fail' : 'pass', errors, warnings, findings });
  }
}
