/**
 * The reporters' names, in the order the help lists them, with what the less obvious ones write (light: the CLI's
 * flag table reads it before any verb runs). `REPORTERS` (reporters.ts) has a renderer for each, or does not compile.
 */
export const REPORTER_INFO = {
  text: {},
  jsonl: {},
  junit: {},
  github: {},
  markdown: {},
  sarif: {},
  html: { about: 'a self-contained conformance report' },
  badge: { about: 'an SVG badge' },
  blob: { about: 'the whole report as data, for merge-reports' },
} as const satisfies Record<string, { about?: string }>;

export type ReporterName = keyof typeof REPORTER_INFO;
export const REPORTER_NAMES = Object.keys(REPORTER_INFO) as ReporterName[];
