/**
 * A failed --setup is exit 65 with what the tool said, not only its exit code: its aoi:error (a Python tool written
 * elsewhere, asked for a note it does not have) and the end of its stderr (a shell tool whose init fails loudly),
 * on the kit's stderr and in the JSONL error event, masked and sanitised.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jsonlEvents, runKit, utf8 } from '../../support/kit-cli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
let work = '';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'aoi-setup-failure-'));
  // Machine mode always on; `init` fails after 30 lines of progress, an escape, a forged CI command and the secrets
  // of its environment (the kit's canaries) on stderr.
  writeFileSync(
    join(work, 'shtool'),
    `#!/bin/sh
case "$1" in
  --help) echo "usage: shtool init|list"; exit 0 ;;
  init)
    i=1; while [ $i -le 30 ]; do echo "init: step $i" >&2; i=$((i + 1)); done
    printf 'init: \\033[31mfailed\\033[0m with token ${TOKEN}\\n' >&2
    echo "::error::forged by the tool" >&2
    echo "init: GITHUB_TOKEN is $GITHUB_TOKEN" >&2
    exit 3 ;;
  *) echo '{"type":"aoi:summary","ok":true,"count":0}'; exit 0 ;;
esac
`,
  );
  chmodSync(join(work, 'shtool'), 0o755);
}, 30_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a failed --setup', () => {
  test('shows the aoi:error the tool printed (Python, its own state variable and flag spelling)', async () => {
    const args = [
      'lint',
      '--env',
      'PYNOTES_HOME={stateDir}',
      '--machine-flag',
      '--format jsonl',
      '--setup',
      'get n99',
    ];
    const program = ['--', 'python3', join(root, 'fixtures/foreign/pynotes/pynotes.py')];
    const text = await runKit([...args, ...program], { timeoutMs: 120_000 });
    expect(text.exitCode).toBe(65);
    expect(utf8(text.stderr)).toContain(
      'aoi-testkit: setup `get n99 --format jsonl` ended with exit 66\n  aoi:error not_found NOTE_NOT_FOUND: no note n99\n',
    );
    const jsonl = await runKit([...args, '--reporter', 'jsonl', ...program], {
      timeoutMs: 120_000,
    });
    expect(jsonl.exitCode).toBe(65);
    expect(jsonlEvents(jsonl.stdout).find((event) => event.type === 'aoi:error')).toMatchObject({
      code: 'SETUP_FAILED',
      message: expect.stringContaining('aoi:error not_found NOTE_NOT_FOUND: no note n99'),
    });
  }, 240_000);

  test('shows the end of its stderr: bounded, secrets and canaries masked, no escape or CI command', async () => {
    const run = await runKit(['lint', '--setup', 'init', '--', join(work, 'shtool')], {
      timeoutMs: 120_000,
    });
    expect(run.exitCode).toBe(65);
    const stderr = utf8(run.stderr);
    const shown = stderr.slice(stderr.indexOf('aoi-testkit: setup'));
    expect(shown.split('\n').slice(0, 4)).toEqual([
      'aoi-testkit: setup `init --output jsonl` ended with exit 3',
      '  stderr (last 8 of 33 lines):',
      '    init: step 26',
      '    init: step 27',
    ]);
    expect(shown).toContain('init: \\u001b[31mfailed\\u001b[0m with token ***');
    expect(shown).toContain('init: GITHUB_TOKEN is ***');
    expect(stderr).not.toContain('step 25\n');
    expect(stderr).not.toContain(TOKEN);
    expect(stderr).not.toContain('aoiCanary_');
    expect(stderr).not.toContain('\u001b');
    expect(stderr).not.toMatch(/^\s*::/m);
  }, 240_000);
});
