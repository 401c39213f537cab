import { existsSync } from 'node:fs';
import { assertRuleIds, type ProgramOptions } from '../lint/program.js';
import { asKitError, lintRequested, type LintRequest } from '../verbs/lint.js';
import { findAnchor, parseAnchorSpec, programView } from '../report/index.js';
import { interruptedBy } from '../run/interrupt.js';
import type { ReporterName } from '../report/names.js';
import { LIVE_SPEC_IDS, liveSpecsOf, type LiveSpecId } from '../spec/specs.js';
import type { EnvelopeReading, FailureReading } from '../spec/exec/types.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { setPartialFindings } from './partial.js';
import { progressLine } from './progress.js';
import { deliverReport, parseReporting, stdoutReporter, type ReportingArgs } from './reporting.js';
import { shellWords } from '../shell-words.js';
import {
  InputError,
  parseProgramVerb,
  programFlags,
  shardFlag,
  UsageError,
  wordsFlag,
} from './usage.js';

/** `lint`'s arguments: what to lint, as the library takes it, and how the report is delivered. */
export interface LintArgs {
  /** The program (undefined without `--`: the config's), the config, the exec plan, the options the flags give. */
  request: LintRequest;
  reporting: ReportingArgs;
  /** The reporter on stdout (progress on stderr is for people: not with jsonl). */
  output: ReporterName;
  color: boolean;
  /** `--quiet`: no progress and no notes on stderr. */
  quiet: boolean;
  /** `--sarif-location FILE[:LINE]`: where SARIF and annotations place findings with no file of their own. */
  sarifLocation: string | undefined;
}

export function parseLintArgs(args: string[]): LintArgs {
  const { values, program } = parseProgramVerb('lint', args);
  if (program?.length === 0) throw new UsageError('lint needs a program after --');
  const lists = values as Record<string, string[] | undefined>;
  const text = (flag: string) => values[flag] as string | undefined;
  const reporting = parseReporting(values);
  asKitError(() => assertRuleIds(lists.only ?? []));
  const words = (lists.spec ?? []).flatMap((s) => s.split(',')).map((s) => s.trim());
  const unknown = words.find(
    (w) => w !== 'all' && !(LIVE_SPEC_IDS as readonly string[]).includes(w),
  );
  if (unknown !== undefined)
    throw new UsageError(`--spec must be cmdhelp, exec, app, aoi or all, got "${unknown}"`);
  const specs = liveSpecsOf(words as (LiveSpecId | 'all')[]);
  const appDir = text('app-dir');
  const sarifLocation = text('sarif-location');
  if (sarifLocation !== undefined && !existsSync(parseAnchorSpec(sarifLocation).file))
    throw new InputError(
      `--sarif-location ${sarifLocation}: no such file (name a file of the checkout, e.g. package.json or README.md:12)`,
      'not_found',
      'SARIF_LOCATION_NOT_FOUND',
    );
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
  const commands = (flag: string) => lists[flag]?.map((line) => wordsFlag(flag, line)) ?? [];
  const [invocations, setup, observe, appSetup] = ['invoke', 'setup', 'observe', 'app-setup'].map(
    commands,
  );
  const appRead = text('app-read');
  const appHuman = text('app-human');
  const shard = shardFlag(text('shard'));
  // Only the flags given are set: each replaces the config's key of the same name as a whole.
  const options: ProgramOptions = {
    ...programFlags('lint', values),
    ...(invocations!.length > 0 ? { invocations } : {}),
    ...(setup!.length > 0 ? { setup } : {}),
    ...(observe!.length > 0 ? { observe } : {}),
    ...(lists.only && lists.only.length > 0 ? { only: lists.only } : {}),
    ...(values.strict === true ? { strict: true } : {}),
    ...(values['caller-home'] === true ? { sandboxHome: false } : {}),
    ...(values['watch-outside'] === true ? { watchOutside: true } : {}),
    ...(specs.length > 0 ? { specs } : {}),
    ...(execEnvelope ? { execEnvelope: execEnvelope as EnvelopeReading } : {}),
    ...(execFailure ? { execFailure: execFailure as FailureReading } : {}),
    ...(appDir !== undefined ? { appDir } : {}),
    ...(appSetup!.length > 0 ? { appSetup } : {}),
    ...(appRead !== undefined ? { appRead: wordsFlag('app-read', appRead) } : {}),
    ...(appHuman !== undefined ? { appHuman: shellWords(appHuman) } : {}),
    ...(shard ? { shard } : {}),
  };
  return {
    request: { program, options, execPlan: text('exec-plan'), config: text('config') },
    output: stdoutReporter(reporting.reporters),
    reporting,
    color: wantsColour(values),
    quiet: values.quiet === true,
    sarifLocation,
  };
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
      ...args.request,
      options: {
        ...args.request.options,
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
