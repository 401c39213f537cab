/**
 * What the live specs share: a spec's result (its rule verdicts, or a skip verdict per rule when it cannot be run),
 * the options each spec runs with, the rule ids of each live spec, and the exec plan a caller may give.
 */
import type { ExecPlan } from '../checks/exec/plan.js';
import { skippedVerdicts, type RuleVerdict } from '../checks/verdict.js';
import { FileReadError, readInputFile } from '../read-file.js';
import { REGISTRIES } from '../spec/rules.js';
import { bySpec, LIVE_SPEC_IDS, type LiveSpecId as SpecId } from '../spec/specs.js';
import { isObject } from '../stream/json.js';

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

const isRequest = (v: unknown) => isObject(v) && typeof v._cmd === 'string' && v._cmd !== '';

/** Why `value` is not an {@link ExecPlan}, or undefined. */
export function execPlanProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not a JSON object';
  if (!Array.isArray(value.ok) || value.ok.length === 0 || !value.ok.every(isRequest))
    return '"ok" must be a non-empty array of {"_cmd": …} lines';
  for (const key of ['failing', 'inspect', 'bulk'])
    if (!isRequest(value[key])) return `"${key}" must be a {"_cmd": …} line`;
  for (const key of ['mutating', 'bareFlag'])
    if (value[key] !== undefined && !isRequest(value[key]))
      return `"${key}" must be a {"_cmd": …} line`;
  if (value.noMutating !== undefined && typeof value.noMutating !== 'string')
    return '"noMutating" must be a string';
  if (value.valuedFlag !== undefined) {
    const v = value.valuedFlag;
    if (
      !isObject(v) ||
      !Array.isArray(v.setup) ||
      !v.setup.every(isRequest) ||
      !isRequest(v.line) ||
      !isRequest(v.without)
    )
      return '"valuedFlag" must be {"setup": [lines], "line": line, "without": line}';
  }
  return undefined;
}

/** Read an exec plan from a JSON file; throws with a message fit for the user. */
export function readExecPlan(file: string): ExecPlan {
  let source: string;
  try {
    source = readInputFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw Object.assign(
      new Error(
        `cannot read --exec-plan ${file}: ${code === 'ENOENT' ? 'no such file' : error instanceof FileReadError ? error.message : code === 'EISDIR' ? 'is a directory' : (code ?? 'unreadable')}`,
      ),
      { notFound: true },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new Error(`--exec-plan ${file} is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const problem = execPlanProblem(value);
  if (problem) throw new Error(`--exec-plan ${file} is not an exec plan: ${problem}`);
  return value as ExecPlan;
}
