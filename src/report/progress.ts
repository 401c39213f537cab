/** The progress lines the kit writes on stderr while a verb runs (the CLI decides where and how often). */
import { sanitise } from '../stream/sanitise.js';

/** What the AOI runner reports after each probe run (src/lint/aoi/runner.ts): `probe` is its label, canaries masked. */
export interface ProbeProgress {
  readonly done: number;
  readonly started: number;
  readonly probe: string;
}

/**
 * `aoi-testkit lint: 12/15 probes · notes list --output jsonl`. The total is the probes started so far, not
 * the lint's final count: probes are discovered as the lint goes (the commands come from capabilities, some
 * probes depend on earlier answers), so it grows while the lint runs. The probe's label quotes the program's
 * command line: sanitised (the one sanitiser), and cut to `width` characters when a terminal has a width.
 */
export function progressText({ done, started, probe }: ProbeProgress, width?: number): string {
  const line = `aoi-testkit lint: ${done}/${Math.max(started, done)} probes · ${sanitise(probe)}`;
  if (width === undefined || width <= 1 || [...line].length < width) return line;
  // One column short of the width: a character in the last column makes some terminals wrap.
  return `${[...line].slice(0, width - 2).join('')}…`;
}

/** A corpus run's progress line: `aoi-testkit scenarios: 12/311 · aoi-02-ansi`. */
export const corpusProgressText = (done: number, total: number, id: string): string =>
  `aoi-testkit scenarios: ${done}/${total} · ${id}`;
