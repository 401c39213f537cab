import { existsSync, statSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';

/** Programs whose first argument is a script to run (`python3 tool`, `sh build`), whatever the script is named. */
const INTERPRETER =
  /^(?:python[\d.]*|node|nodejs|deno|bun|sh|bash|dash|zsh|ksh|ruby|perl|php|Rscript|tclsh|lua[\d.]*)$/;

/**
 * Probes run in fresh working directories, so the paths in a program's command line that exist from the
 * caller's cwd (`node dist/cli.js`, `./bin/tool`, an interpreter's script `python3 tool`) are made absolute;
 * everything else (a name looked up on PATH, flags, values) is passed as given.
 */
export function anchorCommandLine(
  program: string,
  args: readonly string[],
  cwd: string = process.cwd(),
): [string, string[]] {
  const here = (arg: string) => !isAbsolute(arg) && existsSync(resolve(cwd, arg));
  const absolute = (arg: string) => (/[/\\.]/.test(arg) && here(arg) ? resolve(cwd, arg) : arg);
  // A bare word is a path only as an interpreter's script: `notes add readme` must keep its title.
  const script = (arg: string) =>
    here(arg) && statSync(resolve(cwd, arg)).isFile() ? resolve(cwd, arg) : absolute(arg);
  const first =
    INTERPRETER.test(basename(program)) && args[0] !== undefined && !args[0].startsWith('-')
      ? 0
      : -1;
  return [
    program.includes('/') ? absolute(program) : program,
    args.map((arg, i) => (i === first ? script(arg) : absolute(arg))),
  ];
}
