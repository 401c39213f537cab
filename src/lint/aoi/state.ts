import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { interruptedBy, makeTempDir, untrackTempDir } from '../../run/interrupt.js';

/** What a probe's directories held: relative path → sha256 of the contents. */
export type Snapshot = ReadonlyMap<string, string>;

/**
 * The files under the probe's state directory, working directory and HOME (but its cache: a tool may cache
 * what it read). A side effect the linter can see is a difference between two snapshots (AOI-06, AOI-07, AOI-12).
 * Synchronous: a sandbox holds a few small files, and a promise per directory and file cost more than the reads.
 */
export function snapshot(dirs: ProbeDirs): Snapshot {
  const files = new Map<string, string>();
  for (const [name, root] of Object.entries(watched(dirs))) {
    for (const path of walk(root)) {
      if (name === 'home' && path.startsWith(join(dirs.home, CACHE) + '/')) continue;
      files.set(
        `${name}/${relative(root, path)}`,
        createHash('sha256').update(readFileSync(path)).digest('hex'),
      );
    }
  }
  return files;
}

/** The directories whose files are a probe's side effects (TMPDIR is not one). */
export const watched = (dirs: ProbeDirs): Record<'stateDir' | 'cwd' | 'home', string> => ({
  stateDir: dirs.stateDir,
  cwd: dirs.cwd,
  home: dirs.home,
});

function walk(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : entry.isFile() ? [path] : [];
  });
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
export const XDG_DIRS = {
  XDG_CONFIG_HOME: '.config',
  XDG_DATA_HOME: '.local/share',
  XDG_STATE_HOME: '.local/state',
  XDG_CACHE_HOME: CACHE,
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
  /** What a fresh copy of each template holds (see initialSnapshot). */
  private readonly templateSnapshots = new WeakMap<ProbeDirs, Snapshot>();
  private constructor(readonly root: string) {}

  static async create(): Promise<Workspace> {
    return new Workspace(makeTempDir('aoi-lint-'));
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

  /**
   * The snapshot of a sandbox `dirs` has just made from `template` (or empty): the template's, taken once. No probe
   * runs in a template once it is one, and a copy holds the same files with the same contents.
   */
  initialSnapshot(template: ProbeDirs | undefined): Snapshot {
    if (!template) return new Map();
    let known = this.templateSnapshots.get(template);
    if (!known) this.templateSnapshots.set(template, (known = snapshot(template)));
    return known;
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
