/**
 * The reporters' names, in the order the help lists them, with what the less obvious ones write (light: the CLI's
 * flag table reads it before any verb runs). `REPORTERS` (reporters.ts) has a renderer for each, or does not compile.
 * `corpus`: the reporter renders a corpus run (`scenarios --run`), with what it writes of one ('' when its name says
 * it); REPORTERS has a corpus renderer for exactly these (test/unit/report/every-reporter.test.ts).
 */
export const REPORTER_INFO = {
  text: { corpus: '' },
  jsonl: { corpus: '' },
  junit: { corpus: 'a testcase per scenario' },
  github: {},
  markdown: {},
  sarif: {},
  html: { about: 'a self-contained conformance report' },
  badge: { about: 'an SVG badge' },
  blob: { about: 'the whole report as data, for merge-reports', corpus: 'for merge-reports' },
} as const satisfies Record<string, { about?: string; corpus?: string }>;

export type ReporterName = keyof typeof REPORTER_INFO;
export const REPORTER_NAMES = Object.keys(REPORTER_INFO) as ReporterName[];

/** The reporters of a corpus run (`scenarios --run`: its results are scenarios, not rule verdicts). */
export const CORPUS_REPORTER_NAMES = REPORTER_NAMES.filter(
  (name) => (REPORTER_INFO[name] as { corpus?: string }).corpus !== undefined,
);
