import { judgeStart, type CannotStart, type StartAttempt } from '../checks/start.js';
import { runProbe } from '../run/run-probe.js';
import { inSandbox, sandboxPaths, Workspace } from '../run/sandbox.js';

/** What the start check asks: help first (a tool that answers it has started), then two discovery commands. */
export const START_ATTEMPTS: readonly (readonly string[])[] = [
  ['--help'],
  ['schema', '--output', 'json'],
  ['capabilities', '--output', 'json'],
];

/**
 * Can `command [...args]` be linted at all? Asks `--help` (stdin closed, in a sandbox of its own: never the caller's
 * cwd, HOME or TMPDIR); only when that fails, the discovery commands too, and hands the answers to
 * {@link judgeStart}. Undefined when the program started; else why not, for one clear error instead of a
 * table of verdicts that all rest on a program that never ran.
 */
export async function checkStart(
  command: string,
  args: readonly string[],
  options: {
    env?: Readonly<Record<string, string>>;
    timeoutMs?: number;
    maxOutputBytes?: number;
    /** Keep the caller's HOME, XDG directories and TMPDIR (`--caller-home`), as the AOI probes do then. */
    callerHome?: boolean;
  } = {},
): Promise<CannotStart | undefined> {
  const work = await Workspace.create('aoi-start-');
  try {
    const attempt = async (argv: readonly string[]): Promise<StartAttempt> => {
      const dirs = await work.dirs();
      const run = await runProbe(command, [...args, ...argv], {
        stdin: 'closed',
        timeoutMs: options.timeoutMs ?? 10_000,
        ...(options.maxOutputBytes !== undefined ? { maxBufferBytes: options.maxOutputBytes } : {}),
        ...inSandbox(dirs, { env: options.env, callerHome: options.callerHome }),
      });
      return {
        argv,
        stdout: run.stdout,
        stderr: run.stderr,
        exitCode: run.exitCode,
        signal: run.signal,
        timedOut: run.timedOut,
        spawnError: run.probe.spawnError,
        paths: sandboxPaths(dirs),
      };
    };
    const help = await attempt(START_ATTEMPTS[0]!);
    if (
      help.spawnError === null &&
      (help.exitCode === 0 || help.stdout.length > 0 || help.timedOut)
    )
      return undefined;
    const rest = await Promise.all(START_ATTEMPTS.slice(1).map((argv) => attempt(argv)));
    return judgeStart([command, ...args].join(' '), [help, ...rest]);
  } finally {
    await work.dispose();
  }
}
