/**
 * The delivery of a verb's report: the baseline applied and written, each reporter of `report/` rendered to its
 * file, one to the caller's stdout, GitHub's step summary appended; the exit status from the outcome. Files the run
 * will write are checked before the work (`assertWritable`), a baseline read before it (`readBaseline`).
 */
import { accessSync, appendFileSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError, ioReason } from '../errors.js';
import { readInputFile } from '../read-file.js';
import {
  applyBaseline,
  baselineOf,
  formatBaseline,
  parseBaseline,
  type BaselineFile,
} from '../report/baseline.js';
import type { CorpusRunView } from '../report/corpus.js';
import type { ReporterName } from '../report/names.js';
import { REPORTERS } from '../report/reporters.js';
import { viewOk, type ReportView } from '../report/view.js';

export interface ReporterTarget {
  readonly name: ReporterName;
  /** The file to write; undefined: stdout. */
  readonly path?: string;
}

/** Where a verb's report goes: its reporters, and the baseline to judge it by and to write. */
export interface ReportingArgs {
  readonly reporters: readonly ReporterTarget[];
  readonly baseline?: { readonly file: string; readonly data: BaselineFile };
  readonly writeBaseline?: string;
}

/** The reporter on stdout (there is always one). */
export const stdoutReporter = (targets: readonly ReporterTarget[]): ReporterName =>
  targets.find((t) => t.path === undefined)!.name;

/**
 * The end of every reporting verb: judge the report against the baseline (if any), write the new baseline (if
 * asked), deliver every reporter; the exit status is 0 when the run is ok (its baseline's verdict), else 1.
 * Without --baseline, a run that writes one is judged against what it wrote (so adopting the kit is one green run).
 */
export function deliverReport(
  args: ReportingArgs,
  view: ReportView,
  stdout: { emitter: { write(text: string): void }; color: boolean },
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
  emitter: { write(text: string): void },
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
export function assertWritable(path: string, what: string, code?: string): void {
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
