import type { DangerLevel } from '../../../spec/exec/types.js';
import type { FakeContext } from '../../aoi/engine/types.js';
import type { FaultContract, FaultFactoryOf } from '../../fault-contract.js';
import type { ExecFaultId } from './index.js';

/** The environment variable that selects exec faults (comma-separated ids), in memory and as a process alike. */
export const EXEC_FAULTS_ENV = 'AOI_TESTKIT_EXEC_FAULTS';

type Json = Record<string, unknown>;

/** What one dispatched line gave: its exit status and the events it emitted. */
export interface ExecOutcome {
  exitCode: number;
  events: Json[];
}

/** A dispatch manifest (ManifestResponse): a map of commands, each an object. */
export type ExecManifest = Json & { commands: Record<string, Json> };

/**
 * The points where the exec engine (`notes exec`) asks its faults. Each decision hook gets what a conforming
 * exec does and answers what this fault does instead; the engine folds every selected fault's answer in
 * turn. A fault sets only the hooks it needs.
 */
export interface ExecHooks {
  /** Whether `exec` is a command at all (conforming: true). */
  offersExec?(offers: boolean): boolean;
  /** The manifest `manifest --output json` prints. */
  manifest?(manifest: ExecManifest): ExecManifest;
  /** Whether the batch is read from `--input-file` when one is given (conforming: true). */
  readsInputFile?(reads: boolean): boolean;
  /** Whether stdin is still read (to its end) when the batch comes from `--input-file` (conforming: false). */
  readsStdinBesideInputFile?(reads: boolean): boolean;
  /** Whether lines are dispatched as soon as each is parsed (conforming: false, every line is parsed first). */
  dispatchesWhileParsing?(early: boolean): boolean;
  /** Whether a malformed line is answered as a failed line and the batch goes on (conforming: false, the batch ends with exit 2). */
  skipsMalformedLine?(skips: boolean, ignoreErrors: boolean): boolean;
  /** The exit status of a malformed batch (conforming: 2). */
  malformedExit?(code: number): number;
  /** Whether the batch goes on after a failed line (conforming: true exactly under --ignore-errors). */
  continuesAfterFailure?(continues: boolean): boolean;
  /** Whether `exec --dry-run` is passed on to dispatched commands at all (conforming: true). */
  forwardsDryRun?(forwards: boolean): boolean;
  /** Whether `--dry-run` reaches a command of this danger level (conforming: mutating and destructive ones only). */
  dryRunReaches?(reaches: boolean, danger: DangerLevel): boolean;
  /** Whether a line's `_opts` stay in force for the lines after it (conforming: false, they are that line's only). */
  carriesOpts?(carries: boolean): boolean;
  /** Whether a line's `_opts` become its flags (conforming: true). */
  forwardsOpts?(forwards: boolean): boolean;
  /** Run one line its own way; undefined leaves it to exec (conforming: in this process). */
  dispatchLine?(ctx: FakeContext, argv: readonly string[]): ExecOutcome | undefined;
  /** A line's envelope as written. */
  envelope?(envelope: Json, line: number): Json;
  /** Whether a line's envelope is written at all (conforming: true). */
  writesEnvelope?(writes: boolean, line: number): boolean;
  /** A filter every envelope goes through, read back once all are written; undefined writes them directly. */
  outputFilter?(ctx: FakeContext): ((text: string) => Promise<string>) | undefined;
}

/** A fault of `notes exec`: the one fault contract, and the hooks it acts through. */
export interface ExecFault<P extends object = Record<string, never>>
  extends FaultContract<P>, ExecHooks {
  readonly id: ExecFaultId;
  /** The sub-rule ids `checkExec` (with the notes plan) reports for this fault. */
  readonly violates: readonly string[];
  /** Acts only when notes runs as a real process (in memory it behaves well). */
  readonly processOnly?: boolean;
  /** Shows only in a large batch of at least this many lines (checkExec's `bulkLines`; its default is 5,000). */
  readonly bulkLines?: number;
}

export type ExecFaultFactory<P extends object = Record<string, never>> = FaultFactoryOf<
  ExecFault<P>
>;

export const define = <P extends object>(fault: ExecFault<P>): ExecFault<P> => Object.freeze(fault);
