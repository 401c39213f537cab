/**
 * The reporting flags of every verb that reports (`--reporter NAME[=PATH]`, repeatable, `--output text|jsonl` the
 * one on stdout; `--baseline`, `--write-baseline`), and the delivery: each reporter of `report/` rendered to its
 * file or to stdout, the baseline read and written, the exit status from the outcome. Nothing here renders.
 */
import { accessSync, appendFileSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readInputFile } from '../read-file.js';
import {
  applyBaseline,
  baselineOf,
  formatBaseline,
  parseBaseline,
  type BaselineFile,
} from '../report/baseline.js';
import type { CorpusRunView } from '../report/corpus.js';
import { REPORTER_NAMES, type ReporterName } from '../report/names.js';
import { REPORTERS } from '../report/reporters.js';
import { viewOk, type ReportView } from '../report/view.js';
import type { Emitter } from './emitter.js';
import { InputError, ioReason, UsageError } from '../errors.js';

export interface ReporterTarget {
  readonly name: ReporterName;
  /** The file to write; undefined: stdout. */
  readonly path?: string;
}

/** The reporting flags of a verb, parsed (the baseline read now: a bad file is an error before any work). */
export interface ReportingArgs {
  readonly reporters: readonly ReporterTarget[];
  readonly baseline?: { readonly file: string; readonly data: BaselineFile };
  readonly writeBaseline?: string;
}

/** `--output`/`--format` and every `--reporter NAME[=PATH]`: at most one on stdout (text when none is). */
export function parseReporters(
  output: string | undefined,
  reporters: readonly string[] = [],
): ReporterTarget[] {
  const targets: ReporterTarget[] = [];
  if (output !== undefined) {
    if (output !== 'text' && output !== 'jsonl')
      throw new UsageError(
        `--output must be text or jsonl, got "${output}" (other formats: --reporter ${REPORTER_NAMES.join('|')})`,
      );
    targets.push({ name: output });
  }
  for (const value of reporters) {
    const [name, path] = value.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!(REPORTER_NAMES as readonly string[]).includes(name))
      throw new UsageError(
        `--reporter must be ${REPORTER_NAMES.join(', ')} (with =PATH to write a file), got "${name}"`,
      );
    if (path === '') throw new UsageError(`--reporter ${name}= needs a file after the =`);
    targets.push({ name: name as ReporterName, ...(path !== undefined ? { path } : {}) });
  }
  const onStdout = targets.filter((t) => t.path === undefined);
  if (onStdout.length > 1)
    throw new UsageError(
      `only one reporter can write to stdout, got ${onStdout.map((t) => t.name).join(' and ')}; give the others a file: --reporter ${onStdout[1]!.name}=PATH`,
    );
  const paths = targets.flatMap((t) => (t.path === undefined ? [] : [t.path]));
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice !== undefined) throw new UsageError(`two reporters write to ${twice}`);
  if (onStdout.length === 0) targets.unshift({ name: 'text' });
  return targets;
}

/** The reporter on stdout (there is always one). */
export const stdoutReporter = (targets: readonly ReporterTarget[]): ReporterName =>
  targets.find((t) => t.path === undefined)!.name;

export function parseReporting(values: Readonly<Record<string, unknown>>): ReportingArgs {
  const text = (key: string) =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  const reporters = parseReporters(
    text('output') ?? text('format'),
    (values.reporter as string[] | undefined) ?? [],
  );
  const baseline = text('baseline');
  const write = text('write-baseline');
  if (write !== undefined && reporters.some((t) => t.path === write))
    throw new UsageError(`--write-baseline ${write} is also a --reporter file`);
  // A file that cannot be written is said before the work, not after every probe ran.
  for (const target of reporters)
    if (target.path !== undefined)
      assertWritable(target.path, `--reporter ${target.name}=${target.path}: cannot write it`);
  if (write !== undefined)
    assertWritable(write, `--write-baseline ${write}: cannot write it`, 'BASELINE_NOT_WRITABLE');
  return {
    reporters,
    ...(baseline !== undefined
      ? { baseline: { file: baseline, data: readBaseline(baseline) } }
      : {}),
    ...(write !== undefined ? { writeBaseline: write } : {}),
  };
}

/**
 * The end of every reporting verb: judge the report against the baseline (if any), write the new baseline (if
 * asked), deliver every reporter; the exit status is 0 when the run is ok (its baseline's verdict), else 1.
 * Without --baseline, a run that writes one is judged against what it wrote (so adopting the kit is one green run).
 */
export function deliverReport(
  args: ReportingArgs,
  view: ReportView,
  stdout: { emitter: Emitter; color: boolean },
): number {
  let judged: ReportView = view;
  if (args.baseline)
    judged = {
      ...view,
      baseline: applyBaseline(view.report, args.baseline.data, args.baseline.file),
    };
  if (args.writeBaseline !== undefined) {
    const written = baselineOf(view.report);
    writeBaseline(args.writeBaseline, written);
    if (!args.baseline)
      judged = { ...view, baseline: applyBaseline(view.report, written, args.writeBaseline) };
  }
  const render = (name: ReporterName, color: boolean) => REPORTERS[name].render(judged, { color });
  writeFiles(args.reporters, render);
  if (args.reporters.some((t) => t.name === 'github')) {
    try {
      stepSummary(judged);
    } catch (error) {
      throw notWritable(`--reporter github: cannot append to $GITHUB_STEP_SUMMARY`, error);
    }
  }
  stdout.emitter.write(render(stdoutReporter(args.reporters), stdout.color));
  return viewOk(judged) ? 0 : 1;
}

/** GitHub Actions' job summary: the markdown report, appended when the runner names the file. */
export function stepSummary(view: ReportView, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (file) appendFileSync(file, `${REPORTERS.markdown.render(view)}\n`);
}

/** A run of the kit on its corpus, to every reporter asked for (text, jsonl, junit); 0 when the kit agrees with all. */
export function deliverCorpusRun(
  targets: readonly ReporterTarget[],
  run: CorpusRunView,
  emitter: Emitter,
): number {
  const render = (name: ReporterName) => REPORTERS[name].corpus!(run);
  writeFiles(targets, render);
  emitter.write(render(stdoutReporter(targets)));
  return run.results.every((r) => r.ok) ? 0 : 1;
}

/** Render every reporter that has a file and write it (before stdout: stdout may be a closed pipe). */
function writeFiles(
  targets: readonly ReporterTarget[],
  render: (name: ReporterName, color: boolean) => string,
): void {
  for (const target of targets) {
    if (target.path === undefined) continue;
    try {
      writeFileSync(target.path, render(target.name, false));
    } catch (error) {
      throw notWritable(`--reporter ${target.name}=${target.path}: cannot write it`, error);
    }
  }
}

/** Why a file could not be written: its directory is missing, or what ioReason says. */
export const writeReason = (error: unknown): string =>
  (error as NodeJS.ErrnoException).code === 'ENOENT'
    ? 'no such directory'
    : ioReason(error).replace(/^unreadable/, 'unwritable');

const notWritable = (what: string, error: unknown, code = 'REPORT_NOT_WRITABLE') =>
  new InputError(`${what}: ${writeReason(error)}`, 'io', code, 73);

/**
 * A file the run will write can be: its directory exists and is writable, and the file, if it is there, is a
 * writable file. Nothing is created (a run that fails early leaves no empty report behind).
 */
function assertWritable(path: string, what: string, code?: string): void {
  try {
    let stats;
    try {
      stats = statSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (stats?.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    accessSync(stats ? path : dirname(resolve(path)), constants.W_OK);
  } catch (error) {
    throw notWritable(what, error, code);
  }
}

/** Read a baseline file: a usage-level input error (exit 66 missing, 65 malformed) names what is wrong. */
export function readBaseline(file: string): BaselineFile {
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new InputError(
        `--baseline ${file}: no such file (write one with --write-baseline ${file})`,
        'not_found',
        'BASELINE_NOT_FOUND',
      );
    throw new InputError(
      `--baseline ${file}: cannot read it: ${ioReason(error)}`,
      'io',
      'BASELINE_NOT_READABLE',
    );
  }
  try {
    return parseBaseline(text);
  } catch (error) {
    throw new InputError(
      `--baseline ${file}: not a baseline file: ${(error as Error).message}`,
      'validation',
      'BASELINE_INVALID',
      65,
    );
  }
}

function writeBaseline(file: string, baseline: BaselineFile): void {
  try {
    writeFileSync(file, formatBaseline(baseline));
  } catch (error) {
    throw new InputError(
      `--write-baseline ${file}: cannot write it: ${writeReason(error)}`,
      'io',
      'BASELINE_NOT_WRITABLE',
      73,
    );
  }
}
