// Packs aoi-testkit-corpus (packages/corpus) from the repository's own corpus files, the one copy: a staging
// directory gets packages/corpus/package.json with the kit's version, its README, the LICENSE and every path the
// package's `files` lists (scenarios/, fixtures/transcripts/, fixtures/contracts/), then `npm pack` runs there.
//
//   node scripts/pack-corpus.mjs [--dry-run] [--pack-destination DIR]
//
// Prints npm pack's --json answer. The version always moves with the kit's (test/unit/corpus/corpus-package.test.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(import.meta.url), '..', '..');
const args = process.argv.slice(2);
const dest = args.includes('--pack-destination')
  ? resolve(args[args.indexOf('--pack-destination') + 1])
  : process.cwd();

const kit = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(repo, 'packages', 'corpus', 'package.json'), 'utf8'));
const stage = mkdtempSync(join(tmpdir(), 'aoi-testkit-corpus-'));
try {
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify({ ...pkg, version: kit.version }, null, 2)}\n`,
  );
  cpSync(join(repo, 'packages', 'corpus', 'README.md'), join(stage, 'README.md'));
  cpSync(join(repo, 'LICENSE'), join(stage, 'LICENSE'));
  for (const path of pkg.files) cpSync(join(repo, path), join(stage, path), { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = spawnSync(
    npm,
    [
      'pack',
      '--json',
      '--pack-destination',
      dest,
      ...(args.includes('--dry-run') ? ['--dry-run'] : []),
    ],
    { cwd: stage, encoding: 'utf8', shell: process.platform === 'win32' },
  );
  process.stderr.write(packed.stderr);
  process.stdout.write(packed.stdout);
  process.exitCode = packed.status ?? 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
