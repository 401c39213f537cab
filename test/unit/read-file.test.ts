import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { FileReadError, readInputFile } from '../../src/read-file.js';

// Issue 38, item 5: every file a user names is read with a bound, and only a regular file or a pipe is read.

const dir = mkdtempSync(join(tmpdir(), 'aoi-read-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const failure = (path: string, max?: number) => {
  try {
    readInputFile(path, max);
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
  throw new Error(`${path} was read`);
};

describe('readInputFile', () => {
  test('a regular file is read whole, as UTF-8', () => {
    const file = join(dir, 'plan.json');
    writeFileSync(file, '{"ok":"é"}');
    expect(readInputFile(file)).toBe('{"ok":"é"}');
  });

  test('a device, a directory: refused before a byte is read, in words', () => {
    const zero = failure('/dev/zero');
    expect(zero).toBeInstanceOf(FileReadError);
    expect(zero.code).toBe('ENOTREG');
    expect(zero.message).toBe('is a character device, not a regular file');
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    expect(failure(sub).message).toBe('is a directory');
  });

  test('a file past the bound: refused from its size, whatever it holds (a sparse 65 MiB file)', () => {
    const big = join(dir, 'big');
    writeFileSync(big, '');
    truncateSync(big, 65 << 20);
    const error = failure(big);
    expect(error.code).toBe('EFBIG');
    expect(error.message).toBe('is larger than 64 MiB, the most the kit reads of it');
    expect(failure(join(dir, 'plan.json'), 4).code).toBe('EFBIG');
  });

  test('a missing file keeps the system code, for the callers that say "no such file"', () => {
    expect(failure(join(dir, 'nothing')).code).toBe('ENOENT');
  });

  test('a pipe (as <(…) gives) is read, and bounded by what arrives', async () => {
    for (const [bytes, max] of [
      [10, 100],
      [1 << 20, 1000],
    ] as const) {
      const fifo = join(dir, `fifo-${bytes}`);
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      const writer = spawn('sh', ['-c', `head -c ${bytes} /dev/zero | tr '\\0' x > "$0"`, fifo], {
        stdio: 'ignore',
      });
      const ended = new Promise((resolve) => writer.on('close', resolve));
      if (bytes <= max) expect(readInputFile(fifo, max)).toBe('x'.repeat(bytes));
      else expect(failure(fifo, max).code).toBe('EFBIG');
      writer.kill();
      await ended;
    }
  });
});
