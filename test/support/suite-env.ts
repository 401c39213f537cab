import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'aoi-testkit-suite-';

/**
 * The environment the suite's processes start with, set in vitest's main process before it starts a worker (every
 * process of the suite inherits it). Neither changes what a test proves; both change what it costs.
 */
export function prepareSuiteEnvironment(): void {
  // NODE_EXTRA_CA_CERTS makes every Node process parse that CA bundle as it starts: with Debian's whole bundle,
  // 23 → 82 ms of CPU per start on a 2-core machine, and the suite starts Node some ten thousand times (fakes, the
  // kit's CLI, linted tools). Nothing in the suite makes a TLS connection.
  delete process.env.NODE_EXTRA_CA_CERTS;

  // Every probe of a lint gets a sandbox of a dozen directories, made, walked and removed: on a journaled disk that
  // was half the CPU of an in-memory lint, system time. Where Linux's /dev/shm is a tmpfs with room (a container's
  // may have 64 MiB), the suite's temporary files go to a directory of their own there, removed when vitest exits.
  // AOI_TESTKIT_SUITE_TMPDIR=keep leaves TMPDIR as it is.
  const shm = '/dev/shm';
  if (process.env.AOI_TESTKIT_SUITE_TMPDIR === 'keep' || process.env.TMPDIR?.startsWith(join(shm, PREFIX))) return;
  try {
    const { bavail, bsize } = statfsSync(shm);
    if (bavail * bsize < 2 * 1024 ** 3) return;
    const dir = mkdtempSync(join(shm, PREFIX));
    process.env.TMPDIR = dir;
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  } catch {
    // No /dev/shm (macOS, Windows), or not writable: the default TMPDIR.
  }
}
