/** The capability line `cmdhelp/<MAJOR>.<MINOR>: <formats>` (cmdhelp v0.1 §8, §9). Pure. */
import { MANDATORY_FORMATS } from '../../spec/cmdhelp/constants.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';

export interface CapabilityLine {
  /** No finding of severity error. */
  readonly ok: boolean;
  /** `0.1`, when the line has the shape. */
  readonly version?: string;
  readonly major?: number;
  readonly minor?: number;
  /** The listed formats, trimmed, in their order. */
  readonly formats: readonly string[];
  readonly findings: readonly Finding[];
}

/**
 * Parse and judge a capability line (CMDHELP-01/syntax, /patch-version, /missing-format). Accepts the probe's
 * whole stdout: one trailing newline is allowed; more lines are CMDHELP-01/not-single-line's business, judged
 * by the live checker, so only the first line is parsed here.
 *
 * @example parseCapabilityLine('cmdhelp/0.1: text, md, json, llm\n').formats // ['text','md','json','llm']
 */
export function parseCapabilityLine(text: string): CapabilityLine {
  const line = text.replace(/\r?\n$/, '').split(/\r?\n/, 1)[0] ?? '';
  const excerpt = toExcerpt(line);
  const findings: Finding[] = [];
  const patch = /^cmdhelp\/(\d+)\.(\d+)\.\d+(?:[-+.][\w.-]*)?: *(.*)$/.exec(line);
  if (patch) {
    findings.push(
      makeFinding(
        'CMDHELP-01/patch-version',
        `The capability line advertises a PATCH version; the wire version is MAJOR.MINOR (cmdhelp/${patch[1]}.${patch[2]}).`,
        { line: 1, excerpt },
      ),
    );
    return finishLine(findings, patch[1]!, patch[2]!, patch[3]!, excerpt);
  }
  const match = /^cmdhelp\/(\d+)\.(\d+): *(.*)$/.exec(line);
  if (!match) {
    findings.push(
      makeFinding(
        'CMDHELP-01/syntax',
        'The capability line is not `cmdhelp/<MAJOR>.<MINOR>: <formats>`.',
        { line: 1, excerpt },
      ),
    );
    return { ok: false, formats: [], findings };
  }
  return finishLine(findings, match[1]!, match[2]!, match[3]!, excerpt);
}

function finishLine(
  findings: Finding[],
  major: string,
  minor: string,
  list: string,
  excerpt: string,
): CapabilityLine {
  const formats = list.split(',').map((f) => f.trim());
  if (formats.some((f) => !/^[a-z][a-z0-9_-]*$/i.test(f))) {
    findings.push(
      makeFinding('CMDHELP-01/syntax', 'The format list is not comma-separated format names.', {
        line: 1,
        excerpt,
      }),
    );
  }
  const missing = MANDATORY_FORMATS.filter((f) => !formats.includes(f));
  if (missing.length > 0)
    findings.push(
      makeFinding('CMDHELP-01/missing-format', `The format list lacks ${missing.join(', ')}.`, {
        line: 1,
        excerpt,
      }),
    );
  return {
    ok: !findings.some((f) => f.severity === 'error'),
    version: `${Number(major)}.${Number(minor)}`,
    major: Number(major),
    minor: Number(minor),
    formats: formats.filter((f) => f !== ''),
    findings,
  };
}
