/**
 * aoi-testkit-corpus: its files are the corpus paths the kit no longer ships, its version is the kit's, and the kit
 * finds it (the checkout's own files, or the installed package) or says what to install.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { InputError } from '../../../src/errors.js';
import { corpusDir } from '../../../src/corpus/files.js';
import { CORPUS_PACKAGE, CORPUS_PATHS, corpusRoot } from '../../../src/package-root.js';

const REPO = resolve(import.meta.dirname, '..', '..', '..');
const json = (path: string) => JSON.parse(readFileSync(join(REPO, path), 'utf8'));
const kit = json('package.json');
const corpus = json('packages/corpus/package.json');

describe('the corpus package', () => {
  test('its version is the kit’s, and the kit asks for exactly that version (an optional peer)', () => {
    expect(corpus.name).toBe(CORPUS_PACKAGE);
    expect(corpus.version).toBe(kit.version);
    expect(kit.peerDependencies[CORPUS_PACKAGE]).toBe(kit.version);
    expect(kit.peerDependenciesMeta[CORPUS_PACKAGE]).toEqual({ optional: true });
    expect(kit.dependencies?.[CORPUS_PACKAGE]).toBeUndefined();
  });

  test('it holds the corpus paths, and the kit’s tarball none of them', () => {
    expect(corpus.files).toEqual([...CORPUS_PATHS]);
    for (const path of CORPUS_PATHS) {
      expect(kit.files).not.toContain(path);
      expect(Object.keys(kit.exports)).not.toContain(`./${path}/*`);
    }
  });

  test('every schema of the corpus names itself by its path in the corpus package', () => {
    for (const path of [
      'scenarios/scenario.schema.json',
      'fixtures/transcripts/expected.schema.json',
      'fixtures/transcripts/agents-expected.schema.json',
      'fixtures/contracts/expected.schema.json',
    ])
      expect(json(path).$id).toBe(`https://unpkg.com/${CORPUS_PACKAGE}/${path}`);
  });
});

describe('where the kit finds the corpus', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'corpus-root-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  /** An installed kit (no corpus files of its own) in a project, and a module inside it to resolve from. */
  const project = (name: string, withCorpus: boolean) => {
    const dir = join(scratch, name);
    const kitDir = join(dir, 'node_modules', 'aoi-testkit');
    mkdirSync(join(kitDir, 'dist'), { recursive: true });
    writeFileSync(
      join(kitDir, 'package.json'),
      JSON.stringify({ name: 'aoi-testkit', version: '9.8.7' }),
    );
    if (withCorpus) {
      const corpusDir = join(dir, 'node_modules', CORPUS_PACKAGE);
      mkdirSync(corpusDir, { recursive: true });
      writeFileSync(
        join(corpusDir, 'package.json'),
        JSON.stringify({ name: CORPUS_PACKAGE, version: '9.8.7' }),
      );
    }
    return join(kitDir, 'dist', 'corpus.js');
  };

  test('in the checkout: the repository’s root, the one copy', () => {
    expect(corpusRoot()).toBe(REPO);
    expect(corpusDir()).toBe(REPO);
  });

  test('installed beside the kit: the corpus package', () => {
    const from = project('with', true);
    expect(corpusRoot(from)).toBe(join(scratch, 'with', 'node_modules', CORPUS_PACKAGE));
  });

  test('absent: a structured error (exit 66, CORPUS_NOT_FOUND) that says what to install', () => {
    const from = project('without', false);
    expect(corpusRoot(from)).toBeUndefined();
    let error: unknown;
    try {
      corpusDir(from);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ code: 'CORPUS_NOT_FOUND', exitCode: 66, category: 'not_found' });
    expect((error as Error).message).toContain(`npm i -D ${CORPUS_PACKAGE}@9.8.7`);
  });
});
