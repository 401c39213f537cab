/** Where a program lint's findings are placed for code scanning: on checkouts laid out as outside tools lay them out. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findAnchor, parseAnchorSpec } from '../../../src/report/anchor.js';

function checkout(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'aoi-anchor-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const PKG = `{
  "name": "@acme/notes",
  "version": "1.0.0",
  "bin": {
    "notes-admin": "./bin/admin.js",
    "notes": "./dist/cli.js"
  }
}
`;

describe('findAnchor', () => {
  test('the package.json line that declares the command, by its name or by the script it runs', () => {
    const dir = checkout({ 'package.json': PKG, 'dist/cli.js': '', 'bin/admin.js': '' });
    const at = { uri: 'package.json', line: 6, source: 'declaration' };
    expect(findAnchor(['npx', 'notes', 'list'], dir)).toEqual(at);
    expect(findAnchor(['notes'], dir)).toEqual(at);
    expect(findAnchor(['node', 'dist/cli.js'], dir)).toEqual(at);
    expect(findAnchor(['node', './bin/admin.js'], dir)).toMatchObject({ line: 5 });
  });

  test('a string bin declares the package name without its scope', () => {
    const dir = checkout({
      'package.json': '{\n  "name": "@acme/tool",\n  "bin": "cli.js"\n}\n',
      'cli.js': '',
    });
    expect(findAnchor(['node', 'cli.js', 'list'], dir)).toEqual({
      uri: 'package.json',
      line: 3,
      source: 'declaration',
    });
    expect(findAnchor(['tool'], dir)).toMatchObject({ line: 3, source: 'declaration' });
  });

  test('pyproject.toml [project.scripts]', () => {
    const dir = checkout({
      'pyproject.toml':
        '[project]\nname = "inventory"\n\n[project.scripts]\ninv-admin = "inv.admin:main"\ninv = "inv.cli:main"\n',
    });
    expect(findAnchor(['inv', 'list'], dir)).toEqual({
      uri: 'pyproject.toml',
      line: 6,
      source: 'declaration',
    });
  });

  test('the script an interpreter runs, else the program itself, when it is in the checkout', () => {
    const dir = checkout({ 'tools/inventory.py': '#!/usr/bin/env python3\n', 'run.sh': '' });
    expect(findAnchor(['python3', 'tools/inventory.py', '--json'], dir)).toEqual({
      uri: 'tools/inventory.py',
      line: 1,
      source: 'script',
    });
    expect(findAnchor([join(dir, 'run.sh')], dir)).toEqual({
      uri: 'run.sh',
      line: 1,
      source: 'script',
    });
    // A script of node_modules is nobody's code to fix.
    const deps = checkout({ 'node_modules/x/cli.js': '', 'go.mod': 'module x\n' });
    expect(findAnchor(['node', 'node_modules/x/cli.js'], deps)).toEqual({
      uri: 'go.mod',
      line: 1,
      source: 'manifest',
    });
  });

  test("the project's manifest, else the program as named; the user's FILE[:LINE] before all", () => {
    const dir = checkout({ 'Cargo.toml': '[package]\nname = "x"\n', 'package.json': PKG });
    expect(findAnchor(['/usr/bin/env'], dir)).toEqual({
      uri: 'package.json',
      line: 1,
      source: 'manifest',
    });
    expect(findAnchor(['mytool', 'list'], checkout({}))).toEqual({
      uri: 'mytool',
      source: 'program',
    });
    expect(findAnchor(['notes'], dir, 'docs/cli.md:12')).toEqual({
      uri: 'docs/cli.md',
      line: 12,
      source: 'given',
    });
    expect(findAnchor([], dir)).toBeUndefined();
  });

  test('parseAnchorSpec', () => {
    expect(parseAnchorSpec('a.md')).toEqual({ file: 'a.md', line: 1 });
    expect(parseAnchorSpec('a.md:30')).toEqual({ file: 'a.md', line: 30 });
    expect(parseAnchorSpec('C:a.md')).toEqual({ file: 'C:a.md', line: 1 });
  });
});
