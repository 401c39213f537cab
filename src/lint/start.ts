import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { judgeStart, type CannotStart, type StartAttempt } from '../checks/start.js';
import { makeTempDir, removeTempDir } from '../run/interrupt.js';
import { runProbe } from '../run/run-probe.js';
import { STATE_DIR_ENV } from '../run/state-dir.js';

/** What the start check asks: help first (a tool that answers it has started), then two discovery commands. */
export const START_ATTEMPTS: readonly (readonly string[])[] = [
  ['--help'],
  ['schema', '--output', 'json'],
  ['capabilities', '--output', 'json'],
];

/**
 * Can `command [...args]` be linted at all? Asks `--help` (stdin closed, a fresh working and state directory,
 * never the caller's cwd); only when that fails, the discovery commands too, and hands the answers to
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
  } = {},
): Promise<CannotStart | undefined> {
  const work = makeTempDir('aoi-start-');
  try {
    const attempt = async (argv: readonly string[], i: number): Promise<StartAttempt> => {
      const cwd = join(work, `cwd-${i}`);
      const stateDir = join(work, `state-${i}`);
      const home = join(work, `home-${i}`);
      for (const dir of [cwd, stateDir, home]) mkdirSync(dir);
      // The placeholders of --env, as the lint's runner fills them.
      const env = Object.fromEntries(
        Object.entries(options.env ?? {}).map(([name, value]) => [
          name,
          value.replaceAll('{stateDir}', stateDir).replaceAll('{home}', home),
        ]),
      );
      const run = await runProbe(command, [...args, ...argv], {
        stdin: 'closed',
        cwd,
        timeoutMs: options.timeoutMs ?? 10_000,
        ...(options.maxOutputBytes !== undefined ? { maxBufferBytes: options.maxOutputBytes } : {}),
        env: { [STATE_DIR_ENV]: stateDir, ...env },
      });
      return {
        argv,
        stdout: run.stdout,
        stderr: run.stderr,
        exitCode: run.exitCode,
        signal: run.signal,
        timedOut: run.timedOut,
        spawnError: run.probe.spawnError,
        paths: [cwd, stateDir, home],
      };
    };
    const help = await attempt(START_ATTEMPTS[0]!, 0);
    if (
      help.spawnError === null &&
      (help.exitCode === 0 || help.stdout.length > 0 || help.timedOut)
    )
      return undefined;
    const rest = await Promise.all(START_ATTEMPTS.slice(1).map((argv, i) => attempt(argv, i + 1)));
    return judgeStart([command, ...args].join(' '), [help, ...rest]);
  } finally {
    removeTempDir(work);
  }
}
