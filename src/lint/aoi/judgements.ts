import type { StreamReport } from '../../checks/aoi/stream.js';
import type { Report } from '../../checks/aoi/probe/types.js';
import { makeVerdict, type RuleVerdict } from '../../checks/verdict.js';
import { maskSecrets } from '../../checks/secrets.js';
import { makeFinding, type Finding } from '../../stream/finding.js';

interface Cell {
  readonly findings: Finding[];
  errors: number;
  warnings: number;
  exercised: boolean;
  skip?: string;
  notApplicable?: string;
}

/**
 * The linter's ledger: findings and outcomes per (rule × command), turned into verdicts at the end.
 * A rule is `fail` with an error finding, `pass` when a probe exercised it, `skip` when it applies but
 * could not be exercised, and `not_applicable` when the command is not of its kind.
 */
export class Judgements {
  private readonly cells = new Map<string, Cell>();
  private readonly kept = new Map<string, number>();

  constructor(
    private readonly secrets: readonly string[],
    private readonly strict: boolean,
    private readonly maxPerSubRule = 5,
  ) {}

  private cell(rule: string, command: string): Cell {
    const key = `${rule}\u0000${command}`;
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { findings: [], errors: 0, warnings: 0, exercised: false };
      this.cells.set(key, cell);
    }
    return cell;
  }

  /** A reporter for one probe of one command: findings carry the probe's (masked) command line. */
  reporter(command: string, probe: string): Report {
    return (id, message, evidence = {}) => this.add(command, makeFinding(id, maskSecrets(message, this.secrets), { ...evidence, probe: maskSecrets(probe, this.secrets) }, this.strict));
  }

  /** Every finding of a stream the checker judged, and the rules it judged. */
  addStream(command: string, report: StreamReport, probe: string, rules?: readonly string[]): void {
    for (const verdict of report.verdicts) {
      if (rules && !rules.includes(verdict.rule)) continue;
      if (verdict.status === 'not_applicable') this.notApplicable(verdict.rule, command, verdict.reason ?? 'nothing to judge');
      else this.exercised(verdict.rule, command);
      for (const finding of verdict.findings) this.add(command, { ...finding, probe: maskSecrets(probe, this.secrets) });
    }
  }

  private add(command: string, finding: Finding): void {
    const cell = this.cell(finding.rule, command);
    cell.exercised = true;
    if (finding.severity === 'error') cell.errors++;
    else cell.warnings++;
    const key = `${finding.id}\u0000${command}`;
    const seen = this.kept.get(key) ?? 0;
    this.kept.set(key, seen + 1);
    if (seen < this.maxPerSubRule) cell.findings.push(finding);
  }

  exercised(rule: string, command: string): void {
    this.cell(rule, command).exercised = true;
  }

  /** The rule applies to the command but no probe could exercise it (the first reason is kept). */
  skip(rule: string, command: string, reason: string): void {
    this.cell(rule, command).skip ??= reason;
  }

  notApplicable(rule: string, command: string, reason: string): void {
    this.cell(rule, command).notApplicable ??= reason;
  }

  verdict(rule: string, command: string): RuleVerdict {
    const cell = this.cell(rule, command);
    const counts = { errors: cell.errors, warnings: cell.warnings, findings: cell.findings, command };
    if (cell.errors > 0) return makeVerdict(rule, { status: 'fail', ...counts });
    if (cell.exercised) return makeVerdict(rule, { status: 'pass', ...counts });
    if (cell.skip) return makeVerdict(rule, { status: 'skip', reason: cell.skip, ...counts });
    return makeVerdict(rule, { status: 'not_applicable', reason: cell.notApplicable ?? 'no probe of this command concerns the rule', ...counts });
  }
}
