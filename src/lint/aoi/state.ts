import { createHash } from 'node:crypto';
import { chmod, copyFile, cp, lstat, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { interruptedBy, makeTempDir, untrackTempDir } from '../../run/interrupt.js';

/** What a probe's directories held: relative path → sha256 of the contents. */
export type Snapshot = ReadonlyMap<string, string>;

/**
 * The files under the probe's state directory, working directory and HOME (but its cache: a tool may cache
 * what it read). A side effect the linter can see is a difference between two snapshots (AOI-06, AOI-07, AOI-12).
 */
export async function snapshot(dirs: ProbeDirs): Promise<Snapshot> {
  const files = new Map<string, string>();
  for (const [name, root] of Object.entries(watched(dirs))) {
    for (const path of await walk(root)) {
      if (name === 'home' && path.startsWith(join(dirs.home, CACHE) + '/')) continue;
      files.set(`${name}/${relative(root, path)}`, createHash('sha256').update(await readFile(path)).digest('hex'));
    }
  }
  return files;
}

/** The directories whose files are a probe's side effects (TMPDIR is not one). */
export const watched = (dirs: ProbeDirs): Record<'stateDir' | 'cwd' | 'home', string> => ({ stateDir: dirs.stateDir, cwd: dirs.cwd, home: dirs.home });

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : entry.isFile() ? [path] : [];
    }),
  );
  return nested.flat();
}

/** The paths added, removed or changed between two snapshots, sorted; empty when nothing changed. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

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

const CACHE = '.cache';
/** The XDG base directories, inside the probe's HOME. */
export const XDG_DIRS = { XDG_CONFIG_HOME: '.config', XDG_DATA_HOME: '.local/share', XDG_STATE_HOME: '.local/state', XDG_CACHE_HOME: CACHE } as const;

/** The variables that point a probe's HOME, XDG base directories and TMPDIR into its sandbox. */
export function sandboxVars(dirs: ProbeDirs): Record<string, string> {
  return { HOME: dirs.home, ...Object.fromEntries(Object.entries(XDG_DIRS).map(([name, dir]) => [name, join(dirs.home, dir)])), TMPDIR: dirs.tmp, TMP: dirs.tmp, TEMP: dirs.tmp };
}

/** The user's `--env` values with the sandbox's `{stateDir}` and `{home}` filled in. */
export function fillPlaceholders(env: Readonly<Record<string, string>>, dirs: ProbeDirs): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value.replaceAll('{stateDir}', dirs.stateDir).replaceAll('{home}', dirs.home)]));
}

/** Makes and removes probe directories under one temporary root. */
export class Workspace {
  private count = 0;
  private constructor(readonly root: string) {}

  static async create(): Promise<Workspace> {
    return new Workspace(makeTempDir('aoi-lint-'));
  }

  /** New empty directories, or a copy of `template`'s. */
  async dirs(template?: ProbeDirs): Promise<ProbeDirs> {
    // Interrupted: the workspace is being removed, and a new sandbox would be left behind.
    if (interruptedBy()) return new Promise<never>(() => {});
    const base = join(this.root, `p${++this.count}`);
    const dirs: ProbeDirs = { stateDir: join(base, 'state'), cwd: join(base, 'cwd'), home: join(base, 'home'), tmp: join(base, 'tmp') };
    if (template) {
      await mkdir(base);
      await Promise.all([copyTree(template.stateDir, dirs.stateDir), copyTree(template.cwd, dirs.cwd), copyTree(template.home, dirs.home)]);
    }
    await Promise.all([dirs.stateDir, dirs.cwd, dirs.tmp, ...Object.values(XDG_DIRS).map((dir) => join(dirs.home, dir))].map((dir) => mkdir(dir, { recursive: true })));
    return dirs;
  }

  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
    untrackTempDir(this.root);
  }
}

/**
 * What `cp(src, dest, { recursive: true })` makes of a template (every directory with its source's mode, every
 * file copied with its mode), by hand for directories and regular files: `cp` stats and checks each path on both
 * sides, ~4 ms of CPU per sandbox, and every probe copies one. Anything else (a symlink, a FIFO) goes to `cp`,
 * which copies or refuses it as it always did.
 */
async function copyTree(src: string, dest: string): Promise<void> {
  const stats = await lstat(src);
  if (!stats.isDirectory()) return cp(src, dest, { recursive: true });
  await mkdir(dest);
  const entries = await readdir(src, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const [from, to] = [join(src, entry.name), join(dest, entry.name)];
      return entry.isDirectory() ? copyTree(from, to) : entry.isFile() ? copyFile(from, to) : cp(from, to, { recursive: true });
    }),
  );
  await chmod(dest, stats.mode);
}
