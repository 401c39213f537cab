import { getRule, getSubRule } from '../spec/rules.js';
import { maskSecrets } from '../secrets/mask.js';
import type { Severity } from '../spec/types.js';
import { sanitise } from './sanitise.js';

/** One concrete violation, with the evidence a person needs to find and fix it. */
export interface Finding {
  /** Sub-rule id, e.g. `AOI-02/ansi`. */
  readonly id: string;
  /** Rule id, e.g. `AOI-02`. */
  readonly rule: string;
  readonly severity: Severity;
  /** One sentence naming what is wrong, where. */
  readonly message: string;
  /** How to fix it (from the registry). */
  readonly fix: string;
  /** 1-based line of stdout the finding is about; absent for whole-stream findings. */
  readonly line?: number;
  /** Last line of a multi-line finding (a pretty-printed object). */
  readonly endLine?: number;
  /** The offending line, truncated, control characters made visible, secrets masked. */
  readonly excerpt?: string;
  /** The command line a process probe ran to find it (canaries masked); absent for recorded streams. */
  readonly probe?: string;
  /**
   * The sub-rule whose finding reports this same defect (§18.1: a defect fails every characteristic it breaks,
   * `AOI-04/schema` beside `AOI-03/summary-ok-missing`). The verdicts carry both; text output shows that one
   * finding, naming this rule too.
   */
  readonly sameDefectAs?: string;
  readonly docs: string;
}

export interface Evidence {
  line?: number;
  endLine?: number;
  excerpt?: string;
  probe?: string;
  sameDefectAs?: string;
}

const EXCERPT_CHARS = 120;
/** Longer than any secret the kit recognises: what lies this far past the shown text stays hidden. */
const SECRET_MARGIN = 512;

/** Make a line safe to print: visible control characters, masked secrets, bounded length. */
export function toExcerpt(text: string, knownSecrets: readonly string[] = []): string {
  // Mask a window of the text, not all of a long line. A secret cut in half at the window's end is
  // not recognised, so widen the window until that cut lies well past what is shown.
  let masked: string;
  for (let window = 4096; ; window *= 4) {
    const cut = text.length > window;
    masked = maskSecrets(cut ? text.slice(0, window) : text, knownSecrets);
    if (!cut || masked.length >= EXCERPT_CHARS + SECRET_MARGIN) break;
  }
  const visible = sanitise(masked);
  if (visible.length <= EXCERPT_CHARS) return visible;
  // Never cut a surrogate pair in half: the half left would be a lone surrogate.
  const end = /[\ud800-\udbff]/.test(visible[EXCERPT_CHARS - 1]!)
    ? EXCERPT_CHARS - 1
    : EXCERPT_CHARS;
  return `${visible.slice(0, end)}…`;
}

/** Build a finding for a registered sub-rule; severity, fix and docs come from the registry. */
export function makeFinding(
  subRuleId: string,
  message: string,
  evidence: Evidence = {},
  strict = false,
): Finding {
  const subRule = getSubRule(subRuleId);
  const severity: Severity = strict ? 'error' : subRule.severity;
  return {
    id: subRule.id,
    rule: subRule.rule,
    severity,
    // Messages quote program text (a field value, V8's JSON.parse snippet of the line), probes name its
    // commands, and some excerpts are made without toExcerpt: all made safe to print here, once for every
    // spec. The kit's own wording has no character the sanitiser changes.
    message: sanitise(message),
    fix: subRule.fix,
    ...(evidence.line !== undefined ? { line: evidence.line } : {}),
    ...(evidence.endLine !== undefined ? { endLine: evidence.endLine } : {}),
    ...(evidence.excerpt !== undefined ? { excerpt: sanitise(evidence.excerpt) } : {}),
    ...(evidence.probe !== undefined ? { probe: sanitise(evidence.probe) } : {}),
    ...(evidence.sameDefectAs !== undefined
      ? { sameDefectAs: getSubRule(evidence.sameDefectAs).id }
      : {}),
    docs: getRule(subRule.rule).docs,
  };
}
