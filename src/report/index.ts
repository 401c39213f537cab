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
import { isAbsolute, relative } from 'node:path';
import type { ProgramReport } from '../lint/program.js';
import { specOfRule } from '../spec/specs.js';
import type { ReporterName } from './names.js';
import { REPORTERS, type RenderOptions } from './reporters.js';
import { locateFindings, type ReportView } from './view.js';

export { REPORTERS, type RenderOptions, type Reporter } from './reporters.js';
export { REPORTER_NAMES, REPORTER_INFO, type ReporterName } from './names.js';
export { formatFinding } from './finding.js';
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

/**
 * A program lint as the reporters' view: the findings of a spec that judged a file (an application's APP.md)
 * that have a line and no probe (about the file, not a run of the program) point into it, from the working
 * directory when it lies below it.
 */
export function programView(report: ProgramReport, cwd: string = process.cwd()): ReportView {
  const files = report.results.filter((r) => r.file !== undefined);
  const fileOf = (rule: string) => files.find((r) => specOfRule(rule)?.id === r.spec)?.file;
  return {
    verb: 'lint',
    target: report.target,
    report,
    durationMs: report.durationMs,
    ...(files.length > 0
      ? {
          locations: locateFindings(report, (f) => {
            const file = fileOf(f.rule);
            return file !== undefined && f.line !== undefined && f.probe === undefined
              ? { uri: fromCwd(file, cwd), line: f.line }
              : undefined;
          }),
        }
      : {}),
  };
}

/** A path relative to the working directory when it lies below it (code scanning wants paths from the checkout's root). */
function fromCwd(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
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
