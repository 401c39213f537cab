/**
 * The non-AOI specs of `aoi-testkit lint --spec`: cmdhelp, exec and app, each run by its live checker and
 * turned into rule verdicts (CMDHELP-nn, EXEC-nn, APP-nn); a spec that cannot be run gives a skip verdict per rule.
 */
import { FileReadError, readInputFile } from '../read-file.js';
import { join } from 'node:path';
import { checkAgentApplication, type AppCheckOptions } from './app/application.js';
import { checkCmdhelp } from './cmdhelp/check.js';
import { checkExec, type ExecPlan } from './exec/index.js';
import { skippedVerdicts, type RuleVerdict } from '../checks/verdict.js';
import { REGISTRIES } from '../spec/rules.js';
import { bySpec, LIVE_SPEC_IDS } from '../spec/specs.js';
import type { EnvelopeReading, FailureReading } from '../spec/exec/types.js';
import type { SpecId } from './detect.js';
import { isObject } from '../stream/json.js';
import { makeTempDir, removeTempDir } from '../run/interrupt.js';

/** The rule ids of each live spec, in registry order. */
export const SPEC_RULES: Readonly<Record<SpecId, readonly string[]>> = bySpec(
  LIVE_SPEC_IDS,
  (spec) => REGISTRIES[spec].rules.map((r) => r.id),
);

/** The spec a rule id belongs to, or undefined. */
export function specOfRule(id: string): SpecId | undefined {
  return (Object.keys(SPEC_RULES) as SpecId[]).find((spec) => SPEC_RULES[spec].includes(id));
}

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

const keep = (verdicts: readonly RuleVerdict[], only: readonly string[] | undefined) =>
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

/** CMDHELP-01…08 by `checkCmdhelp`, in a fresh state directory unless the environment names one. */
export async function runCmdhelpSpec(
  command: string,
  args: readonly string[],
  options: SpecRunOptions = {},
): Promise<SpecResult> {
  const started = performance.now();
  const state = makeTempDir('aoi-lint-cmdhelp-');
  try {
    const report = await checkCmdhelp(command, args, {
      env: { AOI_TESTKIT_STATE_DIR: state, ...(options.env ?? {}) },
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
      strict: options.strict === true,
    });
    return {
      spec: 'cmdhelp',
      status: 'run',
      verdicts: keep(report.verdicts, options.only),
      durationMs: performance.now() - started,
    };
  } finally {
    removeTempDir(state);
  }
}

/** How to reach a tool's exec: where `_cmd`/`_line` must be, and the words that print its dispatch manifest. */
export interface ExecSpecOptions {
  envelope?: EnvelopeReading;
  failure?: FailureReading;
  manifestArgs?: readonly string[];
}

/** EXEC-01…11 by `checkExec`; without a plan, `checkExec` builds one from the manifest's safe commands. */
export async function runExecSpec(
  command: string,
  args: readonly string[],
  plan: ExecPlan | undefined,
  options: SpecRunOptions = {},
  exec: ExecSpecOptions = {},
): Promise<SpecResult> {
  const started = performance.now();
  const report = await checkExec(command, args, {
    ...(plan ? { plan } : {}),
    ...(exec.envelope ? { envelope: exec.envelope } : {}),
    ...(exec.failure ? { failure: exec.failure } : {}),
    ...(exec.manifestArgs ? { manifestArgs: exec.manifestArgs } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: Math.max(options.timeoutMs, 1_000) } : {}),
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
    strict: options.strict === true,
  });
  return {
    spec: 'exec',
    status: 'run',
    verdicts: keep(report.verdicts, options.only),
    durationMs: performance.now() - started,
  };
}

/** APP-01…15 by `checkAgentApplication` on a package directory; setup and read default to what APP.md documents. */
export async function runAppSpec(
  dir: string,
  options: SpecRunOptions = {},
  probes: Pick<AppCheckOptions, 'setup' | 'read' | 'humanSwitch'> = {},
): Promise<SpecResult> {
  const started = performance.now();
  const report = await checkAgentApplication(dir, {
    ...probes,
    ...(options.env ? { env: options.env } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
    strict: options.strict === true,
  });
  return {
    spec: 'app',
    status: 'run',
    ...(report.skipped ? { reason: report.skipped } : {}),
    file: join(dir, 'APP.md'),
    verdicts: keep(report.verdicts, options.only),
    durationMs: performance.now() - started,
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
