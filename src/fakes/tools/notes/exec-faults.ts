/**
 * Faults of `notes exec`, selected by the environment variable `AOI_TESTKIT_EXEC_FAULTS` (comma-separated
 * ids), in memory (`runInMemory(notes, { env })`) and as a process alike. Each declares the EXEC sub-rules
 * a conforming checker reports for it, and no others. Like every fake, this never imports the checks.
 */
export const EXEC_FAULTS_ENV = 'AOI_TESTKIT_EXEC_FAULTS';

export interface ExecFault {
  readonly id: ExecFaultId;
  readonly description: string;
  /** The sub-rule ids `checkExec` (with the notes plan) reports for this fault. */
  readonly violates: readonly string[];
  /** Acts only when notes runs as a real process (in memory it behaves well). */
  readonly processOnly?: boolean;
  /** Shows only in a large batch of at least this many lines (checkExec's `bulkLines`; its default is 5,000). */
  readonly bulkLines?: number;
}

export type ExecFaultId =
  | 'subprocess-per-line'
  | 'lost-lines'
  | 'wrong-line'
  | 'parse-error-exit-1'
  | 'dry-run-not-forwarded'
  | 'stops-under-ignore-errors'
  | 'reads-stdin'
  | 'opts-ignored'
  | 'no-exec'
  | 'broken-manifest'
  | 'input-file-ignored'
  | 'deadlock'
  | 'dispatches-before-parsing'
  | 'dry-run-to-safe';

export const EXEC_FAULTS: readonly ExecFault[] = [
  { id: 'subprocess-per-line', description: 'every line is run by starting notes again as a child process', violates: ['EXEC-11/subprocess-per-line'], processOnly: true },
  { id: 'lost-lines', description: 'the envelope of every third input line is never written', violates: ['EXEC-03/missing-output'] },
  { id: 'wrong-line', description: '_line counts from 0 instead of 1', violates: ['EXEC-03/wrong-line'] },
  { id: 'parse-error-exit-1', description: 'a malformed stream exits 1 instead of 2 (still DISPATCH_PARSE_ERROR, still nothing dispatched)', violates: ['EXEC-07/exit'] },
  { id: 'dry-run-not-forwarded', description: '`exec --dry-run` is not passed on to the dispatched commands: mutations happen', violates: ['EXEC-08/not-forwarded'] },
  { id: 'stops-under-ignore-errors', description: '--ignore-errors is accepted and ignored: the batch stops at the first failed line', violates: ['EXEC-05/stopped-under-ignore-errors'] },
  { id: 'reads-stdin', description: 'with --input-file, exec still waits for stdin to close before dispatching', violates: ['EXEC-10/reads-stdin'] },
  { id: 'opts-ignored', description: '_opts are dropped: no per-line flag reaches the command', violates: ['EXEC-09/bare-flag', 'EXEC-09/valued-flag'] },
  { id: 'no-exec', description: '`exec` is not a command (the manifest still lists it): notes answers a usage error and no envelope', violates: ['EXEC-01/no-exec'] },
  { id: 'broken-manifest', description: '`manifest --output json` gives no command a danger_level (a manifest from before REQ-C-002)', violates: ['EXEC-01/manifest'] },
  { id: 'input-file-ignored', description: '--input-file is accepted and ignored: the batch is read from stdin', violates: ['EXEC-10/input-file'] },
  {
    id: 'deadlock',
    description:
      'exec passes its envelopes through a child filter process and reads the filter’s output only after writing all of it: once the output outgrows the pipe buffers, the filter blocks writing, stops reading, and exec waits forever',
    violates: ['EXEC-10/deadlock'],
    processOnly: true,
    // ~110 bytes of output a line: 10,000 lines are three times past the pipe buffers that fill up.
    bulkLines: 10_000,
  },
  {
    id: 'dispatches-before-parsing',
    description: 'each line is dispatched as soon as it is parsed and its envelope held back: a malformed line still gets DISPATCH_PARSE_ERROR, exit 2 and no other envelope, but the lines before it have run',
    violates: ['EXEC-07/dispatched'],
  },
  { id: 'dry-run-to-safe', description: '`exec --dry-run` passes --dry-run to every command, read-only ones too (which refuse it)', violates: ['EXEC-08/forwarded-to-safe'] },
];

/** The exec faults a run's environment selects. */
export function execFaultsOf(env: Readonly<Record<string, string | undefined>>): ReadonlySet<ExecFaultId> {
  const ids = (env[EXEC_FAULTS_ENV] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return new Set(ids.filter((id): id is ExecFaultId => EXEC_FAULTS.some((f) => f.id === id)));
}
