import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/**
 * Probes run in fresh working directories, so the paths in a program's command line that exist from the
 * caller's cwd (`node dist/cli.js`, `./bin/tool`) are made absolute; everything else (a name looked up on PATH,
 * flags, values) is passed as given.
 */
export function anchorCommandLine(program: string, args: readonly string[], cwd: string = process.cwd()): [string, string[]] {
  const absolute = (arg: string) => (!isAbsolute(arg) && /[/\\.]/.test(arg) && existsSync(resolve(cwd, arg)) ? resolve(cwd, arg) : arg);
  return [program.includes('/') ? absolute(program) : program, args.map(absolute)];
}
