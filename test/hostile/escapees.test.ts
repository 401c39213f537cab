import { execFileSync, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runProbe } from '../../src/run/run-probe.js';
import { inSandbox, Workspace } from '../../src/run/sandbox.js';
import {
  checksOf,
  FOREIGN,
  killSleepers,
  makeCaller,
  PROGRAMS,
  runKit,
  sleepers,
  survivingSleepers,
  uniqueSleep,
  type Caller,
} from './support.js';

// Issue 38, item 3: processes that leave the probe's process group (setsid, a double fork, `env -i`) are found after
// every probe, reported and killed; an interrupted kit (SIGINT, SIGTERM, SIGHUP) finds and kills them too. Proven on
// a shell tool and a Python tool (standard library) that escape in every way they can.

const EVERYWHERE = `${PROGRAMS}everywhere.sh`;
const ESCAPER = `${PROGRAMS}escaper.py`;
const PYNOTES = `${FOREIGN}pynotes/pynotes.py`;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A fresh sleep length for this test, and its leftovers killed afterwards whatever happened. */
function sleepFor(): string {
  const seconds = uniqueSleep();
  cleanups.push(() => killSleepers(seconds));
  return seconds;
}

function caller(): Caller {
  const made = makeCaller();
  cleanups.push(() => made.remove());
  return made;
}

/**
 * Lets a process waiting on a FIFO go: the open for writing blocks (in libuv's pool, not the test) until the process
 * opens the FIFO to read, the handshake however busy the machine. Fails, instead of hanging, when the process ends
 * first (it was killed or never got there): a reader opened here then frees the pending open.
 */
async function release(fifo: string, ended: Promise<unknown>): Promise<void> {
  const opening = open(fifo, 'w');
  const opened = await Promise.race([opening, ended.then(() => undefined)]);
  if (opened === undefined) {
    const reader = await open(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    await (await opening).close();
    await reader.close();
    throw new Error(`the process reading ${fifo} ended before it opened it`);
  }
  await opened.write('go\n');
  await opened.close();
}

describe('runProbe: what a run leaves running outside its group is found, named and killed', () => {
  const ways = [
    {
      name: 'sh: env -i setsid sleep & (no environment, a session of its own; cwd in the sandbox)',
      argv: (_: string) => ['sh', EVERYWHERE, 'true'],
      env: (s: string) => ({ EVERYWHERE_ESCAPE: s }),
      tie: 'sandbox',
    },
    {
      name: 'python: the classic daemon (double fork, setsid, chdir /, descriptors closed; environment kept)',
      argv: () => ['python3', ESCAPER],
      env: (s: string) => ({ ESCAPER_HOW: 'daemon', ESCAPER_SLEEP: s }),
      tie: 'marker',
    },
    {
      name: 'python: a daemon with an empty environment, still in the sandbox',
      argv: () => ['python3', ESCAPER],
      env: (s: string) => ({ ESCAPER_HOW: 'bare', ESCAPER_SLEEP: s }),
      tie: 'sandbox',
    },
    {
      name: 'python: a child in a process group of its own, still in the session',
      argv: () => ['python3', ESCAPER],
      env: (s: string) => ({ ESCAPER_HOW: 'group', ESCAPER_SLEEP: s }),
      tie: 'session',
    },
  ] as const;

  test.each(ways)('$name', async ({ argv, env, tie }) => {
    const seconds = sleepFor();
    const workspace = await Workspace.create('aoi-hostile-escape-');
    cleanups.push(() => void workspace.dispose());
    const [command, ...args] = argv(seconds);
    const run = await runProbe(command!, args, {
      ...inSandbox(await workspace.dirs(), { env: env(seconds) }),
      stdin: 'closed',
      timeoutMs: 20_000,
    });
    expect(run.exitCode).toBe(0);
    expect(run.probe.escapees).toEqual([
      { pid: expect.any(Number), command: `sleep ${seconds}`, tie },
    ]);
    expect(await survivingSleepers(seconds)).toEqual([]);
  });

  test('without a sandbox (a plain runCli), a process that left only the group is still found by its session', async () => {
    const seconds = sleepFor();
    const run = await runProbe('python3', [ESCAPER], {
      env: { ESCAPER_HOW: 'group', ESCAPER_SLEEP: seconds },
      stdin: 'closed',
    });
    expect(run.probe.escapees.map((e) => [e.command, e.tie])).toEqual([
      [`sleep ${seconds}`, 'session'],
    ]);
    expect(await survivingSleepers(seconds)).toEqual([]);
  });

  // The kit kills only what it can tie to the probe: a process with nothing of the probe on it is any program's
  // orphan (a start-time rule claimed other tests' orphans while they ran beside it).
  test.each([
    ['an orphan that kept an environment, from a run without a sandbox', 'daemon', false],
    ['an empty environment and chdir("/"): nothing of the probe left on it', 'hidden', true],
  ] as const)('what cannot be tied to the run is left alone: %s', async (_name, how, sandboxed) => {
    const seconds = sleepFor();
    const workspace = await Workspace.create('aoi-hostile-escape-');
    cleanups.push(() => void workspace.dispose());
    const run = await runProbe('python3', [ESCAPER], {
      ...(sandboxed ? inSandbox(await workspace.dirs()) : {}),
      env: { PATH: process.env.PATH ?? '', ESCAPER_HOW: how, ESCAPER_SLEEP: seconds },
      extendEnv: false,
      stdin: 'closed',
    });
    expect(run.probe.escapees).toEqual([]);
    expect(sleepers(seconds)).toHaveLength(1);
  });

  // Two runs may share a sandbox at once (a lint's observation commands run in a probe's state): each run's processes
  // are in the other's directories, and a process belongs to the run that started it. Before the fix, the run that
  // ended first tied the other's live process to itself by its cwd, reported it and killed it.
  test("another run's process in the same sandbox is that run's: neither reported nor killed", async () => {
    const workspace = await Workspace.create('aoi-hostile-escape-');
    cleanups.push(() => void workspace.dispose());
    const dirs = await workspace.dirs();
    // Handshakes through FIFOs: `first` waits for `second` to start, `second` outlives it until the test lets go.
    execFileSync('mkfifo', [join(dirs.cwd, 'started'), join(dirs.cwd, 'release')]);
    const options = { ...inSandbox(dirs), stdin: 'closed', timeoutMs: 60_000 } as const;
    const first = runProbe('sh', ['-c', 'read line < started'], options);
    const second = runProbe(
      'sh',
      ['-c', 'echo go > started; read line < release; echo released'],
      options,
    );
    const firstRun = await first;
    expect(firstRun.exitCode).toBe(0);
    expect(firstRun.probe.escapees).toEqual([]);
    // Still alive: it opens the FIFO to read (however late on a busy machine) before it ends.
    await release(join(dirs.cwd, 'release'), second);
    const secondRun = await second;
    expect(secondRun.exitCode).toBe(0);
    expect(secondRun.stdout.toString()).toBe('released\n');
    expect(secondRun.probe.escapees).toEqual([]);
  });

  // The same race seen from the other side: a run beside this one whose child is forked but not yet exec'd has the
  // kit's environment (no marker) and already the sandbox's cwd. The kit's own child is never this run's escapee.
  test("the kit's own child in the sandbox (another run's leader) is not this run's", async () => {
    const workspace = await Workspace.create('aoi-hostile-escape-');
    cleanups.push(() => void workspace.dispose());
    const dirs = await workspace.dirs();
    execFileSync('mkfifo', [join(dirs.cwd, 'started'), join(dirs.cwd, 'release')]);
    const first = runProbe('sh', ['-c', 'read line < started'], {
      ...inSandbox(dirs),
      stdin: 'closed',
      timeoutMs: 60_000,
    });
    // No marker and no sandbox path in its environment: only its cwd is the sandbox's.
    const other = spawn('sh', ['-c', 'echo go > started; read line < release'], {
      cwd: dirs.cwd,
      env: { PATH: process.env.PATH ?? '' },
      stdio: 'ignore',
    });
    const ended = new Promise<number | null>((resolve) => other.on('exit', resolve));
    const firstRun = await first;
    expect(firstRun.probe.escapees).toEqual([]);
    await release(join(dirs.cwd, 'release'), ended);
    expect(await ended).toBe(0);
  });

  test('a child the run waited for is no escape', async () => {
    const run = await runProbe('sh', ['-c', 'sleep 0.1; echo done'], { stdin: 'closed' });
    expect(run.probe.escapees).toEqual([]);
  });
});

describe('aoi-testkit lint: a tool that leaves a process behind on every call', () => {
  const pynotes = [
    '--spec',
    'aoi',
    '--output',
    'jsonl',
    '--machine-flag',
    '--format jsonl',
    '--env',
    'PYNOTES_HOME={stateDir}',
    '--setup',
    'add --title First',
    '--invoke',
    'list',
    '--invoke',
    'add --title Fresh',
  ];

  test.each([
    ['sh: env -i setsid sleep &', ['sh', EVERYWHERE], (s: string) => ({ EVERYWHERE_ESCAPE: s })],
    [
      'python: the classic daemon (double fork, setsid, chdir /)',
      ['python3', ESCAPER],
      (s: string) => ({ ESCAPER_HOW: 'daemon', ESCAPER_SLEEP: s }),
    ],
  ] as const)(
    '%s: AOI-10/process-survived on the commands, and nothing left running',
    async (_name, wrapper, env) => {
      const seconds = sleepFor();
      const where = caller();
      const run = await runKit(
        ['lint', ...pynotes, '--', ...wrapper, 'python3', PYNOTES],
        where,
        env(seconds),
      );
      const survived = checksOf(run.stdout).filter((c) =>
        c.findings.some((f) => f.id === 'AOI-10/process-survived'),
      );
      // Every call leaves one: the commands linted, and the discovery probes.
      expect(survived.map((c) => c.command)).toEqual(
        expect.arrayContaining(['add', 'list', 'schema']),
      );
      expect(
        survived[0]!.findings.find((f) => f.id === 'AOI-10/process-survived')!.message,
      ).toMatch(
        new RegExp(
          `left (a process|\\d+ processes) running after it ended: pid \\d+ \\(sleep ${seconds.replace('.', '\\.')}\\)`,
        ),
      );
      // A warning (§7 says SHOULD): the run passes otherwise.
      expect(run.code).toBe(0);
      expect(await survivingSleepers(seconds)).toEqual([]);
      expect(where.left()).toEqual([]);
    },
    240_000,
  );

  test.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)(
    'interrupted by %s mid-lint: exit %i, a partial report, nothing left running, no temp dir left',
    async (signal, status) => {
      const seconds = sleepFor();
      const where = caller();
      const run = await runKit(
        [
          'lint',
          '--spec',
          'aoi',
          '--output',
          'jsonl',
          '--timeout-ms',
          '60000',
          '--',
          'sh',
          EVERYWHERE,
          'sh',
          '-c',
          'sleep 60',
        ],
        where,
        { EVERYWHERE_ESCAPE: seconds },
        // Once a probe (the start check's --help, which never ends) has left its process behind.
        { signal, ready: () => sleepers(seconds).length > 0 },
      );
      expect(run.code).toBe(status);
      expect(run.stderr).toContain(`interrupted by ${signal}`);
      expect(run.stdout).toContain('"reason":"interrupted"');
      expect(await survivingSleepers(seconds)).toEqual([]);
      expect(where.left()).toEqual([]);
    },
    120_000,
  );
});
