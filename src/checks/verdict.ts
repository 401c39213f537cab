import { maskSecrets } from '../secrets/mask.js';
import { getRule } from '../spec/rules.js';
import type { Characteristic } from '../spec/types.js';
import { makeFinding, toExcerpt, type Finding } from '../stream/finding.js';
import { sanitise } from '../stream/sanitise.js';

export type VerdictStatus = 'pass' | 'fail' | 'skip' | 'not_applicable';

/** The judgement of one rule (for one command, where the linter knows it). */
export interface RuleVerdict {
  readonly rule: string;
  readonly title: string;
  readonly characteristics: readonly Characteristic[];
  /** The command judged, when known (the linter judges per command; a recorded stream has none). */
  readonly command?: string;
  readonly status: VerdictStatus;
  /** Why the rule was skipped or not applicable. */
  readonly reason?: string;
  /** What the judge adds beside the status, e.g. which invocations a signal reached while they ran. */
  readonly notes?: readonly string[];
  /** Occurrences, including those not kept as findings. */
  readonly errors: number;
  readonly warnings: number;
  /** The first findings of each sub-rule, with evidence. */
  readonly findings: readonly Finding[];
  readonly docs: string;
  /**
   * Wall time of the probe runs that judged it, in ms, where the linter knows it (JUnit's testcase `time`): a run
   * several rows read counts in full in each (lint/aoi/timing.ts); a spec that judges all its rules from one recording
   * gives each the whole recording's time. Absent where nothing is timed (a file checked).
   */
  readonly durationMs?: number;
}

/**
 * What every judgement of every spec answers: `ok` when no rule failed, a verdict per rule (per command
 * where the judge knows commands) and the kept findings. Reports add their own facts beside these three.
 */
export interface Report {
  /** No rule failed. Warnings fail a rule only under `strict`. */
  readonly ok: boolean;
  readonly verdicts: readonly RuleVerdict[];
  readonly findings: readonly Finding[];
}

export function makeVerdict(
  ruleId: string,
  parts: Omit<RuleVerdict, 'rule' | 'title' | 'characteristics' | 'docs'>,
): RuleVerdict {
  const rule = getRule(ruleId);
  // A skip reason may quote the program ("capabilities … ended with …"): made safe to print, as findings are.
  return {
    rule: rule.id,
    title: rule.title,
    characteristics: rule.characteristics,
    docs: rule.docs,
    ...parts,
    ...(parts.reason !== undefined ? { reason: sanitise(parts.reason) } : {}),
    ...(parts.notes !== undefined ? { notes: parts.notes.map(sanitise) } : {}),
  };
}

/**
 * A verdict with the wall time of the work that judged it, in ms (RuleVerdict.durationMs): a scenario's run, the
 * reading of a file. A skipped or not-applicable verdict judged nothing: 0.
 */
export const timedVerdict = (verdict: RuleVerdict, ms: number): RuleVerdict => ({
  ...verdict,
  durationMs: verdict.status === 'pass' || verdict.status === 'fail' ? ms : 0,
});

/** A report judged whole by one piece of work that took `ms` (a file read, two contracts compared): each verdict timed by it. */
export const timedReport = <R extends Report>(report: R, ms: number): R => ({
  ...report,
  verdicts: report.verdicts.map((v) => timedVerdict(v, ms)),
});

/** `ok` of any set of verdicts: none failed. */
export const verdictsOk = (verdicts: readonly RuleVerdict[]): boolean =>
  verdicts.every((v) => v.status !== 'fail');

export interface CollectorOptions {
  /**
   * Warnings count as errors. This is the one meaning of `strict` in the kit: every finding is made with
   * severity `error` (so the finding says what failed the rule), for every spec.
   */
  readonly strict?: boolean;
  /** Values masked, in every encoding the masker knows, in messages, excerpts and probes (canaries). */
  readonly secrets?: readonly string[];
  /** Findings kept per sub-rule (per command); every occurrence is counted all the same. Default 10. */
  readonly keepPerSubRule?: number;
  /**
   * The status of a rule nothing was recorded for. `pass` (the default) where the judge looks at every
   * rule each time it runs (a document, a stream); a `not_applicable` reason where a rule is judged only
   * when some probe concerned it (the process linter).
   */
  readonly unrecorded?: 'pass' | { readonly notApplicable: string };
  /** Told of each row something is recorded for (a finding, exercised, a note, a skip or not-applicable reason). */
  readonly onRecord?: (rule: string, command: string | undefined) => void;
}

/** Evidence as judges give it: `text` is raw output of the program (made an excerpt here), `excerpt` one already made. */
export interface CollectedEvidence {
  readonly line?: number;
  readonly endLine?: number;
  readonly text?: string;
  readonly excerpt?: string;
  readonly probe?: string;
  /** The sub-rule that reports the same defect (see Finding.sameDefectAs). */
  readonly sameDefectAs?: string;
}

interface Cell {
  readonly findings: Finding[];
  errors: number;
  warnings: number;
  exercised: boolean;
  notes?: string[];
  skip?: string;
  notApplicable?: string;
}

/**
 * The one verdict collector of the kit: judges report findings and outcomes per (rule × command) here, and
 * it turns them into verdicts and a `Report`. Nothing else builds a verdict.
 *
 * A rule is `fail` with an error finding; `pass` when it was exercised (a finding of any severity, or
 * `exercised`) or when nothing at all was recorded and `unrecorded` is `pass`; otherwise `skip` when it
 * applies but could not be judged (its prerequisite failed), else `not_applicable`, each with the first
 * reason given.
 */
export class VerdictCollector {
  private readonly cells = new Map<string, Cell>();
  private readonly kept = new Map<string, number>();
  private readonly order: Finding[] = [];
  readonly strict: boolean;
  readonly secrets: readonly string[];
  private readonly keepPerSubRule: number;
  private readonly unrecorded: CollectorOptions['unrecorded'];
  private readonly onRecord: CollectorOptions['onRecord'];

  constructor(options: CollectorOptions = {}) {
    this.strict = options.strict === true;
    this.secrets = options.secrets ?? [];
    this.keepPerSubRule = options.keepPerSubRule ?? 10;
    this.unrecorded = options.unrecorded ?? 'pass';
    this.onRecord = options.onRecord;
  }

  /** The row's cell, to record something in it. */
  private cell(rule: string, command?: string): Cell {
    this.onRecord?.(rule, command);
    return this.row(rule, command);
  }

  private row(rule: string, command = ''): Cell {
    const key = `${rule}\u0000${command}`;
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { findings: [], errors: 0, warnings: 0, exercised: false };
      this.cells.set(key, cell);
    }
    return cell;
  }

  /** Mask what came from the program under test (or names a canary) before it is kept. */
  mask(text: string): string {
    return maskSecrets(text, this.secrets);
  }

  /** Report one occurrence of a registered sub-rule; severity, fix and docs come from the registry. */
  add(
    subRuleId: string,
    message: string,
    evidence: CollectedEvidence = {},
    command?: string,
  ): void {
    const excerpt =
      evidence.excerpt ??
      (evidence.text !== undefined ? toExcerpt(evidence.text, this.secrets) : undefined);
    this.addFinding(
      makeFinding(
        subRuleId,
        this.mask(message),
        {
          ...(evidence.line !== undefined ? { line: evidence.line } : {}),
          ...(evidence.endLine !== undefined ? { endLine: evidence.endLine } : {}),
          ...(excerpt !== undefined ? { excerpt } : {}),
          ...(evidence.probe !== undefined ? { probe: this.mask(evidence.probe) } : {}),
          ...(evidence.sameDefectAs !== undefined ? { sameDefectAs: evidence.sameDefectAs } : {}),
        },
        this.strict,
      ),
      command,
    );
  }

  /** Keep a finding made elsewhere (a validator's, the stream checker's), under this collector's `strict`. */
  addFinding(finding: Finding, command?: string): void {
    const safe = sanitised(finding);
    const kept =
      this.strict && safe.severity !== 'error' ? { ...safe, severity: 'error' as const } : safe;
    const cell = this.cell(kept.rule, command);
    cell.exercised = true;
    if (kept.severity === 'error') cell.errors++;
    else cell.warnings++;
    const key = `${kept.id}\u0000${command ?? ''}`;
    const seen = this.kept.get(key) ?? 0;
    this.kept.set(key, seen + 1);
    if (seen < this.keepPerSubRule) {
      cell.findings.push(kept);
      this.order.push(kept);
    }
  }

  /** A probe judged the rule (whether or not it found anything). */
  exercised(rule: string, command?: string): void {
    this.cell(rule, command).exercised = true;
  }

  /** A remark kept on the verdict whatever its status (masked like findings). */
  note(rule: string, text: string, command?: string): void {
    (this.cell(rule, command).notes ??= []).push(this.mask(text));
  }

  /** The rule applies but could not be judged: its prerequisite failed (the first reason is kept). */
  skip(rule: string, reason: string, command?: string): void {
    this.cell(rule, command).skip ??= reason;
  }

  /** The rule does not concern what was judged (the first reason is kept). */
  notApplicable(rule: string, reason: string, command?: string): void {
    this.cell(rule, command).notApplicable ??= reason;
  }

  /** Occurrences of one sub-rule so far (kept or not). */
  count(subRuleId: string, command?: string): number {
    return this.kept.get(`${subRuleId}\u0000${command ?? ''}`) ?? 0;
  }

  verdict(rule: string, command?: string): RuleVerdict {
    const cell = this.row(rule, command);
    const counts = {
      errors: cell.errors,
      warnings: cell.warnings,
      findings: cell.findings,
      ...(command !== undefined ? { command } : {}),
      ...(cell.notes ? { notes: [...cell.notes].sort() } : {}),
    };
    if (cell.errors > 0) return makeVerdict(rule, { status: 'fail', ...counts });
    if (cell.exercised) return makeVerdict(rule, { status: 'pass', ...counts });
    if (cell.skip !== undefined)
      return makeVerdict(rule, { status: 'skip', reason: cell.skip, ...counts });
    if (cell.notApplicable !== undefined)
      return makeVerdict(rule, { status: 'not_applicable', reason: cell.notApplicable, ...counts });
    if (this.unrecorded === 'pass') return makeVerdict(rule, { status: 'pass', ...counts });
    return makeVerdict(rule, {
      status: 'not_applicable',
      reason: this.unrecorded!.notApplicable,
      ...counts,
    });
  }

  /** Every kept finding, in the order reported. */
  get findings(): readonly Finding[] {
    return this.order;
  }

  /** The report over these rules (and commands, for per-command judges), in the order given. */
  report(rules: readonly string[], commands?: readonly string[]): Report {
    const verdicts = commands
      ? commands.flatMap((command) => rules.map((rule) => this.verdict(rule, command)))
      : rules.map((rule) => this.verdict(rule));
    return { ok: verdictsOk(verdicts), verdicts, findings: this.order };
  }
}

/** A finding made by makeFinding is already sanitised; one rebuilt since (`{ ...finding, probe }`) may not be. */
function sanitised(finding: Finding): Finding {
  const message = sanitise(finding.message);
  const excerpt = finding.excerpt === undefined ? undefined : sanitise(finding.excerpt);
  const probe = finding.probe === undefined ? undefined : sanitise(finding.probe);
  if (message === finding.message && excerpt === finding.excerpt && probe === finding.probe)
    return finding;
  return {
    ...finding,
    message,
    ...(excerpt !== undefined ? { excerpt } : {}),
    ...(probe !== undefined ? { probe } : {}),
  };
}

/** Every rule skipped for one reason: a spec whose prerequisite failed, so that none of its rules could be judged. */
export function skippedVerdicts(rules: readonly string[], reason: string): RuleVerdict[] {
  const collector = new VerdictCollector();
  for (const rule of rules) collector.skip(rule, reason);
  return [...collector.report(rules).verdicts];
}
