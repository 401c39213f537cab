import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/** Programs whose first argument is a script to run (`python3 tool`, `sh build`), whatever the script is named. */
const INTERPRETER =
  /^(?:python[\d.]*|node|nodejs|deno|bun|sh|bash|dash|zsh|ksh|ruby|perl|php|Rscript|tclsh|lua[\d.]*)$/;

/** npx's own flags that take no value and may come before the package's name. */
const NPX_FLAG = /^(?:-y|--yes|--no|--no-install|-q|--quiet|--)$/;

/**
 * `npx tool ARGS` where the caller stands finds `tool` in the project's node_modules/.bin; from a probe's fresh
 * working directory and HOME, npx finds no project and no cache and asks the registry (the network tripwire fails
 * discovery, a lint's setup exits 65). So the local bin is resolved here, as npx would resolve it from the caller's
 * cwd; a name installed nowhere above it (or `npx -p …`, `npx tool@1`) stays npx's to fetch.
 */
function localBin(
  program: string,
  args: readonly string[],
  cwd: string,
): [string, string[]] | undefined {
  if (!/^npx(?:\.cmd)?$/.test(basename(program))) return undefined;
  let i = 0;
  while (i < args.length && NPX_FLAG.test(args[i]!)) i += 1;
  const name = args[i];
  if (name === undefined || name.startsWith('-') || /[@/\\]/.test(name.slice(1))) return undefined;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const bin = join(dir, 'node_modules', '.bin', name);
    const own = ownBin(dir, name);
    if (existsSync(bin) || own) return [own ?? bin, args.slice(i + 1)];
    if (dirname(dir) === dir) return undefined;
  }
}

/** In the package's own checkout, npx runs its own bin of that name (package.json `bin`). */
function ownBin(dir: string, name: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name?: unknown;
      bin?: unknown;
    };
    const bin = typeof pkg.bin === 'string' ? { [String(pkg.name)]: pkg.bin } : pkg.bin;
    const path =
      bin && typeof bin === 'object' ? (bin as Record<string, unknown>)[name] : undefined;
    return typeof path === 'string' && existsSync(join(dir, path)) ? resolve(dir, path) : undefined;
  } catch {
    return undefined;
  }
}

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
  const bin = localBin(program, args, cwd);
  if (bin) return anchorCommandLine(bin[0], bin[1], cwd);
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
