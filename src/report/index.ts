/**
 * `aoi-testkit/report`: every rendering of the kit's reports, as the CLI's `--reporter` writes them. Render a
 * program lint from a script of your own, to any reporter:
 *
 * @example
 * import { lintProgram } from 'aoi-testkit/lint';
 * import { render } from 'aoi-testkit/report';
 * const report = await lintProgram(['node', 'dist/cli.js']);
 * writeFileSync('lint.sarif', render('sarif', report));
 */
import { join, resolve } from 'node:path';
import { findAnchor, fromCwd } from './anchor.js';
import type { ProgramReport } from '../lint/program.js';
import { specOfRule } from '../spec/specs.js';
import type { ReporterName } from './names.js';
import { REPORTERS, type RenderOptions } from './reporters.js';
import { locateFindings, type ReportView } from './view.js';

export { REPORTERS, type RenderOptions, type Reporter } from './reporters.js';
export { REPORTER_NAMES, REPORTER_INFO, type ReporterName } from './names.js';
export { formatFinding } from './finding.js';
export { findAnchor, parseAnchorSpec, type Anchor, type AnchorSource } from './anchor.js';
export { checkEvent, eventLines, verdictEvents, type KitEvent } from './jsonl.js';
export {
  applyBaseline,
  baselineOf,
  formatBaseline,
  parseBaseline,
  type BaselineEntry,
  type BaselineFile,
  type BaselineOutcome,
} from './baseline.js';
export { rulePage, rulePageLink, rulePageUrl, seeRulePages } from './rule-pages.js';
export type { ConsumerFacts, FileLocation, ReportView } from './view.js';
export type { CorpusRunView } from './corpus.js';
export { BLOB_FORMAT, BLOB_VERSION, parseBlob, renderBlob, type Blob } from './blob.js';
export { mergeBlobs } from './merge.js';
export type { ShardView } from './view.js';

/** How a program lint's findings are placed in the reporters that need a file (report/anchor.ts). */
export interface ProgramViewOptions {
  /** The working directory paths are given from (default the process's). */
  readonly cwd?: string;
  /** The program and its arguments as given (default: the report's target split at spaces). */
  readonly argv?: readonly string[];
  /** `FILE[:LINE]`: where findings with no file of their own are placed (`--sarif-location`). */
  readonly location?: string;
}

/**
 * A program lint as the reporters' view: the findings of a spec that judged a file (an application's APP.md)
 * that have a line and no probe (about the file, not a run of the program) point into it, from the working
 * directory when it lies below it; every other finding is placed at the lint's anchor (findAnchor: the file that
 * declares the command, its script, the project's manifest), an application package's APP.md when there is no
 * program.
 */
export function programView(report: ProgramReport, options: ProgramViewOptions = {}): ReportView {
  const cwd = options.cwd ?? process.cwd();
  const files = report.results.filter((r) => r.file !== undefined);
  const fileOf = (rule: string) => files.find((r) => specOfRule(rule)?.id === r.spec)?.file;
  const argv = options.argv ?? (report.target === report.appDir ? [] : report.target.split(' '));
  const anchor =
    findAnchor(argv, cwd, options.location) ??
    (report.appDir !== undefined
      ? { uri: fromCwd(join(report.appDir, 'APP.md'), cwd), line: 1 }
      : undefined);
  return {
    verb: 'lint',
    target: report.target,
    report,
    durationMs: report.durationMs,
    ...(anchor
      ? { anchor: { uri: anchor.uri, ...(anchor.line ? { line: anchor.line } : {}) } }
      : {}),
    ...(files.length > 0
      ? {
          locations: locateFindings(report, (f) => {
            const file = fileOf(f.rule);
            return file !== undefined && f.line !== undefined && f.probe === undefined
              ? { uri: fromCwd(resolve(cwd, file), cwd), line: f.line }
              : undefined;
          }),
        }
      : {}),
  };
}

/** A report rendered by the reporter of that name: a view, or a program lint's report as it came. */
export function render(
  name: ReporterName,
  input: ReportView | ProgramReport,
  options: RenderOptions = {},
): string {
  const view = 'verb' in input ? input : programView(input);
  return REPORTERS[name].render(view, options);
}
