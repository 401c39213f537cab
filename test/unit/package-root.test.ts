import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { TOOL_VERSION } from '../../src/report/meta.js';
import { kitPackage, kitPath, kitRoot } from '../../src/package-root.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('the one lookup of the kit’s own files', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  test('finds the package root from src/, from dist/ and from a bundle chunk', () => {
    expect(kitRoot()).toBe(ROOT);
    expect(kitRoot(join(ROOT, 'dist', 'cli', 'main.js'))).toBe(ROOT);
    expect(kitRoot(join(ROOT, 'dist', 'chunk-ABC123.js'))).toBe(ROOT);
    expect(kitPath('docs/rules')).toBe(join(ROOT, 'docs', 'rules'));
    expect(kitPath('no/such/file')).toBeUndefined();
  });

  test('the CLI’s version is package.json’s, written once', () => {
    expect(kitPackage()?.version).toBe(PKG.version);
    expect(TOOL_VERSION).toBe(PKG.version);
  });

  test('another package’s package.json, or a broken one, is not the kit: the walk goes on above it', () => {
    const top = mkdtempSync(join(tmpdir(), 'aoi-package-root-'));
    dirs.push(top);
    writeFileSync(
      join(top, 'package.json'),
      JSON.stringify({ name: 'aoi-testkit', version: '9.9.9' }),
    );
    mkdirSync(join(top, 'node_modules', 'other', 'dist'), { recursive: true });
    writeFileSync(
      join(top, 'node_modules', 'other', 'package.json'),
      JSON.stringify({ name: 'other', version: '1.0.0' }),
    );
    mkdirSync(join(top, 'node_modules', 'broken', 'dist'), { recursive: true });
    writeFileSync(join(top, 'node_modules', 'broken', 'package.json'), '{ not json');
    expect(kitRoot(join(top, 'node_modules', 'other', 'dist', 'index.js'))).toBe(top);
    expect(kitPackage(join(top, 'node_modules', 'broken', 'dist', 'index.js'))).toEqual({
      version: '9.9.9',
    });
  });

  test('no aoi-testkit above: undefined, not a throw', () => {
    const alone = mkdtempSync(join(tmpdir(), 'aoi-package-root-'));
    dirs.push(alone);
    expect(kitRoot(join(alone, 'index.js'))).toBeUndefined();
    expect(kitPackage(join(alone, 'index.js'))).toBeNull();
  });
});
