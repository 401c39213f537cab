import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { XDG_DIRS, type ProbeDirs } from '../../run/sandbox.js';

// The sandbox itself is the kit's one sandbox for every probe of every spec (run/sandbox.ts).
export {
  fillPlaceholders,
  sandboxVars,
  Workspace,
  XDG_DIRS,
  type ProbeDirs,
} from '../../run/sandbox.js';

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
      if (name === 'home' && path.startsWith(join(dirs.home, XDG_DIRS.XDG_CACHE_HOME) + '/'))
        continue;
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
