// What `npm install aoi-testkit` costs a user who installs none of the optional peers: pack the package as
// npm publishes it, install the tarball into a fresh empty project, and count the packages and bytes that
// land in node_modules (the kit itself included). npm's cache is used first (--prefer-offline).
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function npmRun(args, cwd) {
  const result = spawnSync(npm, args, {
    cwd,
    encoding: 'utf8',
    shell: process.platform === 'win32',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(
      `npm ${args[0]} exited ${result.status}: ${(result.stderr ?? '').trim().split('\n').slice(-3).join(' ')}`,
    );
  return result.stdout;
}

/** Bytes of every file under `dir` (symlinks counted as links, not followed). */
function bytesUnder(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : lstatSync(path).size;
  }
  return total;
}

/** @returns {{ packages: number, bytes: number, tarballBytes: number, unpackedBytes: number, ms: number }} */
export function installCost(root) {
  const work = mkdtempSync(join(tmpdir(), 'aoi-bench-install-'));
  try {
    const [packed] = JSON.parse(
      npmRun(['pack', '--json', '--pack-destination', work], root).replace(/^[^[]*/, ''),
    );
    const project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'fresh-project', private: true }),
    );
    const started = performance.now();
    npmRun(
      ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed.filename)],
      project,
    );
    const ms = performance.now() - started;
    const tree = JSON.parse(npmRun(['ls', '--all', '--json'], project));
    const names = new Set();
    const walk = (deps) => {
      for (const [name, node] of Object.entries(deps ?? {})) {
        if (node.missing || !node.version) continue; // an optional peer, not installed
        names.add(`${name}@${node.version}`);
        walk(node.dependencies);
      }
    };
    walk(tree.dependencies);
    return {
      packages: names.size,
      bytes: bytesUnder(join(project, 'node_modules')),
      tarballBytes: packed.size,
      unpackedBytes: packed.unpackedSize,
      ms,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
