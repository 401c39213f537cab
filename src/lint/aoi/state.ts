import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { trackTempDir, untrackTempDir } from '../../run/interrupt.js';

/** What a probe's directories held: relative path → sha256 of the contents. */
export type Snapshot = ReadonlyMap<string, string>;

/**
 * The files under the probe's state directory and working directory. A side effect the linter can see
 * is a difference between two snapshots (AOI-06, AOI-07, AOI-12).
 */
export async function snapshot(dirs: { stateDir: string; cwd: string }): Promise<Snapshot> {
  const files = new Map<string, string>();
  for (const [name, root] of Object.entries(dirs)) {
    for (const path of await walk(root)) files.set(`${name}/${relative(root, path)}`, createHash('sha256').update(await readFile(path)).digest('hex'));
  }
  return files;
}

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

/** A fresh state directory and working directory for one probe, copied from a template when given. */
export interface ProbeDirs {
  readonly stateDir: string;
  readonly cwd: string;
}

/** Makes and removes probe directories under one temporary root. */
export class Workspace {
  private count = 0;
  private constructor(readonly root: string) {}

  static async create(): Promise<Workspace> {
    const root = await mkdtemp(join(tmpdir(), 'aoi-lint-'));
    trackTempDir(root);
    return new Workspace(root);
  }

  /** New empty directories, or a copy of `template`'s. */
  async dirs(template?: ProbeDirs): Promise<ProbeDirs> {
    const base = join(this.root, `p${++this.count}`);
    const dirs = { stateDir: join(base, 'state'), cwd: join(base, 'cwd') };
    if (template) {
      await cp(template.stateDir, dirs.stateDir, { recursive: true });
      await cp(template.cwd, dirs.cwd, { recursive: true });
    } else {
      await mkdir(dirs.stateDir, { recursive: true });
      await mkdir(dirs.cwd, { recursive: true });
    }
    return dirs;
  }

  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
    untrackTempDir(this.root);
  }
}
