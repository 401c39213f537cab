import type { NetworkNamespace } from './network-namespace.js';
import { assertCommandLine, runProbe } from './run-probe.js';

/** How the process ended and everything it printed. Matchers accept a Run directly. */
export interface Run {
  readonly command: string;
  readonly args: readonly string[];
  readonly stdout: Uint8Array;
  readonly stderr: Uint8Array;
  /** Null when the process was ended by a signal. */
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The kit killed the process tree after `timeoutMs`. */
  readonly timedOut: boolean;
  readonly durationMs: number;
  /**
   * Set when stdout plus stderr passed the output cap: the kit stopped reading at this many bytes and killed the
   * tree, so the output is incomplete and how the process ended is the kit's doing.
   */
  readonly outputCapped?: number;
}

export interface RunCliOptions {
  /** `closed` (default: EOF at once), `open` (a pipe never written to), or bytes to write then close. */
  stdin?: 'closed' | 'open' | string | Uint8Array;
  /** Extra environment variables, merged over the parent's unless `extendEnv` is false. */
  env?: Record<string, string>;
  extendEnv?: boolean;
  cwd?: string;
  /** Kill the whole process tree after this long (default 30 s). */
  timeoutMs?: number;
  /** Stop reading and kill the tree once stdout plus stderr pass this many bytes (default 64 MiB); see `Run.outputCapped`. */
  maxOutputBytes?: number;
  /**
   * Directories only this run uses (a sandbox: its cwd, HOME, TMPDIR, state directory). A process the run started
   * that outlives it and its process group is tied to the run by these and by a marker variable, then killed.
   * Without them only the session and the empty environment of `env -i setsid …` tie it (see `runProbe`).
   */
  sandbox?: readonly string[];
  /** Find and kill what the run left running outside its process group (default true). */
  watchEscapees?: boolean;
  /**
   * Run it in a user and network namespace of its own, where a helper records every lookup and connection
   * (`network-namespace.ts`; `withNetworkTripwire` decides when and passes this on).
   */
  networkNamespace?: NetworkNamespace;
}

/**
 * Run a CLI as a real process and capture a {@link Run}. The child leads its own process group,
 * so that on timeout — and after it exits — the whole tree is killed: no orphans. This is
 * {@link runProbe} without probes: the kit has one way to start a process.
 */
export async function runCli(
  command: string,
  args: readonly string[] = [],
  options: RunCliOptions = {},
): Promise<Run> {
  assertCommandLine('runCli', command, args);
  const { maxOutputBytes, ...rest } = options;
  return runProbe(command, args, {
    ...rest,
    ...(maxOutputBytes !== undefined ? { maxBufferBytes: maxOutputBytes } : {}),
  });
}
