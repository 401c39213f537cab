/**
 * Signalling a child and the process group it leads. Every process the kit starts is detached, so it
 * leads its own group: `-pid` addresses the CLI and everything it started, and nothing else.
 */

/** SIGKILL the whole group led by `pid`. A no-op once the group is gone. */
export function killTree(pid: number | undefined): void {
  signalProcess(pid, 'SIGKILL', 'group');
}

/**
 * Send `signal` to the child alone (`process`) or to the group it leads (`group`). Returns false when
 * there was nothing left to signal (ESRCH) or the pid is unknown.
 */
export function signalProcess(
  pid: number | undefined,
  signal: NodeJS.Signals,
  target: 'process' | 'group',
): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(target === 'group' ? -pid : pid, signal);
    return true;
  } catch {
    // ESRCH: already gone.
    return false;
  }
}
