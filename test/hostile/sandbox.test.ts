import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CLI, FOREIGN, makeCaller, PROGRAMS, runKit, type Caller } from './support.js';

// Issue 38, item 1: every probe of every spec — detection and the start check included — runs in the kit's one
// sandbox: a working directory, HOME (with the XDG directories) and TMPDIR of its own. The tool is wrapped in
// everywhere.sh, which writes a file in every directory it can name on every call and notes where it ran; after the
// lint, the caller's cwd, HOME and TMPDIR hold nothing, and no call ran in them.

const EVERYWHERE = `${PROGRAMS}everywhere.sh`;

const callers: Caller[] = [];
afterEach(() => {
  for (const caller of callers.splice(0)) caller.remove();
});

interface Call {
  readonly cwd: string;
  readonly home: string;
  readonly tmp: string;
  readonly argv: string;
}

/** The lint, run from a fresh caller's cwd with its HOME and TMPDIR; every call of the tool, as it noted it. */
async function lintEverywhere(args: readonly string[], tool: readonly string[]) {
  const caller = makeCaller();
  callers.push(caller);
  const log = join(caller.root, 'calls.log');
  const run = await runKit(['lint', ...args, '--', 'sh', EVERYWHERE, ...tool], caller, {
    EVERYWHERE_LOG: log,
  });
  const calls: Call[] = existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [cwd, home, tmp, argv] = line.split('\t');
          return { cwd: cwd!, home: home!, tmp: tmp!, argv: argv ?? '' };
        })
    : [];
  return { run, calls, caller };
}

/** No call ran in the caller's directories, each ran in a sandbox under the kit's temp dir, and none is left. */
function sandboxedEverywhere(
  calls: readonly Call[],
  caller: Caller,
  cwdOf: (call: Call) => string = (call) => call.cwd,
) {
  expect(calls.length).toBeGreaterThan(0);
  const outside = calls.filter(
    (call) =>
      !cwdOf(call).startsWith(`${caller.tmp}/`) ||
      !call.home.startsWith(`${caller.tmp}/`) ||
      !call.tmp.startsWith(`${caller.tmp}/`),
  );
  expect(outside, 'calls outside a sandbox').toEqual([]);
  expect(caller.left(), "files left in the caller's cwd, HOME and TMPDIR").toEqual([]);
}

const PYNOTES = ['python3', `${FOREIGN}pynotes/pynotes.py`];
const PYNOTES_ARGS = ['--machine-flag', '--format jsonl', '--env', 'PYNOTES_HOME={stateDir}'];

describe('every probe of every spec runs in a sandbox of its own', () => {
  test('detection, the start check and the AOI lint (a Python tool)', async () => {
    const { run, calls, caller } = await lintEverywhere(
      [...PYNOTES_ARGS, '--invoke', 'list', '--invoke', 'add --title Fresh'],
      PYNOTES,
    );
    expect(run.stderr).not.toMatch(/cannot start|internal error/);
    // Detection asked for every spec, the start check for --help, the lint for the rest.
    for (const asked of [
      '--help',
      'help --capabilities',
      'manifest --output json',
      'list --format jsonl',
    ])
      expect(
        calls.map((c) => c.argv).some((argv) => argv.includes(asked)),
        asked,
      ).toBe(true);
    sandboxedEverywhere(calls, caller);
  }, 240_000);

  test.each([
    ['cmdhelp', ['--spec', 'cmdhelp']],
    ['exec', ['--spec', 'exec']],
  ])(
    '%s (the kit’s own CLI as the tool)',
    async (spec, args) => {
      const { run, calls, caller } = await lintEverywhere(args, [process.execPath, CLI]);
      expect(run.stderr).not.toMatch(/cannot start|internal error/);
      expect(run.stdout).toMatch(new RegExp(`${spec.toUpperCase()}-01`));
      sandboxedEverywhere(calls, caller);
    },
    240_000,
  );

  test('an Agent Application: from its package root, as the contract says, with its own HOME and TMPDIR', async () => {
    const caller = makeCaller();
    callers.push(caller);
    // A copy of pyshelf whose entry command goes through the wrapper; the package lives beside the caller's dirs.
    const app = join(caller.root, 'pyshelf');
    cpSync(`${FOREIGN}pyshelf`, app, { recursive: true });
    const manifest = readFileSync(join(app, 'APP.md'), 'utf8');
    writeFileSync(
      join(app, 'APP.md'),
      manifest.replace('command: python3 shelf.py', `command: sh ${EVERYWHERE} python3 shelf.py`),
    );
    const log = join(caller.root, 'calls.log');
    const run = await runKit(['lint', '--app-dir', app], caller, { EVERYWHERE_LOG: log });
    expect(run.stdout).toMatch(/APP-01/);
    const calls = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [cwd, home, tmp, argv] = line.split('\t');
        return { cwd: cwd!, home: home!, tmp: tmp!, argv: argv ?? '' };
      });
    expect(new Set(calls.map((c) => c.cwd))).toEqual(new Set([app]));
    sandboxedEverywhere(calls, caller, () => `${caller.tmp}/package-root`);
  }, 240_000);
});
