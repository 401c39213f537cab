/**
 * The bin runs CommonJS only: the notes fake (its shortcut, dist/cli/fake.js) and the CLI itself (dist/cli-main.cjs,
 * in the library's CommonJS build) start without Node's ES module loader, which would parse each chunk again for its
 * export names. When the CLI was the library's ES module build, `--version` started that loader.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runKit, utf8 } from '../support/kit-cli.js';

const state = mkdtempSync(join(tmpdir(), 'aoi-cli-commonjs-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));

describe('the bin loads no ES module', () => {
  test.each([
    [['--version']],
    [['--help']],
    [['fake', 'well-behaved', 'list']],
    [['fake', 'well-behaved', 'search', 'note', '--output', 'jsonl']],
  ])('aoi-testkit %j', async (args) => {
    const run = await runKit(args, {
      env: { NODE_DEBUG: 'esm', AOI_TESTKIT_STATE_DIR: state },
      timeoutMs: 30_000,
    });
    // NODE_DEBUG=esm prints a line for each module the ES module loader handles.
    expect([run.exitCode, utf8(run.stderr).match(/^ESM \d+: .*/m)?.[0]]).toEqual([0, undefined]);
  });
});
