import type { CappedProbe } from '../../output-cap.js';
/**
 * What the app probes recorded (src/lint/app runs them): the input of every APP-10…15 judgement. Only the
 * parts of a run the judges read; a `Run` of src/run is one.
 */

/** How one invocation of entry.command ended, and what it printed on stdout. */
export interface AppRun {
  readonly stdout: Uint8Array;
  /** Null when the process was ended by a signal. */
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
}

/** One invocation: the argv after entry.command, and its run. */
export interface AppInvocation {
  readonly args: readonly string[];
  readonly run: AppRun;
}

/** The invocations the probes use (given, or read from APP.md). */
export interface AppProbePlan {
  /** Run first, in order. */
  readonly setup: readonly (readonly string[])[];
  /** Where setup came from: the caller, APP.md's body, or nowhere. A derived setup that fails is not a finding. */
  readonly setupFrom: 'options' | 'APP.md' | 'none';
  /** The read invocation (run three times), or none when no command qualifies. */
  readonly read: readonly string[];
  /** The human-output switch APP.md documents (`--human`, `--format text`) or the caller gave; absent when none. */
  readonly humanSwitch?: readonly string[];
}

/** One confirmation-required command, called without confirmation (APP-13). */
export interface AppConfirmationProbe {
  /** The command and its arguments. */
  readonly call: AppInvocation;
  /** The read just before the call, when there is a read. */
  readonly before?: AppRun;
  /** The read just after a refusal, when the read showed stable ids before it (APP-14 held). */
  readonly after?: AppRun;
}

/**
 * The runs of one application, by probe: in the order they ran. The probes stop after the first setup the
 * caller gave, or the first read, that failed (APP-15): what did not run is absent.
 */
export interface AppRuns {
  readonly plan: AppProbePlan;
  /** The setup invocations that ran, in order. */
  readonly setup: readonly AppInvocation[];
  /** The read: once from the package root (APP-15, APP-10), then twice more on unchanged state (APP-14). */
  readonly reads: readonly AppRun[];
  /** The invocation that must fail (APP-11, APP-12). */
  readonly fail?: AppInvocation;
  /** One per confirmation-required command, in APP.md's order. */
  readonly confirmations: readonly AppConfirmationProbe[];
  /** Last, the opt-in probes of human output (APP-10), when the first read printed one JSON document. */
  readonly human?: AppHumanProbe;
  /** The runs the kit cut at its output cap (`AppRunOptions.maxOutputBytes`): none of them is complete output. */
  readonly capped?: readonly CappedProbe[];
}

/** Human output is opt-in: the read under a terminal-like environment, and the read after one with the switch. */
export interface AppHumanProbe {
  /** The read with `TERMINAL_HINTS` in its environment (APP-10/human-by-environment). */
  readonly terminal: AppRun;
  /** The read with the human-output switch, then the read without it (APP-10/human-sticky); only when a switch is known. */
  readonly switched?: AppInvocation;
  readonly after?: AppRun;
}
