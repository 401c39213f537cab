import { afterEach, describe, expect, test } from 'vitest';
import { requiredNamespaceSupport } from '../support/network-namespace.js';
import { withNetworkTripwire } from '../../src/run/network-tripwire.js';
import { runProbe } from '../../src/run/run-probe.js';
import { inSandbox, Workspace } from '../../src/run/sandbox.js';
import { killSleepers, PROGRAMS, survivingSleepers, uniqueSleep } from './support.js';

// Issue 34, row 6: a probe run in a network namespace of its own is still a run of the kit's one spawner. The
// helper that holds the namespace and its tool share the process group the kit kills; what leaves the group
// (setsid, a daemon) is found and killed as outside a namespace; the tool's exit code, stdin and NODE_OPTIONS
// pass through the helper unchanged.

const ESCAPER = `${PROGRAMS}escaper.py`;
const support = await requiredNamespaceSupport();

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function sleepFor(): string {
  const seconds = uniqueSleep();
  cleanups.push(() => killSleepers(seconds));
  return seconds;
}

describe.skipIf(!support.available)(
  'runProbe in a network namespace: nothing outlives the probe',
  () => {
    test.each([
      ['a daemon (double fork, setsid, environment kept)', 'daemon', 'marker'],
      ['a daemon with an empty environment, in the sandbox', 'bare', 'sandbox'],
      ['a child in a process group of its own, in the session', 'group', 'session'],
    ] as const)('%s: found, named and killed', async (_, how, tie) => {
      const seconds = sleepFor();
      const workspace = await Workspace.create('aoi-hostile-netns-');
      cleanups.push(() => workspace.dispose());
      const dirs = await workspace.dirs();
      const { run, tripwire } = await withNetworkTripwire(
        (env, spawn) =>
          runProbe('python3', [ESCAPER], {
            ...inSandbox(dirs, { env: { ...env, ESCAPER_HOW: how, ESCAPER_SLEEP: seconds } }),
            ...spawn,
            stdin: 'closed',
            timeoutMs: 20_000,
          }),
        { namespace: true },
      );
      expect(tripwire).toBe('namespace');
      expect(run.exitCode).toBe(0);
      expect(run.probe.escapees).toEqual([
        { pid: expect.any(Number), command: `sleep ${seconds}`, tie },
      ]);
      expect(await survivingSleepers(seconds)).toEqual([]);
    });

    test('a tool that never ends: the timeout kills the helper and the tool with their group', async () => {
      const seconds = sleepFor();
      const { run } = await withNetworkTripwire(
        (env, spawn) =>
          runProbe('sh', ['-c', `sleep ${seconds} & sleep ${seconds}; echo never`], {
            env,
            ...spawn,
            timeoutMs: 2_000,
          }),
        { namespace: true },
      );
      expect(run.timedOut).toBe(true);
      expect(Buffer.from(run.stdout).toString()).toBe('');
      expect(await survivingSleepers(seconds)).toEqual([]);
      expect(() => process.kill(run.probe.processGroup!, 0)).toThrow(); // the helper is gone too
    });

    test('exit code, stdin, stdout, stderr and NODE_OPTIONS reach the tool as without a namespace', async () => {
      const script =
        "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{process.stdout.write(s.toUpperCase()+(process.env.NODE_OPTIONS||'-'));process.stderr.write('e');process.exit(7)})";
      const { run, attempts } = await withNetworkTripwire(
        (env, spawn) =>
          runProbe(process.execPath, ['-e', script], {
            env: { ...env, NODE_OPTIONS: '--no-warnings' },
            ...spawn,
            stdin: 'fed',
          }),
        { namespace: true },
      );
      expect(run.exitCode).toBe(7);
      expect(Buffer.from(run.stdout).toString()).toBe('FED--no-warnings');
      expect(Buffer.from(run.stderr).toString()).toBe('e');
      expect(attempts).toEqual([]);
    });

    test('a tool killed by a signal ends the run with that signal', async () => {
      const { run } = await withNetworkTripwire(
        (env, spawn) => runProbe('sh', ['-c', 'kill -TERM $$'], { env, ...spawn }),
        { namespace: true },
      );
      expect(run.signal).toBe('SIGTERM');
    });

    test('a program that does not exist is a spawn error, as without a namespace', async () => {
      const { run } = await withNetworkTripwire(
        (env, spawn) => runProbe('aoi-testkit-no-such-program', [], { env, ...spawn }),
        { namespace: true },
      );
      expect(run.probe.spawnError).toBe('ENOENT');
    });
  },
);
