import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endAllWatches } from './escapees.js';

/**
 * What the kit has alive right now: the process groups it started (runProbe registers each child, which leads
 * its own group) and the temporary directories it made. On SIGINT/SIGTERM, {@link onInterrupt} ends the groups
 * and removes the directories, so an interrupted kit leaves nothing behind.
 */
const groups = new Set<number>();
const dirs = new Set<string>();
const cleanups = new Set<() => unknown>();
let interrupted: NodeJS.Signals | undefined;
// Whether the kit's CLI handles SIGINT/SIGTERM itself (onInterrupt): then the host-end guard stays out of its way.
let interruptHandled = false;

/** How long the groups get after SIGTERM before SIGKILL. */
const GRACE_MS = 500;

/** The signal that interrupted the kit, once it has been. */
export const interruptedBy = (): NodeJS.Signals | undefined => interrupted;

/** A child that leads its own group was started. Once interrupted, nothing new may run: it is killed at once. */
export function trackGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  if (interrupted) return signalGroup(pid, 'SIGKILL');
  groups.add(pid);
  updateHostEndGuard();
}

export function untrackGroup(pid: number | undefined): void {
  if (pid !== undefined && groups.delete(pid)) updateHostEndGuard();
}

/**
 * Held from just before a spawn until its group is tracked: the child runs as soon as it is forked, and a signal
 * that ends the host in between must find the guard below already installed. Returns the release.
 */
export function holdForSpawn(): () => void {
  spawning++;
  updateHostEndGuard();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    spawning--;
    updateHostEndGuard();
  };
}

/**
 * A process that runs the kit as a library (a test runner's worker, a script) may end while probes still run:
 * process.exit, or a signal's default action (vitest SIGTERMs its workers at teardown, also those whose test timed
 * out mid-lint). The probes lead their own groups, so nothing would end them: a tool that hangs would outlive the
 * test run that linted it. While a group or a temp dir of the kit's is alive, the host's end SIGKILLs every group
 * and removes the dirs; a signal nobody else listens for is then raised again, so the host still ends as it would have.
 */
const HOST_END_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let spawning = 0;
let guarded = false;
function updateHostEndGuard(): void {
  // The kit's CLI handles its own end (onInterrupt: the groups get a grace period, a partial report is written).
  const wanted = !interruptHandled && (groups.size > 0 || spawning > 0 || dirs.size > 0);
  if (wanted === guarded) return;
  guarded = wanted;
  if (wanted) {
    process.on('exit', endWithHost);
    // First in line, so that it is gone before the host's own listeners run: signal-exit (execa, write-file-atomic)
    // raises the signal again only when it finds itself alone, as this guard does.
    for (const signal of HOST_END_SIGNALS) process.prependListener(signal, endWithHostSignal);
  } else {
    process.off('exit', endWithHost);
    for (const signal of HOST_END_SIGNALS) process.off(signal, endWithHostSignal);
  }
}

function endWithHost(): void {
  for (const pid of groups) signalGroup(pid, 'SIGKILL');
  groups.clear();
  endAllWatches();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

function endWithHostSignal(signal: NodeJS.Signals): void {
  endWithHost();
  updateHostEndGuard(); // off: no spawn is held here (a spawn and its release are one synchronous block)
  // Another listener means the host handles this signal itself (a lint it carries on with then fails: its probes and
  // sandboxes are gone); alone, the default action is what the host expected.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * `mkdtemp` under the temp dir, remembered until {@link removeTempDir} or {@link untrackTempDir}. Synchronous on
 * purpose: an async mkdtemp still in libuv's hands when a signal's clean-up ran would make its directory after the
 * clean-up, and register it too late to be removed (seen under load: an interrupted lint left its workspace).
 */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.add(dir);
  updateHostEndGuard();
  return dir;
}

export function untrackTempDir(dir: string): void {
  dirs.delete(dir);
  updateHostEndGuard();
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  dirs.delete(dir);
  updateHostEndGuard();
}

/**
 * Something else to end on interrupt, for processes that left the groups the kit started (a consumer's fake tool
 * leaves its consumer's group on purpose): run after the groups are ended, before the directories go.
 */
export function trackCleanup(cleanup: () => unknown): void {
  cleanups.add(cleanup);
}

export function untrackCleanup(cleanup: () => unknown): void {
  cleanups.delete(cleanup);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is gone.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** SIGTERM every live group, SIGKILL what is left after the grace, then remove every temp dir. */
export async function cleanUpLive(graceMs = GRACE_MS): Promise<void> {
  for (const pid of groups) signalGroup(pid, 'SIGTERM');
  const deadline = performance.now() + graceMs;
  // Polled, not slept blindly: most groups are gone within a few ms.
  while ([...groups].some(groupAlive) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  for (const pid of groups) signalGroup(pid, 'SIGKILL');
  groups.clear();
  // What left the groups (setsid, a double fork) is found as after every probe, and ended too.
  endAllWatches();
  for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch(() => {});
  cleanups.clear();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  // File work already handed to libuv's threads (a probe's sandbox being copied, a mkdir -p) may land after
  // that removal and recreate a directory: let it finish, then remove again.
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  dirs.clear();
}

/** The exit status of a kit ended by `signal`: 128 + its number, as a shell reports it. */
const EXIT_STATUS: Readonly<Record<string, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/**
 * Installs the kit's SIGINT/SIGTERM/SIGHUP handling (once per process): stop starting processes, take what there is
 * to report (`report(signal)`, called at the signal, before anything is killed: a run the kit's clean-up ends must
 * not become a finding against the tool), end every group and what escaped them, remove every temp dir, write the
 * report (the function `report` returned: a partial report or a notice), exit 130 (SIGINT), 143 (SIGTERM) or 129
 * (SIGHUP: the terminal closed, or a CI runner's cancel). A second signal during the clean-up is ignored: the
 * clean-up is short and bounded.
 */
export function onInterrupt(report: (signal: NodeJS.Signals) => () => void): void {
  interruptHandled = true;
  updateHostEndGuard();
  const handle = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = signal;
    let write: (() => void) | undefined;
    try {
      write = report(signal);
    } catch {
      // The report is best effort; the exit status is what matters.
    }
    void (async () => {
      try {
        await cleanUpLive();
      } finally {
        try {
          write?.();
        } catch {
          // The report is best effort; the exit status is what matters.
        }
        // A directory made while the clean-up awaited (the kit's work goes on until exit) goes too.
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
        process.exit(EXIT_STATUS[signal] ?? 143);
      }
    })();
  };
  for (const signal of HOST_END_SIGNALS) process.on(signal, handle);
}
