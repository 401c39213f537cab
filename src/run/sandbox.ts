import {
  chmodSync,
  copyFileSync,
  cpSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { interruptedBy, makeTempDir, untrackTempDir } from './interrupt.js';
import { STATE_DIR_ENV } from './state-dir.js';

/**
 * The kit's one sandbox, for every probe of every spec (the AOI lint's, detection's, the start check's, cmdhelp's,
 * exec's, an app's): a directory of its own for the state, the working directory, HOME (with the XDG base
 * directories) and TMPDIR, under one temporary root per run of a checker, so that nothing a tool writes where it
 * is pointed lands in the caller's directories, and what a probe leaves running is tied to it (run/escapees.ts).
 */

/**
 * A fresh sandbox for one probe, copied from a template when given: the state directory, the working
 * directory, a HOME (with the XDG directories inside it) and a TMPDIR, so that a tool which keeps its state
 * where *it* chooses (under HOME, XDG_DATA_HOME, …) is sandboxed too.
 */
export interface ProbeDirs {
  readonly stateDir: string;
  readonly cwd: string;
  readonly home: string;
  readonly tmp: string;
}

/** The XDG base directories, inside the probe's HOME. */
export const XDG_DIRS = {
  XDG_CONFIG_HOME: '.config',
  XDG_DATA_HOME: '.local/share',
  XDG_STATE_HOME: '.local/state',
  XDG_CACHE_HOME: '.cache',
} as const;

/** The variables that point a probe's HOME, XDG base directories and TMPDIR into its sandbox. */
export function sandboxVars(dirs: ProbeDirs): Record<string, string> {
  return {
    HOME: dirs.home,
    ...Object.fromEntries(
      Object.entries(XDG_DIRS).map(([name, dir]) => [name, join(dirs.home, dir)]),
    ),
    TMPDIR: dirs.tmp,
    TMP: dirs.tmp,
    TEMP: dirs.tmp,
  };
}

/** The user's `--env` values with the sandbox's `{stateDir}` and `{home}` filled in. */
export function fillPlaceholders(
  env: Readonly<Record<string, string>>,
  dirs: ProbeDirs,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      value.replaceAll('{stateDir}', dirs.stateDir).replaceAll('{home}', dirs.home),
    ]),
  );
}

/**
 * Makes and removes probe directories under one temporary root. Synchronously, as snapshot: a sandbox is a dozen
 * small directories and files, and a promise for each cost more than the work.
 */
export class Workspace {
  private count = 0;
  private constructor(readonly root: string) {}

  /** `prefix` names the temporary root (`aoi-lint-…`, `aoi-exec-…`): whose it is, when one is seen. */
  static async create(prefix = 'aoi-lint-'): Promise<Workspace> {
    return new Workspace(makeTempDir(prefix));
  }

  /** New empty directories, or a copy of `template`'s. */
  async dirs(template?: ProbeDirs): Promise<ProbeDirs> {
    // Interrupted: the workspace is being removed, and a new sandbox would be left behind.
    if (interruptedBy()) return new Promise<never>(() => {});
    const base = join(this.root, `p${++this.count}`);
    const dirs: ProbeDirs = {
      stateDir: join(base, 'state'),
      cwd: join(base, 'cwd'),
      home: join(base, 'home'),
      tmp: join(base, 'tmp'),
    };
    if (template) {
      mkdirSync(base);
      copyTree(template.stateDir, dirs.stateDir);
      copyTree(template.cwd, dirs.cwd);
      copyTree(template.home, dirs.home);
    }
    for (const dir of [
      dirs.stateDir,
      dirs.cwd,
      dirs.tmp,
      ...Object.values(XDG_DIRS).map((dir) => join(dirs.home, dir)),
    ])
      mkdirSync(dir, { recursive: true });
    return dirs;
  }

  async dispose(): Promise<void> {
    rmSync(this.root, { recursive: true, force: true, maxRetries: 3 });
    untrackTempDir(this.root);
  }
}

/**
 * What `cp(src, dest, { recursive: true })` makes of a template (every directory with its source's mode, every
 * file copied with its mode), by hand for directories and regular files: `cp` stats and checks each path on both
 * sides, ~4 ms of CPU per sandbox, and every probe copies one. Anything else (a symlink, a FIFO) goes to `cp`,
 * which copies or refuses it as it always did.
 */
function copyTree(src: string, dest: string): void {
  const stats = lstatSync(src);
  if (!stats.isDirectory()) return cpSync(src, dest, { recursive: true });
  mkdirSync(dest);
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    const [from, to] = [join(src, entry.name), join(dest, entry.name)];
    if (entry.isDirectory()) copyTree(from, to);
    else if (entry.isFile()) copyFileSync(from, to);
    else cpSync(from, to, { recursive: true });
  }
  chmodSync(dest, stats.mode);
}

/** The directories of a sandbox, as `runProbe`'s `sandbox`: what ties a process that outlived its probe to it. */
export const sandboxPaths = (dirs: ProbeDirs): string[] => [
  dirs.cwd,
  dirs.home,
  dirs.tmp,
  dirs.stateDir,
];

/**
 * How a run uses a sandbox: its working directory, its environment (HOME, the XDG directories and TMPDIR in the
 * sandbox unless `callerHome`, the state directory in `AOI_TESTKIT_STATE_DIR`, then the caller's `env` with
 * `{stateDir}` and `{home}` filled in, which may name others, then the state directory again in `stateDirEnv` when
 * the tool names its own), and the paths that tie an escaped process to it. Spread into `runProbe`'s options.
 */
export function inSandbox(
  dirs: ProbeDirs,
  options: {
    env?: Readonly<Record<string, string>> | undefined;
    stateDirEnv?: string | undefined;
    /** Keep the caller's HOME, XDG directories and TMPDIR (`--caller-home`: a tool that must read its configuration). */
    callerHome?: boolean | undefined;
  } = {},
): { cwd: string; env: Record<string, string>; sandbox: string[] } {
  return {
    cwd: dirs.cwd,
    env: {
      ...(options.callerHome ? {} : sandboxVars(dirs)),
      [STATE_DIR_ENV]: dirs.stateDir,
      ...fillPlaceholders(options.env ?? {}, dirs),
      ...(options.stateDirEnv !== undefined ? { [options.stateDirEnv]: dirs.stateDir } : {}),
    },
    sandbox: sandboxPaths(dirs),
  };
}
