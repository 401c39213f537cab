import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What the hostile suite shares: the built CLI run as a user runs it (its own cwd, HOME and TMPDIR, each a fresh
 * directory the test then inspects), and the processes a hostile tool leaves behind, found by a number unique to the
 * test (the seconds their `sleep` was given), never by name.
 */

import { CLI } from '../support/kit-cli.js';
export { CLI };
export const PROGRAMS = new URL('./programs/', import.meta.url).pathname;
export const FOREIGN = new URL('../../fixtures/foreign/', import.meta.url).pathname;

/** A caller's world: the directory the kit is run from, its HOME and its TMPDIR. */
export interface Caller {
  readonly root: string;
  readonly cwd: string;
  readonly home: string;
  readonly tmp: string;
  /** Every entry left in cwd, HOME and TMPDIR, as `cwd/…`, `home/…`, `tmp/…` (recursively, files and directories). */
  left(): string[];
  remove(): void;
}

export function makeCaller(): Caller {
  const root = mkdtempSync(join(tmpdir(), 'aoi-hostile-'));
  const [cwd, home, tmp] = ['cwd', 'home', 'tmp'].map((name) => join(root, name));
  for (const dir of [cwd!, home!, tmp!]) mkdirSync(dir);
  const walk = (dir: string, prefix: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = `${prefix}/${entry.name}`;
      return entry.isDirectory() ? [path, ...walk(join(dir, entry.name), path)] : [path];
    });
  return {
    root,
    cwd: cwd!,
    home: home!,
    tmp: tmp!,
    left: () => [...walk(cwd!, 'cwd'), ...walk(home!, 'home'), ...walk(tmp!, 'tmp')],
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface KitRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `aoi-testkit <args>` in the caller's cwd, with its HOME and TMPDIR and `env` over the suite's environment. With
 * `interrupt`, the signal is sent once `ready()` (asked every 100 ms) says the run is where the test wants it.
 */
export function runKit(
  args: readonly string[],
  caller: Caller,
  env: Record<string, string> = {},
  interrupt?: { signal: NodeJS.Signals; ready: () => boolean },
): Promise<KitRun> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: caller.cwd,
    env: { ...process.env, HOME: caller.home, TMPDIR: caller.tmp, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const poll =
    interrupt &&
    setInterval(() => {
      if (!interrupt.ready()) return;
      clearInterval(poll);
      child.kill(interrupt.signal);
    }, 100);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal, stdout, stderr });
    }),
  );
}

/** A number of seconds no other test uses: what the processes a hostile tool leaves behind sleep for. */
export function uniqueSleep(): string {
  return `${randomInt(3600, 7200)}.${randomInt(100000, 999999)}`;
}

/** The live processes that run `sleep <seconds>` (zombies waiting for a parent that never reaps are dead). */
export function sleepers(seconds: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (argv[1] === seconds && argv[0]!.endsWith('sleep') && state !== 'Z')
        found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/**
 * The sleepers still alive once those the kit killed have had time to go (a SIGKILLed process stays visible until it
 * is scheduled to die, which on a loaded machine takes a moment). Polled, never a fixed sleep.
 */
export async function survivingSleepers(seconds: string, withinMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  let left = sleepers(seconds);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = sleepers(seconds);
  }
  return left;
}

/** The test's own leftovers (found by their unique sleep), killed so that a failed test leaves nothing behind. */
export function killSleepers(seconds: string): void {
  for (const pid of sleepers(seconds)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
}

/** The aoi:check events of a JSONL report. */
export function checksOf(stdout: string): {
  name: string;
  command: string;
  status: string;
  findings: { id: string; message: string }[];
}[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { type: string })
    .filter((event) => event.type === 'aoi:check') as never;
}
