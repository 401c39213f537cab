import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ProbeRunner } from '../../../src/lint/aoi/runner.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { makeCanaries } from '../../../src/run/canaries.js';

/**
 * A tool written elsewhere keeps its state where it chooses: under HOME, XDG_DATA_HOME, … (issue 14). Each probe
 * gets those inside its own sandbox, a copy of the setup's, so the caller's HOME is never touched and a probe
 * starts from the state setup left. The "tool" is a node script that appends a line to ~/.tool/log and prints
 * the directories it was given.
 */
const TOOL = `
const fs = require('node:fs'), path = require('node:path');
const dir = path.join(process.env.HOME, '.tool');
fs.mkdirSync(dir, { recursive: true });
fs.appendFileSync(path.join(dir, 'log'), process.argv[1] + '\\n');
const names = ['HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME', 'TMPDIR'];
console.log(JSON.stringify({ env: Object.fromEntries(names.map((n) => [n, process.env[n]])), log: fs.readFileSync(path.join(dir, 'log'), 'utf8') }));
`;

let runner: ProbeRunner | undefined;
afterEach(async () => runner?.dispose());

const start = (options: { sandboxHome?: boolean; env?: Record<string, string> } = {}) =>
  ProbeRunner.create(processTarget(process.execPath, ['-e', TOOL]), {
    timeoutMs: 30_000,
    graceMs: 5_000,
    canaries: makeCanaries('home'),
    ...options,
  });
const answer = (probe: { run: { stdout: Uint8Array } }) =>
  JSON.parse(Buffer.from(probe.run.stdout).toString('utf8')) as {
    env: Record<string, string>;
    log: string;
  };

describe('each probe has its own HOME, XDG directories and TMPDIR', () => {
  test('inside its sandbox, copied from the setup, never the caller’s, and writes there are side effects', async () => {
    runner = await start();
    const setupDirs = await runner.dirs();
    await runner.probe(['setup'], { dirs: setupDirs });
    runner.template = setupDirs;
    const [one, two] = await Promise.all([runner.probe(['first']), runner.probe(['second'])]);
    const [a, b] = [answer(one), answer(two)];
    expect(a.env.HOME).toBe(one.dirs.home);
    expect(a.env.HOME).not.toBe(homedir());
    expect(b.env.HOME).not.toBe(a.env.HOME);
    expect(a.env.XDG_CONFIG_HOME).toBe(`${one.dirs.home}/.config`);
    expect(a.env.XDG_DATA_HOME).toBe(`${one.dirs.home}/.local/share`);
    expect(a.env.XDG_STATE_HOME).toBe(`${one.dirs.home}/.local/state`);
    expect(a.env.XDG_CACHE_HOME).toBe(`${one.dirs.home}/.cache`);
    expect(a.env.TMPDIR).toBe(one.dirs.tmp);
    // Each probe starts from the setup's HOME, not from the other probe's.
    expect(a.log).toBe('setup\nfirst\n');
    expect(b.log).toBe('setup\nsecond\n');
    expect(one.changed).toEqual(['home/.tool/log']);
  });

  test('sandboxHome: false leaves HOME as the caller gives it (here a scratch HOME, not the real one)', async () => {
    const callers = mkdtempSync(join(tmpdir(), 'aoi-callers-home-'));
    try {
      runner = await start({ sandboxHome: false, env: { HOME: callers } });
      const probe = await runner.probe(['plain']);
      expect(answer(probe).env.HOME).toBe(callers);
      expect(answer(probe).env.XDG_DATA_HOME).toBe(process.env.XDG_DATA_HOME);
    } finally {
      rmSync(callers, { recursive: true, force: true });
    }
  });
});
