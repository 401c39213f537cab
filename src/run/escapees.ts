import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';

/**
 * Processes that outlive the probe that started them. A probe's child leads its own session and process group,
 * and the group is SIGKILLed when the probe ends; what escapes that kill has left the group (setpgid), the session
 * too (setsid, a double fork), and may have cleared its environment (`env -i`) and left the sandbox (chdir). After
 * every probe one pass over /proc looks at the processes started since the probe's own (their start time in
 * /proc/<pid>/stat) and ties each to the probe by what it cannot easily shed, in this order:
 *
 * - `session`: still in the probe's session (it only left the group);
 * - `marker`: its environment holds the probe's marker (`AOI_LINT_PROBE=<unique id>`);
 * - `sandbox`: its working directory is in the probe's sandbox, or a variable of its environment names one of the
 *   sandbox's directories (HOME, TMPDIR, the state directory);
 * - `descendant`: its parent is tied, or a member of the probe's group.
 *
 * A process belongs to the probe that started it: one that carries another probe's marker, or is the kit's own child
 * (another run's leader, maybe not yet exec'd and so without its marker), or descends from either, is never tied by
 * the sandbox. Two runs may share a sandbox at once (the observation commands a lint runs
 * around a probe, in its state), and each run's processes are then in the other's directories.
 *
 * Each tied process is SIGKILLed (and the group it leads), and reported. Where there is no /proc nothing is watched.
 * Nothing else is touched: a process that cleared its environment and left the sandbox too (a daemon that runs
 * `chdir("/")` after `env -i`) looks like any other program's orphan, and on a machine where other kits, test
 * workers or people start processes, the time it started says nothing about whose it is (a start-time rule claimed
 * another test's orphans). Only the kernel knows such a process's origin: a cgroup per probe would, where the
 * machine lets the kit make one (root, or a delegated hierarchy), which CI runners do not.
 */

/** The variable every kit probe carries, with a value unique to the probe. */
export const PROBE_MARKER_ENV = 'AOI_LINT_PROBE';

export type EscapeTie = 'session' | 'marker' | 'sandbox' | 'descendant';

/** A process that outlived its probe, found and killed. */
export interface Escapee {
  readonly pid: number;
  /** Its command line, truncated to 120 characters (mask it before printing: it may hold a canary). */
  readonly command: string;
  /** What tied it to the probe. */
  readonly tie: EscapeTie;
}

/** What a probe's processes are recognised by, from its spawn until it is judged. */
export interface ProbeWatch {
  /** The probe's child: it led a session and a process group of this id. */
  readonly leader: number;
  /** The value of {@link PROBE_MARKER_ENV} in the child's environment, if one was set. */
  readonly marker: string | undefined;
  /** Directories only this probe uses (its cwd, HOME, TMPDIR, state directory): never a parent of another probe's. */
  readonly sandbox: readonly string[];
  /** The child's start time, in clock ticks since boot: every process of the probe started no earlier. */
  readonly since: number;
}

interface ProcStat {
  readonly state: string;
  readonly ppid: number;
  readonly pgrp: number;
  readonly session: number;
  readonly start: number;
}

/** `/proc/<pid>/stat`, whose second field (the command name) may hold spaces and parentheses. */
export function parseStat(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  // After the name: field 3 (state), 4 (ppid), 5 (pgrp), 6 (session), … 22 (starttime).
  const f = text.slice(close + 2).split(' ');
  const stat = {
    state: f[0] ?? '',
    ppid: Number(f[1]),
    pgrp: Number(f[2]),
    session: Number(f[3]),
    start: Number(f[19]),
  };
  return Number.isInteger(stat.ppid) && Number.isInteger(stat.start) ? stat : undefined;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return undefined;
  }
}

const read = (path: string): Buffer | undefined => {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
};

/** Start times of the pids seen, so that a pass reads the stat of new processes only (pids are reused only on wrap). */
const startOf = new Map<number, number>();
/** The probes being watched: an interrupted kit scans for all of them ({@link endAllWatches}). */
const active = new Set<ProbeWatch>();

/**
 * Start watching the probe whose child is `leader`, right after spawning it (the child is a zombie at worst:
 * Node reaps it only on a later turn of the event loop, so its start time is readable). Undefined without /proc.
 */
export function startWatch(
  leader: number | undefined,
  marker: string | undefined,
  sandbox: readonly string[] = [],
): ProbeWatch | undefined {
  if (leader === undefined) return undefined;
  const stat = readStat(leader);
  if (!stat) return undefined;
  const watch: ProbeWatch = { leader, marker, sandbox, since: stat.start };
  active.add(watch);
  return watch;
}

/** Once the probe's child has exited and its group is killed: find what escaped, kill it, stop watching. */
export function endWatch(watch: ProbeWatch | undefined): Escapee[] {
  if (!watch || !active.delete(watch)) return [];
  return escapeesOf(watch);
}

/** Every probe still watched (an interrupted kit, a host that ends): find and kill what escaped each. */
export function endAllWatches(): void {
  for (const watch of [...active]) endWatch(watch);
}

/** The processes started at or after `since`, with their stat; the rest are known to be older. */
function startedSince(since: number): Map<number, ProcStat> {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return new Map();
  }
  const present = new Set<number>();
  const found = new Map<number, ProcStat>();
  for (const name of names) {
    const code = name.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const pid = Number(name);
    present.add(pid);
    const known = startOf.get(pid);
    if (known !== undefined && known < since) continue;
    const stat = readStat(pid);
    if (!stat) continue;
    startOf.set(pid, stat.start);
    if (stat.start >= since) found.set(pid, stat);
  }
  for (const pid of startOf.keys()) if (!present.has(pid)) startOf.delete(pid);
  return found;
}

function cwdOf(pid: number): string | undefined {
  try {
    // A directory removed while the process sat in it reads "<path> (deleted)".
    return readlinkSync(`/proc/${pid}/cwd`).replace(/ \(deleted\)$/, '');
  } catch {
    return undefined;
  }
}

const within = (path: string, dirs: readonly string[]) =>
  dirs.some((dir) => path === dir || path.startsWith(`${dir}/`));

function ownedByUs(pid: number): boolean {
  const uid = process.getuid?.();
  try {
    return uid === undefined || statSync(`/proc/${pid}`).uid === uid;
  } catch {
    return false;
  }
}

function commandOf(pid: number): string {
  const cmdline = read(`/proc/${pid}/cmdline`) ?? Buffer.alloc(0);
  return cmdline.toString('utf8').split('\0').filter(Boolean).join(' ').slice(0, 120);
}

function kill(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // ESRCH: gone already.
  }
}

function escapeesOf(watch: ProbeWatch): Escapee[] {
  const candidates = startedSince(watch.since);
  candidates.delete(process.pid);
  candidates.delete(watch.leader);
  const marker =
    watch.marker === undefined ? undefined : Buffer.from(`\0${PROBE_MARKER_ENV}=${watch.marker}\0`);
  const anyMarker = Buffer.from(`\0${PROBE_MARKER_ENV}=`);
  const paths = watch.sandbox.map((dir) => Buffer.from(dir));
  const tied = new Map<number, EscapeTie>();
  const dying = new Set<number>();
  const environs = new Map<number, Buffer | undefined>();
  const environOf = (pid: number) => {
    if (!environs.has(pid)) {
      const raw = read(`/proc/${pid}/environ`);
      environs.set(pid, raw && Buffer.concat([Buffer.from([0]), raw, Buffer.from([0])]));
    }
    return environs.get(pid);
  };
  // Another probe's: its marker is not ours (that probe, maybe running in the same sandbox, started it).
  const others = new Set<number>();
  const unmarked: number[] = [];
  for (const [pid, stat] of candidates) {
    if (stat.state === 'Z' || stat.state === 'X') continue;
    // The kit's own child is another run's leader: maybe not yet exec'd, with the kit's environment and already the
    // sandbox's cwd (a run beside this one in the same sandbox).
    if (stat.ppid === process.pid) {
      others.add(pid);
      continue;
    }
    if (stat.pgrp === watch.leader) {
      dying.add(pid); // still in the probe's group, which was killed: dying, not escaped
      continue;
    }
    if (stat.session === watch.leader) {
      tied.set(pid, 'session');
      continue;
    }
    if (!ownedByUs(pid)) continue;
    const environ = environOf(pid);
    if (marker && environ?.includes(marker)) tied.set(pid, 'marker');
    else if (environ?.includes(anyMarker)) others.add(pid);
    else unmarked.push(pid);
  }
  spread(candidates, others, new Set(tied.keys()));
  for (const pid of unmarked)
    if (
      !others.has(pid) &&
      paths.length > 0 &&
      (within(cwdOf(pid) ?? '', watch.sandbox) ||
        paths.some((path) => environOf(pid)?.includes(path)))
    )
      tied.set(pid, 'sandbox');
  spread(candidates, tied, new Set(), dying);
  const escapees: Escapee[] = [];
  for (const [pid, tie] of tied) {
    escapees.push({ pid, command: commandOf(pid), tie });
    kill(pid);
    if (candidates.get(pid)?.pgrp === pid) kill(-pid);
  }
  for (const pid of dying) kill(pid);
  return escapees.sort((a, b) => a.pid - b.pid);
}

/**
 * Children of what is in `from` (or in `also`, the dying group), however they left, join `from` (as `descendant`
 * when it is the tied map): to a fixed point, in any order of pids. What is in `stop` stays out.
 */
function spread(
  candidates: ReadonlyMap<number, ProcStat>,
  from: Map<number, EscapeTie> | Set<number>,
  stop: ReadonlySet<number>,
  also: ReadonlySet<number> = new Set(),
): void {
  const add = (pid: number) => (from instanceof Map ? from.set(pid, 'descendant') : from.add(pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, stat] of candidates) {
      if (from.has(pid) || stop.has(pid) || also.has(pid) || stat.state === 'Z') continue;
      if (from.has(stat.ppid) || also.has(stat.ppid)) {
        add(pid);
        grew = true;
      }
    }
  }
}
