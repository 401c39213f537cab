/**
 * Agent Applications as a live spec of the program lint: detected by an APP.md (named by `--app-dir`, in the
 * working directory, or in the program's package), judged by `checkAgentApplication` (APP-01…15) on that package.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LiveSpec } from '../live.js';
import { keep, skippedSpec } from '../multi.js';
import { checkAgentApplication } from './application.js';

export const appSpec: LiveSpec = {
  id: 'app',
  async detect({ command, args, options }) {
    const appDir =
      options.appDir !== undefined
        ? resolve(options.appDir)
        : findAppDir(command, args, options.cwd ?? process.cwd());
    if (options.appDir !== undefined)
      return { detected: true, reason: `--app-dir ${options.appDir}`, appDir: appDir! };
    if (appDir !== undefined) return { detected: true, reason: `APP.md in ${appDir}`, appDir };
    return {
      detected: false,
      reason: 'no APP.md in the current directory or the program’s package (use --app-dir DIR)',
    };
  },
  announce: ({ appDir }) =>
    appDir === undefined ? undefined : `running the app checks on ${appDir}`,
  async lint({ appDir, options, run }) {
    if (appDir === undefined)
      return {
        result: skippedSpec(
          'app',
          'no application package: no APP.md in the current directory or the program’s package; pass --app-dir DIR',
          run.only,
        ),
      };
    const started = performance.now();
    const report = await checkAgentApplication(appDir, {
      ...(options.appSetup ? { setup: options.appSetup } : {}),
      ...(options.appRead ? { read: options.appRead } : {}),
      ...(options.appHuman ? { humanSwitch: options.appHuman } : {}),
      env: run.env,
      ...(run.timeoutMs !== undefined ? { timeoutMs: run.timeoutMs } : {}),
      ...(run.maxOutputBytes !== undefined ? { maxOutputBytes: run.maxOutputBytes } : {}),
      strict: run.strict,
    });
    return {
      result: {
        spec: 'app',
        status: 'run',
        ...(report.skipped ? { reason: report.skipped } : {}),
        file: join(appDir, 'APP.md'),
        verdicts: keep(report.verdicts, run.only),
        durationMs: performance.now() - started,
      },
    };
  },
};

/**
 * An Agent Application package: the first directory holding an APP.md, looked for in `cwd`, then from the
 * program's file (the command itself, or the first argument that is an existing file, as in `node app/cli.js`)
 * upwards to the nearest directory with a package.json.
 */
export function findAppDir(
  command: string | undefined,
  args: readonly string[],
  cwd: string,
): string | undefined {
  if (existsSync(join(cwd, 'APP.md'))) return resolve(cwd);
  const isFile = (p: string) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  const script = args.find((a) => (a.includes('/') || a.includes('\\')) && isFile(resolve(cwd, a)));
  for (const program of [script, command]) {
    if (
      program === undefined ||
      !(program.includes('/') || program.includes('\\')) ||
      !isFile(resolve(cwd, program))
    )
      continue;
    let dir = dirname(resolve(cwd, program));
    for (;;) {
      if (existsSync(join(dir, 'APP.md'))) return dir;
      const parent = dirname(dir);
      if (existsSync(join(dir, 'package.json')) || parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}
