import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statfsSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const PREFIX = 'aoi-testkit-suite-';

/**
 * The environment the suite's processes start with, set in vitest's main process before it starts a worker (every
 * process of the suite inherits it). None of it changes what a test proves; all of it changes what it costs.
 */
export function prepareSuiteEnvironment(): void {
  // NODE_EXTRA_CA_CERTS makes every Node process parse that CA bundle as it starts: with Debian's whole bundle,
  // 23 → 82 ms of CPU per start on a 2-core machine, and the suite starts Node some ten thousand times (fakes, the
  // kit's CLI, linted tools). Nothing in the suite makes a TLS connection.
  delete process.env.NODE_EXTRA_CA_CERTS;
  // Set once: vitest's workers (and a nested run's config) inherit what this process set.
  if (process.env.AOI_TESTKIT_SUITE_ENV === '1') return;
  process.env.AOI_TESTKIT_SUITE_ENV = '1';
  const own = ownTemporaryDirectory();
  skipPythonShim(own);
}

/**
 * The suite's temporary files go to a directory of its own (TMPDIR), removed when vitest exits: test files leave
 * their state directories to it. Every probe of a lint gets a sandbox of a dozen directories, made, walked and removed:
 * on a journaled disk that was half the CPU of an in-memory lint, system time; so where Linux's /dev/shm is a tmpfs
 * with room (a container's may have 64 MiB), the directory is there. AOI_TESTKIT_SUITE_TMPDIR=keep leaves TMPDIR as it
 * is. Returns the directory, which the suite may use for files of its own too.
 */
function ownTemporaryDirectory(): string {
  const keep = process.env.AOI_TESTKIT_SUITE_TMPDIR === 'keep';
  let dir: string | undefined;
  if (!keep) {
    try {
      const { bavail, bsize } = statfsSync('/dev/shm');
      if (bavail * bsize >= 2 * 1024 ** 3) dir = mkdtempSync(join('/dev/shm', PREFIX));
    } catch {
      // No /dev/shm (macOS, Windows), or not writable: the default TMPDIR.
    }
  }
  const made = dir ?? mkdtempSync(join(tmpdir(), PREFIX));
  if (!keep) process.env.TMPDIR = made;
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
  return made;
}

/**
 * A version manager's shim in front of `python3` (pyenv's, asdf's: a shell script that finds the version, some thirty
 * processes) cost ~60 ms of CPU at each start, more than the interpreter itself, and the suite starts Python over
 * two thousand times (the foreign tools, the example consumers). The same interpreter the shim would choose is put
 * first on PATH, under the same name.
 */
function skipPythonShim(own: string): void {
  const onPath = firstOnPath('python3');
  if (!onPath) return;
  const asked = spawnSync(onPath, ['-c', 'import sys; print(sys.executable)'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const interpreter = asked.status === 0 ? asked.stdout.trim() : '';
  if (!interpreter || realpathSync(interpreter) === realpathSync(onPath)) return;
  try {
    const bin = join(own, 'bin');
    mkdirSync(bin);
    symlinkSync(interpreter, join(bin, 'python3'));
    process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ''}`;
  } catch {
    // No symlinks here (Windows without the privilege): the shim it is.
  }
}

/** The file `name` on PATH resolves to, as a shell or `/usr/bin/env` finds it. */
export function firstOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // Not here.
    }
  }
  return undefined;
}
