import type { EnvelopeReading, FailureReading } from '../../../spec/exec/types.js';
import type { VerdictCollector } from '../../verdict.js';
import type { ExecPlan } from '../plan.js';
import { isObject } from '../../../stream/json.js';
export { isObject };

/**
 * The probes of a live exec judgement, in the order they run; each records one run of the tool. `manifest`
 * prints the dispatch manifest; `plan` tries the manifest's safe commands (only without a given plan); the
 * `*-inspect` probes ask the plan's read-only line what the state of the probe before them is.
 */
export type ExecProbeKey =
  | 'manifest'
  | 'plan'
  | 'ignore-errors'
  | 'default'
  | 'all-ok'
  | 'baseline'
  | 'malformed'
  | 'malformed-inspect'
  | 'malformed-ignore-errors'
  | 'malformed-ignore-errors-inspect'
  | 'mutation'
  | 'mutation-inspect'
  | 'dry-run'
  | 'dry-run-inspect'
  | 'opts-bare'
  | 'opts-bare-inspect'
  | 'opts-leak'
  | 'opts-leak-inspect'
  | 'opts-valued'
  | 'opts-valued-without'
  | 'stdin'
  | 'input-file'
  | 'input-file-stdin-open'
  | 'process-count'
  | 'large';

/** One recorded run of the tool: what the process runner captured, with what it was given. */
export interface ExecRun {
  readonly command: string;
  /** Everything after the command: the tool's words, then exec's (or the manifest's) and the probe's flags. */
  readonly args: readonly string[];
  /** `closed`, `open` (a pipe never written to), or the batch written to it. */
  readonly stdin: 'closed' | 'open' | string;
  readonly stdout: Uint8Array;
  readonly stderr: Uint8Array;
  /** Null when the process was ended by a signal. */
  readonly exitCode: number | null;
  /** Killed after `timeoutMs`. */
  readonly timedOut: boolean;
  readonly timeoutMs: number;
  /** The kit cut the output at its cap after this many bytes and killed the run (`RecordExecOptions.maxOutputBytes`). */
  readonly outputCapped?: number;
  /** The Node processes the run started, counted by a preload (the `process-count` probe only). */
  readonly processes?: number;
}

/** Everything a live exec judgement needs: how exec was reached, the plan its lines came from, and every run. */
export interface ExecRecording {
  readonly command: string;
  /** The tool's own words before exec's (e.g. a script path). */
  readonly args: readonly string[];
  /** The words that select exec. */
  readonly execArgs: readonly string[];
  /** The words that print the dispatch manifest. */
  readonly manifestArgs: readonly string[];
  /** The plan the probes used: the one given, or the one built from the manifest (undefined when none could be). */
  readonly plan?: ExecPlan;
  /** Where the plan came from: `given`, `manifest` (built from it), or `none`. */
  readonly planSource: 'given' | 'manifest' | 'none';
  /** Why no plan could be built from the manifest (when none was given, none was built, and exec answered). */
  readonly planProblem?: string;
  /** Every run by its probe key, in the order they ran. */
  readonly runs: Readonly<Partial<Record<ExecProbeKey, ExecRun>>>;
}

/** What a judge of recorded runs gets: the recording, where `_cmd`/`_line` must be, and the collector every EXEC finding goes to. */
export interface ExecJudgement {
  readonly recording: ExecRecording;
  readonly envelope: EnvelopeReading;
  /** What exec must do after a failed line without --ignore-errors. */
  readonly failure: FailureReading;
  readonly out: VerdictCollector;
}

export type Json = Record<string, unknown>;
export const textOf = (b: Uint8Array): string => Buffer.from(b).toString('utf8');
/** A batch as exec reads it: one JSON line per request (strings as they are: a malformed line). */
export const jsonl = (lines: readonly unknown[]): string =>
  `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;

/** Every stdout line that is a JSON object, with its text. */
export const objectLines = (run: Pick<ExecRun, 'stdout'>): { value: Json; text: string }[] =>
  textOf(run.stdout)
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        const v = JSON.parse(l) as unknown;
        return isObject(v) ? [{ value: v, text: l }] : [];
      } catch {
        return [];
      }
    });
export const envelopes = (run: Pick<ExecRun, 'stdout'>): Json[] =>
  objectLines(run).map((o) => o.value);
/** The run answered no envelope at all: exec is not there (EXEC-01/no-exec). */
export const answeredNothing = (run: Pick<ExecRun, 'stdout'>): boolean =>
  objectLines(run).length === 0;
export const lineOf = (e: Json): unknown =>
  e._line ?? (isObject(e.meta) ? e.meta._line : undefined);

/** The envelope that answers a 1-based input line: by its _line (top level or meta), else by position. */
export function answerTo(es: Json[], line: number): Json | undefined {
  if (es.some((e) => lineOf(e) !== undefined)) return es.find((e) => lineOf(e) === line);
  return es[line - 1];
}

/** The data the plan's inspect line answered in an `*-inspect` run (the state it shows), as JSON text. */
export const inspectData = (run: ExecRun | undefined): string | undefined => {
  const e = run ? envelopes(run)[0] : undefined;
  return e ? JSON.stringify(e.data) : undefined;
};

/** The requests of a recorded batch (blank lines aside). */
export const batchSize = (run: ExecRun): number =>
  run.stdin === 'closed' || run.stdin === 'open'
    ? 0
    : run.stdin.split('\n').filter((l) => l.trim()).length;

/** A probe as findings name it: the command line, with exec's words and then `extra`. */
export const probeLabel = (recording: ExecRecording, extra: readonly string[]): string =>
  [recording.command, ...recording.args, ...recording.execArgs, ...extra].join(' ');
/** A recorded run as findings name it: its command line. */
export const runLabel = (run: ExecRun): string => [run.command, ...run.args].join(' ');
