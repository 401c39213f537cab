import { statSync } from 'node:fs';
import { readdir, readFile, lstat } from 'node:fs/promises';
import { homedir, tmpdir, userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { PROBE_MARKER_ENV } from '../../run/escapees.js';
import { signalProcess } from '../../run/process-tree.js';

/**
 * Side effects a probe's sandbox cannot hold: writes to the caller's directories (the top-level entries of a few
 * directories, kept cheap since they are read around every probe) and, for a harness that hands a process on (the
 * consumer lint), the processes still carrying its marker. The processes a probe leaves running are found and killed
 * by the runner itself, after every probe (run/escapees.ts).
 */

export { PROBE_MARKER_ENV };

/**
 * The directories outside the sandbox a probe has no business writing: the caller's cwd, its parent, the real
 * HOME (as $HOME says and as the passwd entry says). In the parent only files count: sibling directories come
 * and go with the caller's neighbours (another checkout, a build), not with the probe.
 */
export function outsideDirs(
  watchHome = true,
  caller = process.cwd(),
): { readonly dirs: string[]; readonly filesOnly: ReadonlySet<string> } {
  const cwd = resolve(caller);
  // Probes that were given the caller's HOME (--caller-home) may write there: it is theirs, not outside.
  const homes = (watchHome ? [homedir(), safeUserHome()] : [])
    .filter((dir): dir is string => dir !== undefined && dir !== '')
    .map((dir) => resolve(dir));
  // The parent is watched unless it is shared by everything on the machine (the temp dir, the root): there other
  // programs write all the time, and their files would be blamed on the tool.
  const parent = dirname(cwd);
  const parents =
    parent === cwd || parent === resolve(tmpdir()) || parent === '/' || sharedByEveryone(parent)
      ? []
      : [parent];
  const dirs = [...new Set([cwd, ...parents, ...homes])];
  return { dirs, filesOnly: new Set(parents.filter((dir) => !homes.includes(dir))) };
}

/**
 * World-writable with the sticky bit: /tmp, /var/tmp, /dev/shm — shared temp dirs even when TMPDIR names another
 * (a checkout in /tmp, linted where TMPDIR is private, must not be blamed for every other program's temp files).
 */
function sharedByEveryone(dir: string): boolean {
  try {
    const { mode } = statSync(dir);
    return (mode & 0o1000) !== 0 && (mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

function safeUserHome(): string | undefined {
  try {
    return userInfo().homedir; // the passwd entry: where a tool that ignores $HOME writes
  } catch {
    return undefined;
  }
}

/** Top-level entries of the watched directories: path → what changes when it is written (files: mtime and size). */
export type OutsideSnapshot = ReadonlyMap<string, string>;

export async function outsideSnapshot(dirs: readonly string[]): Promise<OutsideSnapshot> {
  const entries = new Map<string, string>();
  await Promise.all(
    dirs.map(async (dir) => {
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        names.map(async (name) => {
          const path = join(dir, name);
          const stat = await lstat(path).catch(() => undefined);
          if (!stat) return;
          // A directory's mtime moves whenever anything is added inside it (a sibling checkout's build): only its existence counts.
          entries.set(path, stat.isDirectory() ? 'dir' : `${stat.mtimeMs}:${stat.size}`);
        }),
      );
    }),
  );
  return entries;
}

/**
 * What an interpreter writes beside the code it loads, whoever the tool is: Python's bytecode cache appears in the
 * caller's cwd the first time a tool run from its own checkout imports a module of it. Not the tool's write.
 */
const INTERPRETER_CACHES: ReadonlySet<string> = new Set(['__pycache__']);

/** Entries created, removed or (files) rewritten between two snapshots, sorted; directories not at all in `filesOnly`. */
export function outsideChanges(
  before: OutsideSnapshot,
  after: OutsideSnapshot,
  filesOnly: ReadonlySet<string>,
  ignore: (path: string) => boolean,
): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  const isDir = (path: string) => before.get(path) === 'dir' || after.get(path) === 'dir';
  const interpreterCache = (path: string) => isDir(path) && INTERPRETER_CACHES.has(basename(path));
  return [...paths]
    .filter(
      (path) =>
        before.get(path) !== after.get(path) &&
        !(filesOnly.has(dirname(path)) && isDir(path)) &&
        !interpreterCache(path) &&
        !ignore(path),
    )
    .sort();
}

/** A process that outlived its probe. */
export interface Survivor {
  readonly pid: number;
  /** Its command line, truncated (masked where reported). */
  readonly command: string;
}

/**
 * The live processes whose environment carries a probe marker starting with `prefix` (`AOI_LINT_PROBE=<prefix>…`),
 * with the marker and the process group each carries. Once its probe ended and its process group was killed,
 * only something that left the group (setsid, a double fork) survives; a member of the killed group may still be
 * seen while it dies, which the caller tells by its group. Each is killed once found, so that a lint leaves
 * nothing running (unless `kill` is false: only listed). Empty where there is no /proc. One pass reads every
 * process's environment: run it once per lint.
 */
export async function survivorsOf(
  prefix: string,
  { kill = true }: { kill?: boolean } = {},
): Promise<(Survivor & { readonly marker: string; readonly group: number | null })[]> {
  const pids = (await readdir('/proc').catch(() => [] as string[]))
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const needle = Buffer.from(`\0${PROBE_MARKER_ENV}=${prefix}`);
  const found: (Survivor & { marker: string; group: number | null })[] = [];
  await Promise.all(
    pids.map(async (pid) => {
      if (pid === process.pid) return;
      const environ = await readFile(`/proc/${pid}/environ`).catch(() => undefined);
      const padded = environ && Buffer.concat([Buffer.from([0]), environ]);
      const at = padded ? padded.indexOf(needle) : -1;
      if (!padded || at < 0) return;
      const end = padded.indexOf(0, at + 1);
      const marker = padded
        .subarray(at + 1 + PROBE_MARKER_ENV.length + 1, end < 0 ? undefined : end)
        .toString('utf8');
      const cmdline = await readFile(`/proc/${pid}/cmdline`).catch(() => Buffer.alloc(0));
      const group = processGroupOf(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''));
      found.push({
        pid,
        marker,
        group,
        command: cmdline.toString('utf8').split('\0').filter(Boolean).join(' ').slice(0, 120),
      });
    }),
  );
  if (kill) for (const survivor of found) signalProcess(survivor.pid, 'SIGKILL', 'process');
  return found.sort((a, b) => a.pid - b.pid);
}

/** The process group in a /proc/<pid>/stat line (`pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses). */
export function processGroupOf(stat: string): number | null {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const group = Number(fields[2]);
  return stat.includes(')') && Number.isInteger(group) && group > 0 ? group : null;
}
