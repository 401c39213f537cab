import { execa } from 'execa';

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
}

/**
 * Run a CLI as a real process and capture a {@link Run}. The child leads its own process group,
 * so that on timeout — and after it exits — the whole tree is killed: no orphans.
 */
export async function runCli(command: string, args: readonly string[] = [], options: RunCliOptions = {}): Promise<Run> {
  const { stdin = 'closed', timeoutMs = 30_000 } = options;
  const input = stdin === 'closed' || stdin === 'open' ? undefined : stdin;
  const started = performance.now();
  const child = execa(command, args, {
    encoding: 'buffer',
    reject: false,
    detached: true,
    cleanup: true,
    extendEnv: options.extendEnv ?? true,
    ...(options.env ? { env: options.env } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdin: stdin === 'closed' ? 'ignore' : 'pipe',
    ...(input !== undefined ? { input } : {}),
    stripFinalNewline: false,
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killTree(child.pid);
  }, timeoutMs);
  try {
    const result = await child;
    return {
      command,
      args: [...args],
      stdout: result.stdout as Uint8Array,
      stderr: result.stderr as Uint8Array,
      exitCode: result.exitCode ?? null,
      signal: result.signal ?? null,
      timedOut,
      durationMs: performance.now() - started,
    };
  } finally {
    clearTimeout(timer);
    killTree(child.pid); // grandchildren left behind by the CLI
  }
}

function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}
