import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeCaller, runKit, type Caller } from './support.js';

// Issue 38, item 5: a file the kit is told to read that never ends (/dev/zero), is a directory, or is larger than
// anything the kit reads (a sparse 65 MiB file). Each flag answers with one clear error and exit 65 or 66, never a
// native abort, a hang or an internal error. Before: /dev/zero as --exec-plan or --baseline grew the kit to gigabytes
// and aborted (std::bad_alloc), manifest /dev/zero was "internal error: Invalid string length".

let caller: Caller;
const files: Record<string, string> = {};

beforeAll(() => {
  caller = makeCaller();
  files.device = '/dev/zero';
  files.directory = join(caller.root, 'a-directory');
  mkdirSync(files.directory);
  files.huge = join(caller.root, 'huge');
  writeFileSync(files.huge, '');
  truncateSync(files.huge, 65 << 20);
});
afterAll(() => caller?.remove());

const FLAGS: Record<string, (file: string) => string[]> = {
  'lint --exec-plan': (file) => ['lint', '--spec', 'exec', '--exec-plan', file, '--', 'true'],
  'lint --baseline': (file) => ['lint', '--baseline', file, '--', 'true'],
  'check --baseline': (file) => ['check', '--baseline', file, '/dev/null'],
  'exec --input-file': (file) => ['exec', '--input-file', file],
  'manifest FILE': (file) => ['manifest', file],
  'compat --base': (file) => ['compat', '--base', file, '--head', file],
};

const SAYS: Record<string, RegExp> = {
  device: /is a character device, not a regular file/,
  directory: /is a directory/,
  huge: /is larger than \d+ MiB/,
};

describe.each(Object.keys(SAYS))('a %s where a file is meant', (kind) => {
  test.each(Object.keys(FLAGS))('%s: one clear error, exit 65 or 66', async (flag) => {
    const run = await runKit(FLAGS[flag]!(files[kind]!), caller);
    expect(run.stderr).toMatch(SAYS[kind]!);
    expect(run.stderr).not.toMatch(/internal error|bad_alloc|\n\s+at /);
    expect([65, 66]).toContain(run.code);
  });
});

test('an APP.md that is a link to /dev/zero: APP-01 says it cannot be read, and the lint ends', async () => {
  const app = join(caller.root, 'app');
  mkdirSync(app);
  symlinkSync('/dev/zero', join(app, 'APP.md'));
  const run = await runKit(
    ['lint', '--spec', 'app', '--app-dir', app, '--output', 'jsonl', '--', 'true'],
    caller,
  );
  expect(run.stdout).toMatch(
    /APP\.md at the package root \([^)]*\) cannot be read: it is a character device/,
  );
  expect(run.code).toBe(1);
});
