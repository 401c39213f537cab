/**
 * REPORTERS: every rendering of a report, by name. Each renders a `ReportView` (plain data: a view written to a
 * file and read back renders the same) to a string; the text, JSONL and JUnit reporters also render a run of the
 * kit on its corpus. Nothing here writes a file or decides an exit status: that is the caller's.
 */
import { renderBadge } from './badge.js';
import { renderBlob } from './blob.js';
import { runEvents, runJunit, runText, type CorpusRunView } from './corpus.js';
import { renderGithub } from './github.js';
import { renderHtml } from './html.js';
import { eventLines, verdictEvents } from './jsonl.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import type { ReporterName } from './names.js';
import { renderSarif } from './sarif.js';
import { renderText } from './text.js';
import type { ReportView } from './view.js';

export interface RenderOptions {
  /** ANSI colour in text for people (default off). */
  readonly color?: boolean;
  /** The report's date (html; default now). */
  readonly now?: Date;
}

export interface Reporter {
  /** A verdict report: a program lint, a checked stream, a manifest, a consumer's run. */
  render(view: ReportView, options?: RenderOptions): string;
  /** A run of the kit on its corpus (`scenarios --run`), when the reporter renders one. */
  corpus?(run: CorpusRunView, options?: RenderOptions): string;
}

export const REPORTERS: Readonly<Record<ReporterName, Reporter>> = {
  text: {
    render: (view, o) => renderText(view, o?.color === true),
    corpus: (run) => runText(run.results),
  },
  jsonl: {
    render: (view) => eventLines(verdictEvents(view)),
    corpus: (run) => eventLines(runEvents(run.results)),
  },
  junit: { render: renderJunit, corpus: (run) => runJunit(run.results) },
  github: { render: renderGithub },
  markdown: { render: renderMarkdown },
  sarif: { render: renderSarif },
  html: { render: (view, o) => renderHtml(view, o?.now) },
  badge: { render: renderBadge },
  blob: { render: (view) => renderBlob(view), corpus: (run) => renderBlob(run) },
};
