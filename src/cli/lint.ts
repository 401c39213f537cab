import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { anchorCommandLine } from '../run/anchor.js';
import { parseArgs } from 'node:util';
import { verdictsOk, type RuleVerdict } from '../checks/verdict.js';
import { lintCli, LintSetupError, type LintReport } from '../lint/aoi/lint.js';
import { processTarget, TargetError } from '../lint/aoi/target.js';
import type { ExecPlan } from '../checks/exec/plan.js';
import type { ReusableProbe } from '../lint/aoi/runner.js';
import {
  detectionTimeoutMs,
  detectSpecs,
  findAppDir,
  locateExecManifest,
  SPEC_IDS,
  type Detection,
  type DetectionRuns,
  type SpecId,
} from '../lint/detect.js';
import type { EnvelopeReading, FailureReading } from '../spec/exec/types.js';
import { sanitise } from '../stream/sanitise.js';
import {
  readExecPlan,
  runAppSpec,
  runCmdhelpSpec,
  runExecSpec,
  skippedSpec,
  specOfRule,
  SPEC_RULES,
  type SpecResult,
} from '../lint/multi.js';
import { writeVerdicts } from './check.js';
import type { Emitter } from './emitter.js';
import type { Finding } from '../stream/finding.js';
import { report as reportAll, type ReporterName, type ReportingArgs } from './reporters/index.js';
import { stdoutReporter, parseReporting } from './reporters/options.js';
import { baselineText, type ReportView } from './reporters/view.js';
import { GREEN, GREY, painter, RED, STATUS_COLOUR, wantsColour, YELLOW } from './colour.js';
import { checkStart } from '../lint/start.js';
import { setPartialFindings } from './partial.js';
import { alsoFails, oneFindingPerDefect, shownUnder } from './defects.js';
import { progressLine } from './progress.js';
import { seeRulePages } from '../report/rule-pages.js';
import { shellWords } from './shell-words.js';
import { parseOptions } from './surface.js';
import { InputError, intFlag, UsageError } from './usage.js';

export interface LintArgs {
  /** Undefined only with --app-dir and no `--` (an application package is the only target). */
  program: string | undefined;
  programArgs: string[];
  invocations: string[][];
  setup: string[][];
  /** `--machine-flag "ARGS"`: what selects machine mode (undefined: `--output jsonl`; may be empty). */
  machineFlag: string[] | undefined;
  /** `--schema-command "WORDS"`: the discovery command (undefined: `schema`). */
  schemaCommand: string[] | undefined;
  /** `--observe "ARGS"` (repeatable): read-only commands that show side effects through the tool. */
  observe: string[][];
  env: Record<string, string>;
  only: string[];
  /** The reporter on stdout (progress on stderr is for people: not with jsonl). */
  output: ReporterName;
  reporting: ReportingArgs;
  strict: boolean;
  timeoutMs: number | undefined;
  maxOutputBytes: number | undefined;
  /** `--caller-home`: probes keep the caller's HOME, XDG directories and TMPDIR (no per-probe home sandbox). */
  callerHome: boolean;
  /** `--watch-outside`: writes to the caller's cwd, its parent and HOME are findings. */
  watchOutside: boolean;
  color: boolean;
  /** `--spec` (aoi, cmdhelp, exec, app; `all` expanded); empty: detect. */
  specs: SpecId[];
  /** `--exec-plan FILE`: the lines exec is driven with. */
  execPlan: string | undefined;
  /** `--exec-manifest "WORDS"`: what prints the dispatch manifest (default: found by detection). */
  execManifest: string[] | undefined;
  /** `--exec-envelope`: where `_cmd`/`_line` must be (default either). */
  execEnvelope: EnvelopeReading | undefined;
  /** `--exec-failure`: what exec must do after a failed line without --ignore-errors (default either). */
  execFailure: FailureReading | undefined;
  /** `--app-dir DIR`: the Agent Application package. */
  appDir: string | undefined;
  /** `--app-setup "ARGS"` (repeatable) and `--app-read "ARGS"`: the app's probe invocations (default: read from APP.md). */
  appSetup: string[][] | undefined;
  appRead: string[] | undefined;
  /** `--app-human "ARGS"`: the app's human-output switch (`""`: none; default: the one APP.md documents). */
  appHuman: string[] | undefined;
}

export function parseLintArgs(args: string[]): LintArgs {
  const dashes = args.indexOf('--');
  const appOnly =
    dashes === -1 && args.some((a) => a === '--app-dir' || a.startsWith('--app-dir='));
  if (dashes === -1 && !appOnly)
    throw new UsageError(
      'lint needs the program after --: aoi-testkit lint [options] -- <program> [args...]',
    );
  const [program, ...programArgs] = dashes === -1 ? [] : args.slice(dashes + 1);
  if (program === undefined && !appOnly) throw new UsageError('lint needs a program after --');
  let parsed;
  try {
    parsed = parseArgs({
      args: joinDashValues(dashes === -1 ? args : args.slice(0, dashes)),
      strict: true,
      options: parseOptions('lint'),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // The flags' types are the table's: valued flags give strings (repeatable ones lists), the others booleans.
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const lists = parsed.values as Record<string, string[] | undefined>;
  const text = (flag: string) => values[flag] as string | undefined;
  const reporting = parseReporting(values);
  for (const rule of lists.only ?? [])
    if (specOfRule(rule) === undefined)
      throw new UsageError(`--only ${rule}: not a rule id (${liveRuleRanges()})`);
  const specs = new Set<SpecId>();
  for (const word of (lists.spec ?? []).flatMap((s) => s.split(',')).map((s) => s.trim())) {
    if (word === 'all') SPEC_IDS.forEach((s) => specs.add(s));
    else if ((SPEC_IDS as readonly string[]).includes(word)) specs.add(word as SpecId);
    else throw new UsageError(`--spec must be cmdhelp, exec, app, aoi or all, got "${word}"`);
  }
  if (program === undefined && [...specs].some((s) => s !== 'app'))
    throw new UsageError(
      `--spec ${[...specs].filter((s) => s !== 'app').join(',')} needs the program after --`,
    );
  const appDir = text('app-dir');
  if (appDir !== undefined && !isDirectory(appDir))
    throw new InputError(
      `--app-dir ${appDir}: ${existsSync(appDir) ? 'not a directory' : 'no such file or directory'}`,
      'not_found',
      'APP_DIR_NOT_FOUND',
    );
  const env: Record<string, string> = {};
  for (const pair of lists.env ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--env takes NAME=VALUE, got "${pair.split('=')[0]}…"`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const timeoutMs = intFlag('lint', 'timeout-ms', text('timeout-ms'));
  const maxOutputBytes = intFlag('lint', 'max-output-bytes', text('max-output-bytes'));
  const words = (lines: string[] | undefined, flag: string) =>
    (lines ?? []).map((line) => {
      const argv = shellWords(line);
      if (argv.length === 0) throw new UsageError(`${flag} needs a command, got an empty string`);
      return argv;
    });
  const execEnvelope = text('exec-envelope');
  if (execEnvelope !== undefined && !['meta', 'top-level', 'either'].includes(execEnvelope))
    throw new UsageError(
      `--exec-envelope must be meta, top-level or either, got "${execEnvelope}"`,
    );
  const execFailure = text('exec-failure');
  if (execFailure !== undefined && !['stops', 'one-in-one-out', 'either'].includes(execFailure))
    throw new UsageError(
      `--exec-failure must be stops, one-in-one-out or either, got "${execFailure}"`,
    );
  const [execManifest] = words(
    text('exec-manifest') === undefined ? undefined : [text('exec-manifest')!],
    '--exec-manifest',
  );
  const [schemaCommand] = words(
    text('schema-command') === undefined ? undefined : [text('schema-command')!],
    '--schema-command',
  );
  // Empty is meaningful: an AOI-only tool needs no flag for machine mode.
  const machineFlag =
    text('machine-flag') === undefined ? undefined : shellWords(text('machine-flag')!);
  return {
    program,
    programArgs,
    invocations: words(lists.invoke, '--invoke'),
    setup: words(lists.setup, '--setup'),
    machineFlag,
    schemaCommand,
    observe: words(lists.observe, '--observe'),
    env,
    only: lists.only ?? [],
    output: stdoutReporter(reporting.reporters),
    reporting,
    strict: values.strict === true,
    timeoutMs,
    maxOutputBytes,
    callerHome: values['caller-home'] === true,
    watchOutside: values['watch-outside'] === true,
    color: wantsColour(values),
    specs: SPEC_IDS.filter((s) => specs.has(s)),
    execPlan: text('exec-plan'),
    execManifest,
    execEnvelope: execEnvelope as EnvelopeReading | undefined,
    execFailure: execFailure as FailureReading | undefined,
    appDir,
    appSetup:
      lists['app-setup'] === undefined ? undefined : words(lists['app-setup'], '--app-setup'),
    appRead:
      text('app-read') === undefined ? undefined : words([text('app-read')!], '--app-read')[0],
    appHuman: text('app-human') === undefined ? undefined : shellWords(text('app-human')!),
  };
}

/** The rule ids of the live specs, for a message: `AOI-01 … AOI-13, CMDHELP-01 … 08, …`. */
const liveRuleRanges = () =>
  SPEC_IDS.map((spec, i) => {
    const [first, last] = [SPEC_RULES[spec][0]!, SPEC_RULES[spec].at(-1)!];
    return `${first} … ${i === 0 ? last : last.slice(last.indexOf('-') + 1)}`;
  }).join(', ');

/** Flags whose value is itself a flag (`--machine-flag "--format jsonl"`), which parseArgs would take for a missing value. */
const DASH_VALUED = ['--machine-flag'];

/** `--machine-flag --format jsonl` as one word, `--machine-flag=--format jsonl`, as the user meant it. */
function joinDashValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (DASH_VALUED.includes(args[i]!) && i + 1 < args.length) out.push(`${args[i]}=${args[++i]}`);
    else out.push(args[i]!);
  }
  return out;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** How each spec came to be judged or not: by `--spec`, by the rule ids of `--only`, or by detection. */
export interface SpecSelection {
  readonly spec: SpecId;
  readonly selected: boolean;
  readonly by: 'spec' | 'only' | 'detected' | 'fallback' | 'none';
  readonly detected?: boolean;
  readonly reason: string;
}

/**
 * `aoi-testkit lint`: judge a live CLI (and/or an application package) against the selected specs — or, without
 * `--spec`, those it is detected to support; returns the exit status (0 conformant, 1 a rule failed).
 */
export async function runLint(args: LintArgs, emitter: Emitter): Promise<number> {
  const started = performance.now();
  let plan: ExecPlan | undefined;
  if (args.execPlan !== undefined) {
    try {
      plan = readExecPlan(args.execPlan);
    } catch (error) {
      const message = (error as Error).message;
      throw (error as { notFound?: boolean }).notFound
        ? new InputError(message, 'not_found', 'EXEC_PLAN_NOT_FOUND')
        : new InputError(message, 'validation', 'EXEC_PLAN_INVALID', 65);
    }
  }
  const [command, commandArgs] =
    args.program === undefined
      ? [undefined, [] as string[]]
      : anchorCommandLine(args.program, args.programArgs);
  // The start check and detection side by side (each waits on a process or two). A program that cannot start is
  // one error (66/69), never a table of verdicts about a program that never ran, nor an error about the specs.
  const [start, selected] = await Promise.allSettled([
    command === undefined
      ? undefined
      : checkStart(command, commandArgs, { env: args.env, ...limits(args) }),
    selectSpecs(args, command, commandArgs, plan !== undefined),
  ]);
  if (start.status === 'rejected') throw start.reason;
  const cannot = start.value;
  if (cannot)
    throw new InputError(
      cannot.message,
      cannot.exitCode === 66 ? 'not_found' : 'config',
      cannot.exitCode === 66 ? 'PROGRAM_NOT_FOUND' : 'PROGRAM_CANNOT_START',
      cannot.exitCode,
    );
  if (selected.status === 'rejected') throw selected.reason;
  const { selection, appDir, execManifest, detected } = selected.value;
  const chosen = (spec: SpecId) => selection.find((s) => s.spec === spec)!.selected;

  const only = args.only;
  const options = { env: args.env, strict: args.strict, only, ...limits(args) };
  const note = (text: string) => {
    if (args.output !== 'jsonl') process.stderr.write(`aoi-testkit lint: ${text}\n`);
  };
  const pending: Promise<SpecResult>[] = [];
  if (chosen('cmdhelp') && command !== undefined) {
    note('running the cmdhelp checks');
    pending.push(runCmdhelpSpec(command, commandArgs, options));
  }
  if (chosen('exec') && command !== undefined) {
    note(
      plan
        ? 'running the exec checks'
        : 'running the exec checks with a plan built from the manifest',
    );
    // Detection has found the dispatch manifest; chosen by --spec or --only, exec has to be looked for now.
    const manifestArgs =
      args.execManifest ??
      execManifest ??
      (await locateExecManifest(command, commandArgs, { env: args.env, ...detectionLimits(args) }))
        .manifestArgs;
    pending.push(
      runExecSpec(command, commandArgs, plan, options, {
        ...(manifestArgs ? { manifestArgs } : {}),
        ...(args.execEnvelope ? { envelope: args.execEnvelope } : {}),
        ...(args.execFailure ? { failure: args.execFailure } : {}),
      }),
    );
  }
  if (chosen('app')) {
    if (appDir !== undefined) {
      note(`running the app checks on ${appDir}`);
      pending.push(
        runAppSpec(appDir, options, {
          ...(args.appSetup ? { setup: args.appSetup } : {}),
          ...(args.appRead ? { read: args.appRead } : {}),
          ...(args.appHuman ? { humanSwitch: args.appHuman } : {}),
        }),
      );
    } else
      pending.push(
        Promise.resolve(
          skippedSpec(
            'app',
            'no application package: no APP.md in the current directory or the program’s package; pass --app-dir DIR',
            only,
          ),
        ),
      );
  }
  // The specs run side by side: a lint's probes leave a core idle much of the time (each waits on a process). The
  // AOI lint starts last, so that the notes above are printed before its progress line takes the terminal.
  const aoiRun =
    chosen('aoi') && args.program !== undefined
      ? runAoi(args, args.program, detected?.aoi)
      : Promise.resolve(undefined);
  const [aoiEnd, ...ends] = await Promise.allSettled([aoiRun, ...pending]);
  // Every spec has ended, its processes with it, before one spec's error (a failed --setup) ends the lint.
  for (const end of [aoiEnd, ...ends]) if (end.status === 'rejected') throw end.reason;
  const aoi = (aoiEnd as PromiseFulfilledResult<LintReport | undefined>).value;
  const results = ends.map((end) => (end as PromiseFulfilledResult<SpecResult>).value);

  const verdicts = [...(aoi?.verdicts ?? []), ...results.flatMap((r) => r.verdicts)];
  const ok = verdictsOk(verdicts);
  const durationMs = performance.now() - started;
  const specs = selection.map((s) => {
    const result = s.spec === 'aoi' ? undefined : results.find((r) => r.spec === s.spec);
    const mine = s.spec === 'aoi' ? (aoi?.verdicts ?? []) : (result?.verdicts ?? []);
    const status = !s.selected ? 'not_run' : result?.status === 'skipped' ? 'skipped' : 'run';
    return {
      spec: s.spec,
      status,
      by: s.by,
      ...(s.detected !== undefined ? { detected: s.detected } : {}),
      reason: status === 'skipped' ? (result?.reason ?? s.reason) : s.reason,
      ...(s.selected
        ? { count: mine.length, error_count: mine.filter((v) => v.status === 'fail').length }
        : {}),
      ...(s.spec === 'app' && s.selected && appDir !== undefined ? { dir: appDir } : {}),
    };
  });
  const target =
    args.program !== undefined
      ? [args.program, ...args.programArgs].join(' ')
      : (args.appDir ?? '');
  const view = {
    verb: 'lint' as const,
    target,
    report: { ok, verdicts, findings: verdicts.flatMap((v) => v.findings) },
    durationMs,
    // APP.md's own findings carry its line and no probe; every other finding is about a run of the program.
    locate: (f: Finding) =>
      appDir !== undefined &&
      specOfRule(f.rule) === 'app' &&
      f.line !== undefined &&
      f.probe === undefined
        ? { uri: fromCwd(join(appDir, 'APP.md')), line: f.line }
        : undefined,
  };
  const jsonl = (v: ReportView, e: Emitter) =>
    writeVerdicts(v, e, 'lint', {
      ...(aoi
        ? { commands: aoi.commands, probes: aoi.probes, characteristics: aoi.characteristics }
        : {}),
      duration_ms: Math.round(aoi && results.length === 0 ? aoi.durationMs : durationMs),
      specs,
    });
  const text = (v: ReportView, color: boolean) => {
    const lines = baselineText(v);
    return `${renderAll({ ...args, color }, specs, aoi, results, durationMs)}${lines.length > 0 ? `\n${lines.join('\n')}\n` : ''}`;
  };
  return reportAll(args.reporting, view, { text, jsonl }, { emitter, color: args.color });
}

/** The user's --timeout-ms and --max-output-bytes, for every process the lint starts (each spec's defaults where absent). */
function limits(args: Pick<LintArgs, 'timeoutMs' | 'maxOutputBytes'>): {
  timeoutMs?: number;
  maxOutputBytes?: number;
} {
  return {
    ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
    ...(args.maxOutputBytes !== undefined ? { maxOutputBytes: args.maxOutputBytes } : {}),
  };
}

/** Detection's: the same cap, and the timeout {@link detectionTimeoutMs} clamps. */
function detectionLimits(args: Pick<LintArgs, 'timeoutMs' | 'maxOutputBytes'>): {
  timeoutMs: number;
  maxOutputBytes?: number;
} {
  return { ...limits(args), timeoutMs: detectionTimeoutMs(args.timeoutMs) };
}

/** `--spec`, else the specs of the `--only` rule ids, else detection (AOI when nothing is detected). */
async function selectSpecs(
  args: LintArgs,
  command: string | undefined,
  commandArgs: readonly string[],
  hasPlan: boolean,
): Promise<{
  selection: SpecSelection[];
  appDir: string | undefined;
  execManifest?: readonly string[];
  detected?: DetectionRuns;
}> {
  const onlySpecs = new Set(args.only.map((rule) => specOfRule(rule)!));
  const appDirOf = () =>
    args.appDir !== undefined
      ? resolve(args.appDir)
      : findAppDir(command, commandArgs, process.cwd());
  if (args.specs.length > 0) {
    const wanted = new Set(args.specs.filter((s) => args.only.length === 0 || onlySpecs.has(s)));
    if (wanted.size === 0)
      throw new UsageError(`--only names no rule of --spec ${args.specs.join(',')}`);
    const appDir = wanted.has('app') ? appDirOf() : undefined;
    if (wanted.has('app') && appDir === undefined && wanted.size === 1)
      throw new UsageError(
        '--spec app needs an application package: --app-dir DIR (no APP.md in the current directory or the program’s package)',
      );
    return {
      appDir,
      selection: SPEC_IDS.map((spec) =>
        wanted.has(spec)
          ? { spec, selected: true, by: 'spec', reason: `--spec ${spec}` }
          : {
              spec,
              selected: false,
              by: 'none',
              reason: args.specs.includes(spec) ? `no rule of ${spec} in --only` : 'not in --spec',
            },
      ),
    };
  }
  if (args.only.length > 0) {
    const appDir = onlySpecs.has('app') ? appDirOf() : undefined;
    if (onlySpecs.has('app') && appDir === undefined && onlySpecs.size === 1)
      throw new UsageError(
        '--only APP-nn needs an application package: --app-dir DIR (no APP.md in the current directory or the program’s package)',
      );
    if (args.program === undefined && [...onlySpecs].some((s) => s !== 'app'))
      throw new UsageError('--only names rules that need the program after --');
    return {
      appDir,
      selection: SPEC_IDS.map((spec) =>
        onlySpecs.has(spec)
          ? { spec, selected: true, by: 'only', reason: `--only names ${spec} rules` }
          : { spec, selected: false, by: 'none', reason: `--only names no ${spec} rule` },
      ),
    };
  }
  const detection: Detection = await detectSpecs(command, commandArgs, {
    env: args.env,
    ...(args.machineFlag ? { machineFlag: args.machineFlag } : {}),
    ...detectionLimits(args),
    ...(args.appDir !== undefined ? { appDir: args.appDir } : {}),
    execPlan: hasPlan,
    ...(args.execManifest ? { execManifest: args.execManifest } : {}),
  });
  const selection: SpecSelection[] = SPEC_IDS.map((spec) => {
    const d = detection.specs[spec];
    if (spec === 'aoi' && !d.detected && args.invocations.length > 0 && command !== undefined)
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
    // Nothing detected: the AOI lint, as before --spec (it reports what is missing).
    const i = selection.findIndex((s) => s.spec === 'aoi');
    selection[i] = {
      ...selection[i]!,
      selected: true,
      by: 'fallback',
      reason: `${selection[i]!.reason}; nothing detected, judging AOI`,
    };
  }
  return {
    selection,
    appDir: detection.appDir,
    ...(detection.execManifest ? { execManifest: detection.execManifest } : {}),
    detected: detection.runs,
  };
}

/** The AOI lint (AOI-01…13) of a live CLI, as before `--spec`; it takes detection's answers it would ask again (`reuse`). */
async function runAoi(
  args: LintArgs,
  program: string,
  reuse: readonly ReusableProbe[] | undefined,
): Promise<LintReport> {
  const progress = args.output !== 'jsonl' ? progressLine() : undefined;
  let report: LintReport;
  try {
    report = await lintCli(processTarget(program, args.programArgs), {
      invocations: args.invocations,
      setup: args.setup,
      observe: args.observe,
      env: args.env,
      ...(args.machineFlag ? { machineFlag: args.machineFlag } : {}),
      ...(args.schemaCommand ? { schemaCommand: args.schemaCommand } : {}),
      only: args.only.filter((rule) => specOfRule(rule) === 'aoi'),
      strict: args.strict,
      ...limits(args),
      ...(args.callerHome ? { sandboxHome: false } : {}),
      ...(args.watchOutside ? { watchOutside: true } : {}),
      onFindings: setPartialFindings,
      ...(progress ? { onProgress: progress.update } : {}),
      ...(reuse ? { reuse } : {}),
    });
  } catch (error) {
    if (error instanceof TargetError)
      throw new InputError(
        error.message,
        error.exitCode === 66 ? 'not_found' : 'config',
        error.exitCode === 66 ? 'PROGRAM_NOT_FOUND' : 'PROGRAM_CANNOT_START',
        error.exitCode,
      );
    if (error instanceof LintSetupError)
      throw new InputError(error.message, 'validation', 'SETUP_FAILED', 65);
    throw error;
  } finally {
    progress?.done();
  }
  return report;
}

/** A path relative to the working directory when it lies below it (code scanning wants paths from the checkout's root). */
function fromCwd(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

type SpecLine = { spec: SpecId; status: string; by: string; detected?: boolean; reason: string };

/** Text for people: what was detected or selected, the AOI table, then a row per rule of the other specs (each row names its spec). */
function renderAll(
  args: LintArgs,
  specs: readonly SpecLine[],
  aoi: LintReport | undefined,
  results: readonly SpecResult[],
  durationMs: number,
): string {
  const paint = painter(args.color);
  const target =
    args.program !== undefined
      ? [args.program, ...args.programArgs].join(' ')
      : (args.appDir ?? '');
  const run = specs.filter((s) => s.status !== 'not_run').map((s) => s.spec);
  const out = [`aoi-testkit lint ${target}: spec(s) ${run.join(', ')}`];
  for (const s of specs) {
    const how =
      s.by === 'spec' || s.by === 'only'
        ? 'selected'
        : s.by === 'fallback'
          ? 'fallback'
          : s.detected
            ? 'detected'
            : s.by === 'detected'
              ? 'selected'
              : 'not detected';
    const label =
      s.status === 'not_run'
        ? s.by === 'none' && s.detected === undefined
          ? 'not selected'
          : how
        : s.status === 'skipped'
          ? `${how}, skipped`
          : how;
    out.push(
      `  ${s.spec.padEnd(8)} ${paint(s.status === 'not_run' ? GREY : s.status === 'skipped' ? YELLOW : GREEN, label)}: ${sanitise(s.reason)}`,
    ); // detection quotes the program
  }
  out.push('');
  let text = `${out.join('\n')}\n`;
  if (aoi) text += `[aoi] ${renderText(aoi, args.color)}`;
  for (const [i, result] of results.entries()) {
    const lines: string[] = aoi || i > 0 ? [''] : [];
    const failed = result.verdicts.filter((v) => v.status === 'fail').length;
    lines.push(
      `[${result.spec}] ${result.verdicts.length} rule(s)${result.status === 'run' ? `, ${(result.durationMs / 1000).toFixed(1)} s` : ''}`,
    );
    if (result.status === 'skipped') {
      const ids = result.verdicts.map((v) => v.rule);
      lines.push(
        `  ${result.spec.padEnd(8)} ${`${ids[0] ?? ''}…${ids.at(-1) ?? ''}`.padEnd(12)} ${paint(YELLOW, 'skip')}  ${sanitise(result.reason ?? '')}`,
      );
      text += `${lines.join('\n')}\n`;
      continue;
    }
    for (const v of result.verdicts) {
      const warn = v.status === 'pass' && v.warnings > 0;
      const mark = warn ? 'warn' : MARK[v.status]!;
      lines.push(
        `  ${result.spec.padEnd(8)} ${v.rule.padEnd(12)} ${paint(warn ? YELLOW : STATUS_COLOUR[v.status]!, mark.padEnd(4))}  ${v.status === 'skip' || v.status === 'not_applicable' ? (v.reason ?? v.title) : v.title}`,
      );
      if (v.status === 'fail' || warn) {
        for (const finding of v.findings.slice(0, 3)) {
          lines.push(
            `${' '.repeat(24)}${paint(GREY, finding.id)} ${finding.message}${finding.probe ? paint(GREY, `  [${finding.probe}]`) : ''}`,
          );
          if (finding.excerpt) lines.push(`${' '.repeat(26)}${finding.excerpt}`);
        }
      }
    }
    lines.push(
      failed === 0
        ? paint(GREEN, `${result.spec}: none of ${result.verdicts.length} rule(s) failed`)
        : paint(
            RED,
            `${result.spec}: ${failed} of ${result.verdicts.length} rule(s) failed — ${seeRulePages(result.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule))}`,
          ),
    );
    text += `${lines.join('\n')}\n`;
  }
  if (results.length > 0 || !aoi) {
    const all = [...(aoi?.verdicts ?? []), ...results.flatMap((r) => r.verdicts)];
    const failed = all.filter((v) => v.status === 'fail');
    const bySpec = [...new Set(failed.map((v) => specOfRule(v.rule)))].join(', ');
    text += `\n${failed.length === 0 ? paint(GREEN, `conformant: ${all.length} verdict(s) over ${run.join(', ')}, none failed (${(durationMs / 1000).toFixed(1)} s)`) : paint(RED, `not conformant: ${failed.length} of ${all.length} verdict(s) failed (${bySpec})`)}\n`;
  }
  return text;
}

const MARK: Record<string, string> = {
  pass: 'ok',
  fail: 'FAIL',
  skip: 'skip',
  not_applicable: '-',
};

/** One line per command (a cell per rule), then the failures, warnings and skips with their evidence. */
export function renderText(report: LintReport, color: boolean): string {
  const paint = painter(color);
  const commands = [...new Set(report.verdicts.map((v) => v.command ?? ''))];
  const width = Math.max(...commands.map((c) => sanitise(c).length), 8);
  const cell = (v: RuleVerdict) => {
    const mark = v.status === 'pass' && v.warnings > 0 ? 'warn' : MARK[v.status]!;
    return paint(
      v.status === 'pass' && v.warnings > 0 ? YELLOW : STATUS_COLOUR[v.status]!,
      `${v.rule.slice(4)}:${mark}`.padEnd(7),
    );
  };
  const out = [
    `aoi-testkit lint ${report.target}: ${report.commands.length} command(s), ${report.probes} probe(s), ${(report.durationMs / 1000).toFixed(1)} s${report.strict ? ', strict' : ''}`,
  ];
  for (const command of commands)
    out.push(
      `  ${sanitise(command).padEnd(width)}  ${report.verdicts
        .filter((v) => v.command === command)
        .map(cell)
        .join(' ')}`,
    );
  const notable = report.verdicts.filter(
    (v) => v.status === 'fail' || v.status === 'skip' || v.warnings > 0,
  );
  if (notable.length > 0) out.push('');
  for (const verdict of notable) {
    const label =
      verdict.status === 'fail'
        ? paint(RED, 'FAIL')
        : verdict.status === 'skip'
          ? paint(YELLOW, 'SKIP')
          : paint(YELLOW, 'WARN');
    out.push(
      `  ${label}  ${verdict.rule} ${sanitise(`${verdict.command}`)}: ${verdict.status === 'skip' ? verdict.reason : verdict.title}`,
    );
    const shown = oneFindingPerDefect(verdict.findings, report.findings);
    if (shown.length === 0 && verdict.findings.length > 0)
      out.push(`          ${paint(GREY, shownUnder(verdict.findings) ?? '')}`);
    for (const { finding, alsoRules } of shown.slice(0, 3)) {
      out.push(
        `          ${paint(GREY, finding.id)} ${finding.message}${alsoFails(alsoRules)}${finding.probe ? paint(GREY, `  [${finding.probe}]`) : ''}`,
      );
      if (finding.excerpt) out.push(`            ${finding.excerpt}`);
    }
  }
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  out.push(
    failed.length === 0
      ? paint(
          GREEN,
          `conformant: ${report.verdicts.length} (rule × command) verdict(s), none failed`,
        )
      : paint(
          RED,
          `not conformant: ${failed.length} of ${report.verdicts.length} (rule × command) verdict(s) failed — ${seeRulePages(failed.map((v) => v.rule))}`,
        ),
  );
  return `${out.join('\n')}\n`;
}
