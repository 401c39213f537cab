/**
 * The one reporting layer of `lint`, `check` and `manifest`: which reporters were asked for (`--reporter
 * NAME[=PATH]`, repeatable; `--output text|jsonl` is the alias of the one on stdout), and their delivery, each
 * to its file or to stdout. The verb gives its own text and JSONL (they carry its facts: probes, stream
 * statistics); the others render the spec-neutral `ReportView` alone.
 */
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { applyBaseline, baselineOf, writeBaseline, writeReason } from '../baseline.js';
import { Emitter } from '../emitter.js';
import { InputError } from '../usage.js';
import {
  stdoutReporter,
  type ReporterName,
  type ReporterTarget,
  type ReportingArgs,
} from './options.js';
import { renderBadge } from './badge.js';
import { renderGithub, stepSummary } from './github.js';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { viewOk, type ReportView } from './view.js';

/** The verb's own renderings of a view: text for people (with colour only on a terminal), and its AOI JSONL through an emitter. */
export interface VerbRenderers {
  readonly text: (view: ReportView, color: boolean) => string;
  readonly jsonl: (view: ReportView, emitter: Emitter) => void;
}

/**
 * The end of every reporting verb: judge the report against the baseline (if any), write the new baseline (if
 * asked), deliver every reporter; the exit status is 0 when the run is ok (its baseline's verdict), else 1.
 * Without --baseline, a run that writes one is judged against what it wrote (so adopting the kit is one green run).
 */
export function report(
  args: ReportingArgs,
  view: Omit<ReportView, 'baseline'>,
  own: VerbRenderers,
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
  deliver(args.reporters, judged, own, stdout);
  return viewOk(judged) ? 0 : 1;
}

/** Render every reporter asked for and write it to its file or stdout (files first: stdout may be a closed pipe). */
export function deliver(
  targets: readonly ReporterTarget[],
  view: ReportView,
  own: VerbRenderers,
  stdout: { emitter: Emitter; color: boolean },
): void {
  const render = (name: ReporterName, color: boolean): string => {
    switch (name) {
      case 'text':
        return own.text(view, color);
      case 'jsonl':
        return collect((emitter) => own.jsonl(view, emitter));
      case 'junit':
        return renderJunit(view);
      case 'github':
        return renderGithub(view);
      case 'markdown':
        return renderMarkdown(view);
      case 'sarif':
        return renderSarif(view);
      case 'html':
        return renderHtml(view);
      case 'badge':
        return renderBadge(view);
    }
  };
  for (const target of targets) {
    if (target.path === undefined) continue;
    try {
      writeFileSync(target.path, render(target.name, false));
    } catch (error) {
      throw new InputError(
        `--reporter ${target.name}=${target.path}: cannot write it: ${writeReason(error)}`,
        'io',
        'REPORT_NOT_WRITABLE',
        73,
      );
    }
  }
  if (targets.some((t) => t.name === 'github')) {
    try {
      stepSummary(view);
    } catch (error) {
      throw new InputError(
        `--reporter github: cannot append to $GITHUB_STEP_SUMMARY: ${writeReason(error)}`,
        'io',
        'REPORT_NOT_WRITABLE',
        73,
      );
    }
  }
  const name = stdoutReporter(targets);
  if (name === 'jsonl') own.jsonl(view, stdout.emitter);
  else process.stdout.write(render(name, stdout.color));
}

/** The JSONL an emitter writes, as a string (for a file). */
export function collect(write: (emitter: Emitter) => void): string {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  write(new Emitter(sink));
  return text;
}

export type { ReportView } from './view.js';
export {
  parseReporting,
  REPORTER_NAMES,
  type ReporterName,
  type ReporterTarget,
  type ReportingArgs,
} from './options.js';
