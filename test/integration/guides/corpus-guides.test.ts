import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

/**
 * The harness guides for other languages are code users copy: each is run here as written, in a scratch
 * project whose `node_modules/.bin/aoi-testkit` is this build, against the whole stream corpus. `.ci/run`
 * installs Go and pytest and sets AOI_TESTKIT_REQUIRE_GUIDES=1, so in CI a missing toolchain fails instead of
 * skipping; AOI_TESTKIT_PYTHON names the interpreter (default python3). Each guide starts two processes of the kit
 * per stream scenario (~170 Node starts, ~60 CPU-s): at a load of 20 on two cores that took 430 s, hence 900 s.
 * The two guides run side by side: most of their time is waiting for those processes.
 */
import { CLI } from '../../support/kit-cli.js';
const GUIDES = new URL('../../../docs/guides/', import.meta.url);
const required = process.env.AOI_TESTKIT_REQUIRE_GUIDES === '1';
const python = process.env.AOI_TESTKIT_PYTHON ?? 'python3';

const execFileAsync = promisify(execFile);
/** A guide's run; when it fails, the error carries the end of what it printed (what a red CI log must show). */
const run = (command: string, args: string[], options: Parameters<typeof execFileAsync>[2]) =>
  execFileAsync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options }).catch(
    (error: { message: string; stdout?: string; stderr?: string }) => {
      throw new Error(
        `${error.message}\n${String(error.stdout ?? '').slice(-4000)}\n${String(error.stderr ?? '').slice(-2000)}`,
      );
    },
  );
const works = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const hasPytest = works(python, ['-c', 'import pytest']);
const hasGo = works('go', ['version']);

/** The one fenced block of `language` in a guide. */
function codeOf(guide: string, language: string): string {
  const blocks = [
    ...readFileSync(new URL(guide, GUIDES), 'utf8').matchAll(
      new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'),
    ),
  ];
  expect(blocks, `${guide} has one ${language} block`).toHaveLength(1);
  return blocks[0]![1]!;
}

const scratch = mkdtempSync(join(tmpdir(), 'aoi-guides-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A project with the kit installed as the guides expect: `node_modules/.bin/aoi-testkit`. */
function project(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  const bin = join(dir, 'node_modules', '.bin', 'aoi-testkit');
  writeFileSync(
    bin,
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`,
  );
  chmodSync(bin, 0o755);
  return dir;
}

describe.concurrent('the corpus guides run as written', () => {
  test.skipIf(!hasPytest && !required)(
    'Python (pytest): docs/guides/corpus-from-python.md',
    async () => {
      expect(hasPytest, 'python3 with pytest').toBe(true);
      const dir = project('python');
      mkdirSync(join(dir, 'tests'));
      writeFileSync(
        join(dir, 'tests', 'test_aoi_corpus.py'),
        codeOf('corpus-from-python.md', 'python'),
      );
      const { stdout: out } = await run(
        python,
        ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests/test_aoi_corpus.py'],
        { cwd: dir },
      );
      expect(out).toMatch(/^\d+ passed/m);
      expect(out).not.toMatch(/failed|error/);
    },
    900_000,
  );

  test.skipIf(!hasGo && !required)(
    'Go (testing): docs/guides/corpus-from-go.md',
    async () => {
      expect(hasGo, 'go').toBe(true);
      const dir = project('go');
      writeFileSync(join(dir, 'go.mod'), 'module example.com/lint\n\ngo 1.19\n');
      writeFileSync(join(dir, 'corpus_test.go'), codeOf('corpus-from-go.md', 'go'));
      // No module downloads: the guide uses the standard library only. Go's own build cache (the user's, as `go test`
      // uses it) keeps the standard library compiled between runs; a scratch one only where there is no HOME.
      const cache =
        process.env.GOCACHE || process.env.XDG_CACHE_HOME || process.env.HOME
          ? {}
          : { GOCACHE: join(scratch, 'gocache') };
      const { stdout: out } = await run('go', ['test', '-count=1', './...'], {
        cwd: dir,
        env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', ...cache },
      });
      expect(out).toMatch(/^ok\s+example\.com\/lint/m);
    },
    900_000,
  );
});
