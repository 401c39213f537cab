import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { expect, test } from 'vitest';
import { firstOnPath } from '../support/suite-env.js';

// What test/support/suite-env.ts promises the suite's processes: costs removed, nothing proven differently.

test('no CA bundle for Node to parse at every start', () => {
  expect(process.env.NODE_EXTRA_CA_CERTS).toBeUndefined();
});

test.skipIf(process.env.AOI_TESTKIT_SUITE_TMPDIR === 'keep')(
  "a TMPDIR of the suite's own, which vitest removes as it exits",
  () => {
    expect(basename(tmpdir())).toMatch(/^aoi-testkit-suite-/);
  },
);

const python = firstOnPath('python3');
test.skipIf(!python)(
  'python3 on PATH is the interpreter itself, not a version manager shim in front of it',
  () => {
    const asked = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], {
      encoding: 'utf8',
    });
    expect(asked.status, asked.stderr).toBe(0);
    expect(realpathSync(python!)).toBe(realpathSync(asked.stdout.trim()));
  },
);
