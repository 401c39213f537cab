import { spawnSync } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { expect, test } from 'vitest';

// What test/support/suite-env.ts promises the suite's processes: costs removed, nothing proven differently.

const onPath = (name: string) =>
  (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name)).find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

test('no CA bundle for Node to parse at every start', () => {
  expect(process.env.NODE_EXTRA_CA_CERTS).toBeUndefined();
});

const python = onPath('python3');
test.skipIf(!python)('python3 on PATH is the interpreter itself, not a version manager shim in front of it', () => {
  const asked = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  expect(asked.status, asked.stderr).toBe(0);
  expect(realpathSync(python!)).toBe(realpathSync(asked.stdout.trim()));
});
