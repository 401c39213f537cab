import fc from 'fast-check';
import { aoiStreamWithDefect, type Defect } from './defects.js';
import { aoiStream, type AoiStreamOptions, type GeneratedStream } from './stream.js';
import { aoiText } from './values.js';

/** A whole captured run, shaped like the kit's `Run` and `FakeRun`, with its label. */
export interface GeneratedRun {
  readonly stdout: Uint8Array;
  /** What the tool wrote for humans: log lines, progress, a warning (stderr is free-form, §2). */
  readonly stderr: Uint8Array;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The command is unbounded: judge it with `{ unbounded: true }`. */
  readonly unbounded: boolean;
  /** True when stdout and the way the process ended agree with the spec. */
  readonly consistent: boolean;
  /** `conformant`, or the id of the one defect the run has. */
  readonly label: string;
  /** The sub-rules a conforming judge reports: none for a consistent run. */
  readonly violates: readonly string[];
  /** The defect, for an inconsistent run. */
  readonly defect?: Defect;
}

export interface AoiRunOptions {
  /** true: only consistent runs; false: only runs with one labelled defect; default: both. */
  consistent?: boolean;
  /** Only these defects (ids of `DEFECT_IDS`), for inconsistent runs. */
  defects?: readonly string[];
  /** How the consistent runs' streams are drawn. */
  stream?: AoiStreamOptions;
}

/** Human lines on stderr: any text, one per line. */
const stderrLines = fc.array(
  aoiText({ maxLength: 60 }).map((line) => line.replace(/[\r\n]/g, ' ')),
  { maxLength: 4 },
);

const toRun = (
  stream: GeneratedStream,
  lines: readonly string[],
  label: Pick<GeneratedRun, 'consistent' | 'label' | 'violates' | 'defect'>,
): GeneratedRun => ({
  stdout: stream.bytes,
  stderr: Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8'),
  exitCode: stream.exitCode,
  signal: stream.signal,
  unbounded: stream.unbounded,
  ...label,
});

/**
 * A whole captured run — stdout, stderr, exit code, signal — consistent (`aoiStream()`) or with one
 * labelled defect (`aoiStreamWithDefect()`), for testing code that judges runs: a consumer's
 * success test, a linter, a CI gate. `run.violates` lists what a conforming judge reports.
 *
 * @example
 * fc.assert(
 *   fc.property(aoiRun(), (run) => {
 *     const report = checkStream(run.stdout, { exitCode: run.exitCode, signal: run.signal, unbounded: run.unbounded });
 *     expect(report.findings.length === 0).toBe(run.consistent);
 *   }),
 * );
 */
export function aoiRun(options: AoiRunOptions = {}): fc.Arbitrary<GeneratedRun> {
  const consistent = fc
    .tuple(aoiStream(options.stream), stderrLines)
    .map(([stream, lines]) =>
      toRun(stream, lines, { consistent: true, label: 'conformant', violates: [] }),
    );
  const inconsistent = fc
    .tuple(aoiStreamWithDefect(options.defects), stderrLines)
    .map(([stream, lines]) =>
      toRun(stream, lines, {
        consistent: false,
        label: stream.defect.id,
        violates: stream.defect.violates,
        defect: stream.defect,
      }),
    );
  if (options.consistent === true) return consistent;
  if (options.consistent === false) return inconsistent;
  // Cross-shrinking: a failure shrinks to a consistent run when one fails too.
  return fc.oneof({ withCrossShrink: true }, consistent, inconsistent);
}
