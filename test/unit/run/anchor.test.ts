import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { anchorCommandLine } from '../../../src/run/anchor.js';

const cwd = mkdtempSync(join(tmpdir(), 'aoi-anchor-'));
mkdirSync(join(cwd, 'dist'));
writeFileSync(join(cwd, 'dist', 'cli.js'), '');
writeFileSync(join(cwd, 'tool.sh'), '');
writeFileSync(join(cwd, 'bookmarks'), '');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

test('paths that exist from the caller’s cwd become absolute: each probe runs in a directory of its own', () => {
  expect(anchorCommandLine('node', ['dist/cli.js', '--output', 'jsonl'], cwd)).toEqual([
    'node',
    [join(cwd, 'dist/cli.js'), '--output', 'jsonl'],
  ]);
  expect(anchorCommandLine('./tool.sh', [], cwd)).toEqual([join(cwd, 'tool.sh'), []]);
});

test('names looked up on PATH, flags, values and paths that do not exist stay as given', () => {
  expect(
    anchorCommandLine(
      'tool.sh',
      ['search', 'x.y', '--limit', '2', 'missing/file.js', '/abs/path'],
      cwd,
    ),
  ).toEqual(['tool.sh', ['search', 'x.y', '--limit', '2', 'missing/file.js', '/abs/path']]);
});

test('an interpreter’s script is a path whatever its name; a bare word elsewhere stays a word', () => {
  expect(anchorCommandLine('python3', ['bookmarks', 'list'], cwd)).toEqual([
    'python3',
    [join(cwd, 'bookmarks'), 'list'],
  ]);
  expect(anchorCommandLine('/usr/bin/sh', ['bookmarks'], cwd)).toEqual([
    '/usr/bin/sh',
    [join(cwd, 'bookmarks')],
  ]);
  // Not the script: a flag comes first (`python3 -m bookmarks`), the program is no interpreter, a later argument.
  expect(anchorCommandLine('python3', ['-m', 'bookmarks'], cwd)).toEqual([
    'python3',
    ['-m', 'bookmarks'],
  ]);
  expect(anchorCommandLine('notes', ['bookmarks'], cwd)).toEqual(['notes', ['bookmarks']]);
  expect(anchorCommandLine('python3', ['tool.sh', 'bookmarks'], cwd)).toEqual([
    'python3',
    [join(cwd, 'tool.sh'), 'bookmarks'],
  ]);
  // A directory of that name is no script.
  expect(anchorCommandLine('node', ['dist'], cwd)).toEqual(['node', ['dist']]);
});

test('npx of a package installed where the caller stands runs its bin, as npx would from there', () => {
  const project = mkdtempSync(join(tmpdir(), 'aoi-anchor-npx-'));
  try {
    mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'node_modules', '.bin', 'mytool'), '');
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'self', bin: { self: 'cli.js' } }),
    );
    writeFileSync(join(project, 'cli.js'), '');
    const bin = join(project, 'node_modules', '.bin', 'mytool');
    // From a subdirectory too, and past npx's own flags.
    expect(anchorCommandLine('npx', ['mytool', 'lint', 'x'], join(project, 'src'))).toEqual([
      bin,
      ['lint', 'x'],
    ]);
    expect(anchorCommandLine('npx', ['--yes', 'mytool'], project)).toEqual([bin, []]);
    // The package's own checkout: its own bin.
    expect(anchorCommandLine('npx', ['self', '--version'], project)).toEqual([
      join(project, 'cli.js'),
      ['--version'],
    ]);
    // Not installed here, a version or a scope asked for, another npx option: npx's to fetch.
    for (const args of [['other'], ['mytool@1'], ['-p', 'mytool', 'mytool'], ['@scope/mytool']]) {
      expect(anchorCommandLine('npx', args, project)).toEqual(['npx', args]);
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
