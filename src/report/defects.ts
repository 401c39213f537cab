import type { Finding } from '../stream/finding.js';

const where = (finding: Finding) => `${finding.line ?? ''}\u0000${finding.probe ?? ''}`;

/**
 * Text output shows one finding per defect (§18.1: the verdicts of every rule it breaks carry it). A finding
 * that repeats another's defect (`sameDefectAs`, on the same line of the same probe) is left out when that
 * finding is among `all`; the one shown names the other rules. JSONL keeps every finding.
 */
export function oneFindingPerDefect(
  findings: readonly Finding[],
  all: readonly Finding[],
): { finding: Finding; alsoRules: string[] }[] {
  const shownElsewhere = (f: Finding) =>
    f.sameDefectAs !== undefined &&
    all.some((other) => other.id === f.sameDefectAs && where(other) === where(f));
  return findings
    .filter((f) => !shownElsewhere(f))
    .map((finding) => ({
      finding,
      alsoRules: [
        ...new Set(
          all
            .filter((other) => other.sameDefectAs === finding.id && where(other) === where(finding))
            .map((other) => other.rule),
        ),
      ],
    }));
}

/** ` (also fails AOI-04)`, or nothing. */
export const alsoFails = (rules: readonly string[]) =>
  rules.length > 0 ? ` (also fails ${rules.join(', ')})` : '';

/** For a verdict whose every finding is shown under another rule: the line that says where. */
export function shownUnder(findings: readonly Finding[]): string | undefined {
  const others = [...new Set(findings.map((f) => f.sameDefectAs).filter((id) => id !== undefined))];
  return others.length > 0 ? `the same defect as ${others.join(', ')} (shown there)` : undefined;
}
