/**
 * What the live specs share: a spec's result (its rule verdicts, or a skip verdict per rule when it cannot be run),
 * the options each spec runs with, the rule ids of each live spec, and the exec plan a caller may give.
 */
import { skippedVerdicts, type RuleVerdict } from '../checks/verdict.js';
import { REGISTRIES } from '../spec/rules.js';
import { bySpec, LIVE_SPEC_IDS, type LiveSpecId as SpecId } from '../spec/specs.js';

/** The rule ids of each live spec, in registry order. */
export const SPEC_RULES: Readonly<Record<SpecId, readonly string[]>> = bySpec(
  LIVE_SPEC_IDS,
  (spec) => REGISTRIES[spec].rules.map((r) => r.id),
);

export interface SpecResult {
  readonly spec: SpecId;
  /** `skipped`: the checker could not be run (the verdicts are skips with `reason`). */
  readonly status: 'run' | 'skipped';
  readonly reason?: string;
  readonly verdicts: readonly RuleVerdict[];
  readonly durationMs: number;
  /** The file its findings are about when they have a line and no probe (an application's APP.md). */
  readonly file?: string;
}

export interface SpecRunOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Per probe, stdout plus stderr read before the kit stops and kills the tool (`--max-output-bytes`). */
  maxOutputBytes?: number;
  strict?: boolean;
  /** Keep only these rule ids (none: all). */
  only?: readonly string[];
}

/** The verdicts of the `only` rule ids (none given: all). */
export const keep = (verdicts: readonly RuleVerdict[], only: readonly string[] | undefined) =>
  only && only.length > 0 ? verdicts.filter((v) => only.includes(v.rule)) : [...verdicts];

/** A skip verdict for every rule of `spec` (after `only`). */
export function skippedSpec(spec: SpecId, reason: string, only?: readonly string[]): SpecResult {
  return {
    spec,
    status: 'skipped',
    reason,
    verdicts: keep(skippedVerdicts(SPEC_RULES[spec], reason), only),
    durationMs: 0,
  };
}
