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
