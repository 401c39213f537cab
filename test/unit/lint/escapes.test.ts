import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  outsideChanges,
  outsideDirs,
  outsideSnapshot,
  processGroupOf,
  PROBE_MARKER_ENV,
  survivorsOf,
} from '../../../src/lint/aoi/escapes.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('outside snapshots: top-level entries of the watched directories', () => {
  test('new, removed and rewritten files count; in a files-only directory a new sibling directory does not', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'aoi-escapes-'));
    made.push(parent);
    const cwd = join(parent, 'cwd');
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'kept'), 'x');
    writeFileSync(join(cwd, 'gone'), 'x');
    const before = await outsideSnapshot([cwd, parent]);
    writeFileSync(join(cwd, 'new.log'), 'x');
    writeFileSync(join(cwd, 'kept'), 'longer');
    utimesSync(join(cwd, 'kept'), new Date(), new Date(Date.now() + 10_000));
    rmSync(join(cwd, 'gone'));
    mkdirSync(join(parent, 'sibling-checkout'));
    writeFileSync(join(parent, 'stray.txt'), 'x');
    mkdirSync(join(cwd, '.cache'));
    // Python's bytecode cache, written by the interpreter beside a module it imported: not the tool's write.
    mkdirSync(join(cwd, '__pycache__'));
    writeFileSync(join(cwd, '__pycache__.txt'), 'a file of that name is not a cache');
    const after = await outsideSnapshot([cwd, parent]);
    const files = new Set([parent]);
    expect(outsideChanges(before, after, files, () => false)).toEqual(
      [
        join(cwd, '.cache'),
        join(cwd, 'gone'),
        join(cwd, 'kept'),
        join(cwd, 'new.log'),
        join(cwd, '__pycache__.txt'),
        join(parent, 'stray.txt'),
      ].sort(),
    );
    expect(outsideChanges(before, after, files, (path) => path.endsWith('.log'))).not.toContain(
      join(cwd, 'new.log'),
    );
    expect(outsideChanges(after, await outsideSnapshot([cwd, parent]), files, () => false)).toEqual(
      [],
    );
  });
});

describe('the watched directories', () => {
  test('the parent of the cwd is watched for files, unless everyone may write there (sticky and world-writable, as /tmp)', () => {
    const parent = mkdtempSync(join(tmpdir(), 'aoi-outside-'));
    made.push(parent);
    const cwd = join(parent, 'project');
    mkdirSync(cwd);
    const watched = outsideDirs(false, cwd);
    expect([watched.dirs, [...watched.filesOnly]]).toEqual([[cwd, parent], [parent]]);
    chmodSync(parent, 0o1777); // a shared temp dir that is not TMPDIR: the suite's and many CI runners' case
    const shared = outsideDirs(false, cwd);
    expect([shared.dirs, [...shared.filesOnly]]).toEqual([[cwd], []]);
  });
});

describe('survivors: processes that carry a probe marker after the probe', () => {
  test('a detached process with the marker is found and killed; another marker is not', async () => {
    const marker = `test-${process.pid}-${Date.now()}`;
    // `sleep` itself, no shell: 'spawn' is emitted once the program is exec'd, so /proc already names it. (A shell's
    // "ready" line before `exec sleep` raced the exec: on a loaded machine /proc still said `sh`.)
    const child = spawn('sleep', ['30'], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, [PROBE_MARKER_ENV]: marker },
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => child.once('spawn', resolve));
    expect(await survivorsOf(`other-${marker}`)).toEqual([]);
    const found = await survivorsOf(marker.slice(0, -3));
    // Detached: it leads its own group.
    expect(found).toEqual([{ pid: child.pid, marker, group: child.pid, command: 'sleep 30' }]);
    await exited; // killed by survivorsOf
    expect(await survivorsOf(marker)).toEqual([]);
  });
});

test('the process group is read from /proc/<pid>/stat even when the command name holds spaces and parentheses', () => {
  expect(processGroupOf('4242 (sleep) S 1 4240 4240 0 -1 4194560')).toBe(4240);
  expect(processGroupOf('4242 (my (odd) prog) S 1 77 77 0 -1')).toBe(77);
  expect(processGroupOf('')).toBeNull();
});
