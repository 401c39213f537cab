import type { Report, RuleVerdict } from '../checks/verdict.js';
import { sanitiseJson } from '../stream/sanitise.js';

/**
 * A baseline: the failures a project knows about and has not fixed yet, as (rule, command, sub-rule). A run
 * with a baseline fails only on a failure the baseline does not name, or on an entry that no longer fails
 * (stale: so a baseline only shrinks). The judging stays the collector's; this only reads its verdicts.
 */
export interface BaselineEntry {
  readonly rule: string;
  /** The command the verdict is about (lint); absent for check and manifest, whose verdicts have none. */
  readonly command?: string;
  readonly sub_rule: string;
}

export interface BaselineFile {
  readonly aoi_testkit_baseline: 1;
  readonly known_failures: readonly BaselineEntry[];
}

export interface BaselineOutcome {
  readonly file: string;
  /** The failing verdicts every failing sub-rule of which the baseline names: they do not fail the run. */
  readonly known: readonly RuleVerdict[];
  /** Failing verdicts with a sub-rule the baseline does not name. */
  readonly unexpected: readonly RuleVerdict[];
  /** Entries whose (rule, command) was judged and whose sub-rule no longer fails: they fail the run. */
  readonly stale: readonly BaselineEntry[];
  /** Entries this run could not judge (the rule was skipped, not applicable, or not run): kept, reported. */
  readonly unjudged: readonly BaselineEntry[];
  /** No unexpected failure and no stale entry. */
  readonly ok: boolean;
}

const key = (rule: string, command: string | undefined) => `${rule}\u0000${command ?? ''}`;

/** The sub-rules a verdict fails on: its error findings' ids (the collector keeps at least one per sub-rule). */
export const failingSubRules = (verdict: RuleVerdict): string[] => [
  ...new Set(verdict.findings.filter((f) => f.severity === 'error').map((f) => f.id)),
];

/** The baseline of a report: every failing (rule, command, sub-rule), sorted so that rewriting it gives the same file. */
export function baselineOf(report: Report): BaselineFile {
  const entries = report.verdicts
    .filter((v) => v.status === 'fail')
    .flatMap((v) =>
      failingSubRules(v).map((sub_rule) => ({
        rule: v.rule,
        ...(v.command !== undefined ? { command: v.command } : {}),
        sub_rule,
      })),
    );
  const text = (e: BaselineEntry) => `${e.rule}\u0000${e.command ?? ''}\u0000${e.sub_rule}`;
  entries.sort((a, b) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
  return { aoi_testkit_baseline: 1, known_failures: entries };
}

/** Judge a report against a baseline. */
export function applyBaseline(
  report: Report,
  baseline: BaselineFile,
  file: string,
): BaselineOutcome {
  const named = new Map<string, Set<string>>();
  for (const e of baseline.known_failures) {
    const k = key(e.rule, e.command);
    if (!named.has(k)) named.set(k, new Set());
    named.get(k)!.add(e.sub_rule);
  }
  const known: RuleVerdict[] = [];
  const unexpected: RuleVerdict[] = [];
  for (const v of report.verdicts.filter((v) => v.status === 'fail')) {
    const subs = failingSubRules(v);
    const excused = named.get(key(v.rule, v.command));
    if (subs.length > 0 && excused !== undefined && subs.every((s) => excused.has(s)))
      known.push(v);
    else unexpected.push(v);
  }
  const verdicts = new Map(report.verdicts.map((v) => [key(v.rule, v.command), v]));
  const stale: BaselineEntry[] = [];
  const unjudged: BaselineEntry[] = [];
  for (const e of baseline.known_failures) {
    const v = verdicts.get(key(e.rule, e.command));
    // A rule that could not be judged has not been fixed either: the entry stays (No rule may pass unjudged).
    if (v === undefined || v.status === 'skip' || v.status === 'not_applicable') unjudged.push(e);
    else if (!failingSubRules(v).includes(e.sub_rule)) stale.push(e);
  }
  return {
    file,
    known,
    unexpected,
    stale,
    unjudged,
    ok: unexpected.length === 0 && stale.length === 0,
  };
}

/** A baseline file's text as a baseline; throws an Error saying what is wrong with it. */
export function parseBaseline(text: string): BaselineFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${(error as Error).message})`, { cause: error });
  }
  const record = parsed as Record<string, unknown> | null;
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    throw new Error('expected a JSON object');
  if (record.aoi_testkit_baseline !== 1) throw new Error('"aoi_testkit_baseline" must be 1');
  if (!Array.isArray(record.known_failures)) throw new Error('"known_failures" must be an array');
  for (const [i, e] of (record.known_failures as unknown[]).entries()) {
    const entry = e as Record<string, unknown> | null;
    const ok =
      entry !== null &&
      typeof entry === 'object' &&
      typeof entry.rule === 'string' &&
      typeof entry.sub_rule === 'string' &&
      (entry.command === undefined || typeof entry.command === 'string') &&
      entry.sub_rule.startsWith(`${entry.rule}/`);
    if (!ok)
      throw new Error(
        `known_failures[${i}] must be {"rule": "AOI-06", "command"?: "list", "sub_rule": "AOI-06/…"}`,
      );
  }
  return record as unknown as BaselineFile;
}

/**
 * A baseline as its file holds it: a command's name is the tool's text, so controls, bidi and invisible characters are
 * written as JSON escapes, line by line (the file is committed and read in diffs); the parsed names, which entries
 * match on, are the same.
 */
export const formatBaseline = (baseline: BaselineFile): string =>
  `${JSON.stringify(baseline, null, 2).split('\n').map(sanitiseJson).join('\n')}\n`;
