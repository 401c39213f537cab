import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { assertRuleIds } from '../lint/program.js';
import { asKitError, lintRequested } from '../verbs/lint.js';
import { findAnchor, parseAnchorSpec, programView } from '../report/index.js';
import { interruptedBy } from '../run/interrupt.js';
import type { ReporterName } from '../report/names.js';
import { LIVE_SPEC_IDS, type LiveSpecId } from '../spec/specs.js';
import type { EnvelopeReading, FailureReading } from '../spec/exec/types.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { setPartialFindings } from './partial.js';
import { progressLine } from './progress.js';
import { deliverReport, parseReporting, stdoutReporter, type ReportingArgs } from './reporting.js';
import { shellWords } from '../shell-words.js';
import { parseOptions } from './surface.js';
import { InputError, intFlag, shardFlag, UsageError } from './usage.js';
import type { Shard } from '../shard.js';

export interface LintArgs {
  /** Undefined without `--`: the config's program, or none (an application package is the only target). */
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
  /** `--spec` (the live specs; `all` expanded); empty: detect. */
  specs: LiveSpecId[];
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
  /** `--shard I/N`: the AOI lint's commands of that shard, and each other spec in the shard of its id. */
  shard: Shard | undefined;
  /** `--quiet`: no progress and no notes on stderr. */
  quiet: boolean;
  /** `--sarif-location FILE[:LINE]`: where SARIF and annotations place findings with no file of their own. */
  sarifLocation: string | undefined;
  /** `--config FILE`: the config file (default: the nearest aoi-testkit.config.* or package.json key upward). */
  config: string | undefined;
}

export function parseLintArgs(args: string[]): LintArgs {
  const dashes = args.indexOf('--');
  // No `--`: the program is the config's (runLint says so when there is none).
  const [program, ...programArgs] = dashes === -1 ? [] : args.slice(dashes + 1);
  if (dashes !== -1 && program === undefined) throw new UsageError('lint needs a program after --');
  let parsed;
  try {
    parsed = parseArgs({
      args: joinDashValues(dashes === -1 ? args : args.slice(0, dashes)),
      strict: true,
      options: parseOptions('lint'),
    });
  } catch (error) {
    // `lint mytool` (no `--`): the program is a word parseArgs does not expect.
    if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new UsageError(
        `lint needs the program after --: aoi-testkit lint [options] -- <program> [args...] (${(error as Error).message})`,
      );
    throw new UsageError((error as Error).message);
  }
  // The flags' types are the table's: valued flags give strings (repeatable ones lists), the others booleans.
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const lists = parsed.values as Record<string, string[] | undefined>;
  const text = (flag: string) => values[flag] as string | undefined;
  const reporting = parseReporting(values);
  asKitError(() => assertRuleIds(lists.only ?? []));
  const specs = new Set<LiveSpecId>();
  for (const word of (lists.spec ?? []).flatMap((s) => s.split(',')).map((s) => s.trim())) {
    if (word === 'all') LIVE_SPEC_IDS.forEach((s) => specs.add(s));
    else if ((LIVE_SPEC_IDS as readonly string[]).includes(word)) specs.add(word as LiveSpecId);
    else throw new UsageError(`--spec must be cmdhelp, exec, app, aoi or all, got "${word}"`);
  }
  const appDir = text('app-dir');
  if (appDir !== undefined && !isDirectory(appDir))
    throw new InputError(
      `--app-dir ${appDir}: ${existsSync(appDir) ? 'not a directory' : 'no such file or directory'}`,
      'not_found',
      'APP_DIR_NOT_FOUND',
    );
  const sarifLocation = text('sarif-location');
  if (sarifLocation !== undefined && !existsSync(parseAnchorSpec(sarifLocation).file))
    throw new InputError(
      `--sarif-location ${sarifLocation}: no such file (name a file of the checkout, e.g. package.json or README.md:12)`,
      'not_found',
      'SARIF_LOCATION_NOT_FOUND',
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
    specs: LIVE_SPEC_IDS.filter((s) => specs.has(s)),
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
    shard: shardFlag(text('shard')),
    sarifLocation,
    config: text('config'),
    quiet: values.quiet === true,
  };
}

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

/**
 * `aoi-testkit lint`: judge a live CLI (and/or an application package) against the selected specs — or, without
 * `--spec`, those it is detected to support (lintProgram); returns the exit status (0 conformant, 1 a rule failed).
 */
export async function runLint(args: LintArgs, emitter: Emitter): Promise<number> {
  // Progress and notes on stderr are for people: not with jsonl on stdout, nor when asked to be quiet.
  const people = args.output !== 'jsonl' && !args.quiet;
  const progress = people ? progressLine() : undefined;
  let report, argv, configured;
  try {
    ({
      report,
      argv,
      sarifLocation: configured,
    } = await lintRequested({
      program: args.program !== undefined ? [args.program, ...args.programArgs] : undefined,
      config: args.config,
      execPlan: args.execPlan,
      // The flags given override the config's keys, each as a whole.
      options: {
        ...(args.invocations.length > 0 ? { invocations: args.invocations } : {}),
        ...(args.setup.length > 0 ? { setup: args.setup } : {}),
        ...(args.observe.length > 0 ? { observe: args.observe } : {}),
        ...(Object.keys(args.env).length > 0 ? { env: args.env } : {}),
        ...(args.machineFlag ? { machineFlag: args.machineFlag } : {}),
        ...(args.schemaCommand ? { schemaCommand: args.schemaCommand } : {}),
        ...(args.only.length > 0 ? { only: args.only } : {}),
        ...(args.strict ? { strict: true } : {}),
        ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
        ...(args.maxOutputBytes !== undefined ? { maxOutputBytes: args.maxOutputBytes } : {}),
        ...(args.callerHome ? { sandboxHome: false } : {}),
        ...(args.watchOutside ? { watchOutside: true } : {}),
        ...(args.specs.length > 0 ? { specs: args.specs } : {}),
        ...(args.execManifest ? { execManifest: args.execManifest } : {}),
        ...(args.execEnvelope ? { execEnvelope: args.execEnvelope } : {}),
        ...(args.execFailure ? { execFailure: args.execFailure } : {}),
        ...(args.appDir !== undefined ? { appDir: args.appDir } : {}),
        ...(args.appSetup ? { appSetup: args.appSetup } : {}),
        ...(args.appRead ? { appRead: args.appRead } : {}),
        ...(args.appHuman ? { appHuman: args.appHuman } : {}),
        ...(args.shard ? { shard: args.shard } : {}),
        onFindings: setPartialFindings,
        ...(progress ? { onProgress: progress.update } : {}),
        ...(people
          ? { onNote: (text: string) => process.stderr.write(`aoi-testkit lint: ${text}\n`) }
          : {}),
      },
    }));
  } finally {
    progress?.done();
    // Interrupted: the handler writes the partial report and exits. What the lint made of runs its clean-up killed
    // (a report, or an error such as "cannot start") is the kit's doing, not the tool's: it is never written.
    if (interruptedBy()) await new Promise<never>(() => {});
  }
  // The flag, else the config's sarifLocation.
  const location = args.sarifLocation ?? configured;
  const placed = args.reporting.reporters.some((r) => r.name === 'sarif' || r.name === 'github');
  if (placed && people && findAnchor(argv, process.cwd(), location)?.source === 'program')
    process.stderr.write(
      `aoi-testkit lint: no file of this directory declares ${argv[0]}: SARIF and annotations place its findings at "${argv[0]}", which code scanning cannot show; name a file with --sarif-location FILE[:LINE]\n`,
    );
  const view = programView(report, {
    argv,
    ...(location !== undefined ? { location } : {}),
  });
  return deliverReport(args.reporting, view, { emitter, color: args.color });
}
