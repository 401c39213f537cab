import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { anchorCommandLine } from '../../../src/run/anchor.js';

const cwd = mkdtempSync(join(tmpdir(), 'aoi-anchor-'));
mkdirSync(join(cwd, 'dist'));
writeFileSync(join(cwd, 'dist', 'cli.js'), '');
writeFileSync(join(cwd, 'tool.sh'), '');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

test('paths that exist from the caller’s cwd become absolute: each probe runs in a directory of its own', () => {
  expect(anchorCommandLine('node', ['dist/cli.js', '--output', 'jsonl'], cwd)).toEqual(['node', [join(cwd, 'dist/cli.js'), '--output', 'jsonl']]);
  expect(anchorCommandLine('./tool.sh', [], cwd)).toEqual([join(cwd, 'tool.sh'), []]);
});

test('names looked up on PATH, flags, values and paths that do not exist stay as given', () => {
  expect(anchorCommandLine('tool.sh', ['search', 'x.y', '--limit', '2', 'missing/file.js', '/abs/path'], cwd)).toEqual([
    'tool.sh',
    ['search', 'x.y', '--limit', '2', 'missing/file.js', '/abs/path'],
  ]);
});
