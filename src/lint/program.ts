/**
 * `lintProgram(target, options)`: the program lint, as `aoi-testkit lint` runs it and `toPassAoiLint` asks for it.
 * Whether the program starts at all, which specs it offers (detection, unless `specs` or `only` say), then each
 * selected spec's live checker side by side, into one `ProgramReport`: every verdict, what was detected and why,
 * and each spec's facts, all plain data that any reporter of `aoi-testkit/report` renders.
 *
 * @example
 * import { lintProgram } from 'aoi-testkit/lint';
 * import { render } from 'aoi-testkit/report';
 * const report = await lintProgram(['node', 'dist/cli.js'], { invocations: [['search', 'x']] });
 * process.stdout.write(render('junit', report));
 */
import { resolve } from 'node:path';
import type { ExecPlan } from '../checks/exec/plan.js';
import { verdictsOk, type Report, type RuleVerdict } from '../checks/verdict.js';
import { anchorCommandLine } from '../run/anchor.js';
import type { EnvelopeReading, FailureReading } from '../spec/exec/types.js';
import { isRuleId } from '../spec/rules.js';
import { formatShard, inShard, shardOf, type Shard } from '../shard.js';
import { LIVE_SPEC_IDS, specOfRule, type LiveSpecId } from '../spec/specs.js';
import type { Finding } from '../stream/finding.js';
import { lintAoi } from './aoi/index.js';
import { LintSetupError, type LintOptions, type LintReport } from './aoi/lint.js';
import { TargetError, type LintTarget } from './aoi/target.js';
import { findAppDir } from './app/index.js';
import { detectionTimeoutMs, detectSpecs, type Detection } from './detect.js';
import type { DetectedFacts, DetectionRuns, LintContext, SpecJudged } from './live.js';
import { LIVE_SPECS } from './live-specs.js';
import { SPEC_RULES, type SpecResult } from './multi.js';
import { checkStart } from './start.js';

/** What `lintProgram` judges: a command line, or a target of the AOI lint (an in-memory fake: AOI alone). */
export type ProgramTarget =
  readonly string[] | { readonly command: string; readonly args?: readonly string[] } | LintTarget;

export interface ProgramOptions extends Omit<LintOptions, 'only' | 'reuse'> {
  /** Judge these specs (default: those the program is detected to offer; AOI when it offers none). */
  specs?: readonly LiveSpecId[];
  /** Judge only these rules (`AOI-06`, `EXEC-03`); without `specs`, their specs are the ones judged. */
  only?: readonly string[];
  /** The lines exec is driven with (default: a plan built from the dispatch manifest's safe commands). */
  execPlan?: ExecPlan;
  /** The words that print the dispatch manifest (default: found by detection). */
  execManifest?: readonly string[];
  /** Where exec envelopes must carry `_cmd` and `_line` (default either). */
  execEnvelope?: EnvelopeReading;
  /** What exec must do after a failed line without --ignore-errors (default either). */
  execFailure?: FailureReading;
  /** The Agent Application package (default: an APP.md in the working directory or the program's package). */
  appDir?: string;
  /** The application's probe invocations (default: what its APP.md documents). */
  appSetup?: readonly (readonly string[])[];
  appRead?: readonly string[];
  /** Its human-output switch, probed as opt-in (`[]`: none; default: the one APP.md documents). */
  appHuman?: readonly string[];
  /** A line for people as each spec starts (`running the cmdhelp checks`). */
  onNote?(text: string): void;
}

/** How one live spec came to be judged or not: by `specs`, by the rule ids of `only`, or by detection. */
export interface SpecOutcome {
  readonly spec: LiveSpecId;
  readonly status: 'run' | 'skipped' | 'not_run';
  readonly by: 'spec' | 'only' | 'detected' | 'fallback' | 'none';
  /** What detection found (absent when the spec was chosen without it). */
  readonly detected?: boolean;
  readonly reason: string;
  /** In a sharded lint, the shard that judges this spec (AOI: every shard, each its commands; absent unsharded). */
  readonly shard?: number;
  /** Run: its verdicts, and how many failed. */
  readonly count?: number;
  readonly error_count?: number;
  /** The application package judged (app). */
  readonly dir?: string;
}

/** Everything the program lint found: every verdict, the outcome per spec, and each spec's facts. */
export interface ProgramReport extends Report {
  /** What was judged: the program's command line, or the application package. */
  readonly target: string;
  /** Every live spec, in SPECS order: selected or not, and why. */
  readonly specs: readonly SpecOutcome[];
  /** The AOI lint's report (its commands, probes and characteristics), when AOI was judged. */
  readonly aoi?: LintReport;
  /** The other specs judged, each with its verdicts. */
  readonly results: readonly SpecResult[];
  readonly durationMs: number;
  /** The application package, when one was found or given. */
  readonly appDir?: string;
  /** A sharded lint: which shard this is (`shard` of the options); `mergeProgramReports` joins them. */
  readonly shard?: Shard;
}

/**
 * The program cannot be linted as asked: a usage mistake (`usage`, no spec to judge), or the program, its setup or
 * its package is unusable (`input`, with the exit status the CLI gives it: 66 not found, 69 cannot start, 65 setup).
 */
export class ProgramError extends Error {
  constructor(
    message: string,
    readonly kind: 'usage' | 'input',
    readonly code: string = 'USAGE_ERROR',
    readonly category: 'usage' | 'not_found' | 'config' | 'validation' = 'usage',
    readonly exitCode: number = 64,
  ) {
    super(message);
  }
}

const usage = (message: string) => new ProgramError(message, 'usage');
const cannotStart = (message: string, exitCode: number) =>
  new ProgramError(
    message,
    'input',
    exitCode === 66 ? 'PROGRAM_NOT_FOUND' : 'PROGRAM_CANNOT_START',
    exitCode === 66 ? 'not_found' : 'config',
    exitCode,
  );

/** The lint of a live program against the selected specs, or those it is detected to support. */
export async function lintProgram(
  target: ProgramTarget,
  options: ProgramOptions = {},
): Promise<ProgramReport> {
  const started = performance.now();
  const only = options.only ?? [];
  assertRuleIds(only);
  const given = commandLineOf(target);
  // An in-memory target has no command line: the AOI lint alone judges it.
  if (given === undefined) return lintTargetOnly(target as LintTarget, options, started);
  const [command, commandArgs] =
    given.program === undefined
      ? [undefined, [] as string[]]
      : anchorCommandLine(given.program, given.args);
  assertSpecsHaveProgram(options.specs ?? [], command !== undefined);
  // The start check and detection side by side (each waits on a process or two). A program that cannot start is
  // one error (66/69), never a table of verdicts about a program that never ran, nor an error about the specs.
  const [start, selected] = await Promise.allSettled([
    command === undefined
      ? undefined
      : checkStart(command, commandArgs, { env: options.env ?? {}, ...limits(options) }),
    selectSpecs(options, given.program, command, commandArgs),
  ]);
  if (start.status === 'rejected') throw start.reason;
  const cannot = start.value;
  if (cannot) throw cannotStart(cannot.message, cannot.exitCode);
  if (selected.status === 'rejected') throw selected.reason;
  const { selection, appDir, detected } = selected.value;
  // In a shard, a spec other than AOI is judged whole in the shard of its id (AOI splits its commands instead).
  const ownSpec = (spec: LiveSpecId) => spec === 'aoi' || inShard(spec, options.shard);
  const chosen = LIVE_SPECS.filter(
    (spec) => selection.find((s) => s.spec === spec.id)!.selected && ownSpec(spec.id),
  );
  const ctx: LintContext = {
    program: given.program,
    programArgs: given.args,
    command,
    args: commandArgs,
    options,
    run: {
      env: options.env ?? {},
      strict: options.strict === true,
      only,
      ...limits(options),
      detectionTimeoutMs: detectionTimeoutMs(options.timeoutMs),
    },
    appDir,
    ...(detected ? { detected } : {}),
  };
  // Every note first: a spec's progress line then has the terminal to itself.
  for (const spec of chosen) {
    const note = spec.announce?.(ctx);
    if (note !== undefined) options.onNote?.(note);
  }
  // The specs run side by side: a lint's probes leave a core idle much of the time (each waits on a process).
  const ends = await Promise.allSettled(chosen.map((spec) => spec.lint(ctx)));
  // Every spec has ended, its processes with it, before one spec's error (a failed setup) ends the lint.
  for (const end of ends) if (end.status === 'rejected') throw asProgramError(end.reason);
  const judged = ends.flatMap(
    (end) => (end as PromiseFulfilledResult<SpecJudged | undefined>).value ?? [],
  );
  const aoi = judged.find((j) => j.aoi !== undefined)?.aoi;
  const results = judged.filter((j) => j.aoi === undefined).map((j) => timed(j.result));
  const durationMs = performance.now() - started;
  const target_ =
    given.program !== undefined ? [given.program, ...given.args].join(' ') : (options.appDir ?? '');
  return assemble(target_, selection, aoi, results, durationMs, appDir, options.shard);
}

/**
 * A spec other than AOI judges all its rules from one recording: each rule it judged gets the recording's time (see
 * RuleVerdict.durationMs); a rule it skipped judged nothing.
 */
const timed = (result: SpecResult): SpecResult => ({
  ...result,
  verdicts: result.verdicts.map((v) => ({
    ...v,
    durationMs:
      v.durationMs ?? (v.status === 'pass' || v.status === 'fail' ? result.durationMs : 0),
  })),
});

/** The report: every verdict (AOI's first), and the outcome of each live spec. */
function assemble(
  target: string,
  selection: readonly SpecSelection[],
  aoi: LintReport | undefined,
  results: readonly SpecResult[],
  durationMs: number,
  appDir: string | undefined,
  shard?: Shard,
): ProgramReport {
  const verdicts: RuleVerdict[] = [...(aoi?.verdicts ?? []), ...results.flatMap((r) => r.verdicts)];
  const specs = selection.map((s): SpecOutcome => {
    const result = s.spec === 'aoi' ? undefined : results.find((r) => r.spec === s.spec);
    const mine = s.spec === 'aoi' ? (aoi?.verdicts ?? []) : (result?.verdicts ?? []);
    const owner = shard && s.spec !== 'aoi' ? shardOf(s.spec, shard.count) : undefined;
    const elsewhere = s.selected && owner !== undefined && owner !== shard!.index;
    const status =
      !s.selected || elsewhere ? 'not_run' : result?.status === 'skipped' ? 'skipped' : 'run';
    return {
      spec: s.spec,
      status,
      by: s.by,
      ...(s.detected !== undefined ? { detected: s.detected } : {}),
      reason: elsewhere
        ? `${s.reason}; judged in shard ${formatShard({ index: owner!, count: shard!.count })}`
        : status === 'skipped'
          ? (result?.reason ?? s.reason)
          : s.reason,
      ...(shard && s.selected ? { shard: owner ?? shard.index } : {}),
      ...(s.selected && !elsewhere
        ? { count: mine.length, error_count: mine.filter((v) => v.status === 'fail').length }
        : {}),
      ...(s.spec === 'app' && s.selected && appDir !== undefined ? { dir: appDir } : {}),
    };
  });
  return {
    ok: verdictsOk(verdicts),
    verdicts,
    findings: verdicts.flatMap((v) => v.findings),
    target,
    specs,
    ...(aoi ? { aoi } : {}),
    results,
    durationMs,
    ...(appDir !== undefined ? { appDir } : {}),
    ...(shard ? { shard } : {}),
  };
}

/** A target with no command line (an in-memory fake): the AOI lint alone, as `lint --spec aoi` would judge it. */
async function lintTargetOnly(
  target: LintTarget,
  options: ProgramOptions,
  started: number,
): Promise<ProgramReport> {
  if ((options.specs ?? []).some((s) => s !== 'aoi'))
    throw usage(`--spec ${options.specs!.join(',')}: ${target.label} is judged by AOI alone`);
  const aoi = await lintAoi(target, options, undefined).catch((error: unknown) => {
    throw asProgramError(error);
  });
  const selection = LIVE_SPEC_IDS.map((spec): SpecSelection =>
    spec === 'aoi'
      ? { spec, selected: true, by: 'spec', reason: 'a target the AOI lint runs in memory' }
      : { spec, selected: false, by: 'none', reason: 'not a process: no command line to probe' },
  );
  return assemble(
    aoi.target,
    selection,
    aoi,
    [],
    performance.now() - started,
    undefined,
    options.shard,
  );
}

/** The program and its arguments, or undefined for a target with no command line. */
function commandLineOf(
  target: ProgramTarget,
): { program: string | undefined; args: readonly string[] } | undefined {
  if (Array.isArray(target)) {
    const [program, ...args] = target as readonly string[];
    return { program, args };
  }
  if (typeof (target as LintTarget).run === 'function') return undefined;
  const { command, args = [] } = target as { command: string; args?: readonly string[] };
  return { program: command, args };
}

/** `only` names rules of the live specs (a usage error names the first that is not one). */
export function assertRuleIds(only: readonly string[]): void {
  for (const rule of only)
    if (!isRuleId(rule) || !liveSpecOf(rule))
      throw usage(`--only ${rule}: not a rule id (${liveRuleRanges()})`);
}

/** Every spec but app judges a program: without one, `specs` may name app alone. */
export function assertSpecsHaveProgram(specs: readonly LiveSpecId[], program: boolean): void {
  const needing = specs.filter((s) => s !== 'app');
  if (!program && needing.length > 0)
    throw usage(`--spec ${needing.join(',')} needs the program after --`);
}

/** The live spec a rule id belongs to, or undefined. */
const liveSpecOf = (rule: string): LiveSpecId | undefined => {
  const spec = specOfRule(rule)?.id;
  return (LIVE_SPEC_IDS as readonly string[]).includes(spec ?? '')
    ? (spec as LiveSpecId)
    : undefined;
};

/** The rule ids of the live specs, for a message: `AOI-01 … AOI-13, CMDHELP-01 … 08, …`. */
const liveRuleRanges = () =>
  LIVE_SPEC_IDS.map((spec, i) => {
    const [first, last] = [SPEC_RULES[spec][0]!, SPEC_RULES[spec].at(-1)!];
    return `${first} … ${i === 0 ? last : last.slice(last.indexOf('-') + 1)}`;
  }).join(', ');

/** The caller's timeout and output cap, for every process the lint starts (each spec's defaults where absent). */
function limits(options: Pick<ProgramOptions, 'timeoutMs' | 'maxOutputBytes'>): {
  timeoutMs?: number;
  maxOutputBytes?: number;
} {
  return {
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
  };
}

/** Detection's: the same cap, and the timeout {@link detectionTimeoutMs} clamps. */
function detectionLimits(options: Pick<ProgramOptions, 'timeoutMs' | 'maxOutputBytes'>): {
  timeoutMs: number;
  maxOutputBytes?: number;
} {
  return { ...limits(options), timeoutMs: detectionTimeoutMs(options.timeoutMs) };
}

interface SpecSelection {
  readonly spec: LiveSpecId;
  readonly selected: boolean;
  readonly by: SpecOutcome['by'];
  readonly detected?: boolean;
  readonly reason: string;
}

/** `specs`, else the specs of the `only` rule ids, else detection (AOI when nothing is detected). */
async function selectSpecs(
  options: ProgramOptions,
  program: string | undefined,
  command: string | undefined,
  commandArgs: readonly string[],
): Promise<{
  selection: SpecSelection[];
  appDir: string | undefined;
  /** Detection's findings and answers, for the specs to take instead of asking again. */
  detected?: DetectedFacts & { readonly runs: DetectionRuns };
}> {
  const only = options.only ?? [];
  const specs = options.specs ?? [];
  const onlySpecs = new Set(only.map((rule) => liveSpecOf(rule)!));
  const appDirOf = () =>
    options.appDir !== undefined
      ? resolve(options.appDir)
      : findAppDir(command, commandArgs, process.cwd());
  if (specs.length > 0) {
    const wanted = new Set(specs.filter((s) => only.length === 0 || onlySpecs.has(s)));
    if (wanted.size === 0) throw usage(`--only names no rule of --spec ${specs.join(',')}`);
    const appDir = wanted.has('app') ? appDirOf() : undefined;
    if (wanted.has('app') && appDir === undefined && wanted.size === 1)
      throw usage(
        '--spec app needs an application package: --app-dir DIR (no APP.md in the current directory or the program’s package)',
      );
    return {
      appDir,
      selection: LIVE_SPEC_IDS.map((spec) =>
        wanted.has(spec)
          ? { spec, selected: true, by: 'spec', reason: `--spec ${spec}` }
          : {
              spec,
              selected: false,
              by: 'none',
              reason: specs.includes(spec) ? `no rule of ${spec} in --only` : 'not in --spec',
            },
      ),
    };
  }
  if (only.length > 0) {
    const appDir = onlySpecs.has('app') ? appDirOf() : undefined;
    if (onlySpecs.has('app') && appDir === undefined && onlySpecs.size === 1)
      throw usage(
        '--only APP-nn needs an application package: --app-dir DIR (no APP.md in the current directory or the program’s package)',
      );
    if (program === undefined && [...onlySpecs].some((s) => s !== 'app'))
      throw usage('--only names rules that need the program after --');
    return {
      appDir,
      selection: LIVE_SPEC_IDS.map((spec) =>
        onlySpecs.has(spec)
          ? { spec, selected: true, by: 'only', reason: `--only names ${spec} rules` }
          : { spec, selected: false, by: 'none', reason: `--only names no ${spec} rule` },
      ),
    };
  }
  const detection: Detection = await detectSpecs(command, commandArgs, {
    env: { ...(options.env ?? {}) },
    ...(options.machineFlag ? { machineFlag: options.machineFlag } : {}),
    ...detectionLimits(options),
    ...(options.appDir !== undefined ? { appDir: options.appDir } : {}),
    execPlan: options.execPlan !== undefined,
    ...(options.execManifest ? { execManifest: options.execManifest } : {}),
  });
  const invoked = (options.invocations ?? []).length > 0;
  const selection: SpecSelection[] = LIVE_SPEC_IDS.map((spec) => {
    const d = detection.specs[spec];
    if (spec === 'aoi' && !d.detected && invoked && command !== undefined)
      return {
        spec,
        selected: true,
        by: 'detected',
        detected: false,
        reason: `${d.reason}; --invoke given`,
      };
    return {
      spec,
      selected: d.detected,
      by: d.detected ? 'detected' : 'none',
      detected: d.detected,
      reason: d.reason,
    };
  });
  if (!selection.some((s) => s.selected)) {
    // Nothing detected: the AOI lint (it reports what is missing).
    const i = selection.findIndex((s) => s.spec === 'aoi');
    selection[i] = {
      ...selection[i]!,
      selected: true,
      by: 'fallback',
      reason: `${selection[i]!.reason}; nothing detected, judging AOI`,
    };
  }
  const { specs: _specs, ...detected } = detection;
  return { selection, appDir: detection.appDir, detected };
}

/** An error of a spec's lint as the program lint's: a program that cannot start (66/69), a failed setup (65). */
function asProgramError(error: unknown): unknown {
  if (error instanceof TargetError) return cannotStart(error.message, error.exitCode);
  if (error instanceof LintSetupError)
    return new ProgramError(error.message, 'input', 'SETUP_FAILED', 'validation', 65);
  return error;
}

export type { Finding, SpecResult };
