import { describe, expect, test } from 'vitest';
import { SCHEMA_UPDATE_HOST } from '../../../src/fakes/aoi/notes/discovery-commands.js';
import { loadState } from '../../../src/fakes/aoi/notes/state.js';
import { withNetworkTripwire } from '../../../src/run/network-tripwire.js';
import { runCli } from '../../../src/run/run-cli.js';
import { runProbe } from '../../../src/run/run-probe.js';
import {
  BEHAVIOUR_CASES,
  observe,
  preparedStateDir,
  runCaseInMemory,
  type BehaviourCase,
  type Observed,
} from '../../unit/fakes/behaviour-cases.js';

import { CLI, runKit } from '../../support/kit-cli.js';

/**
 * `aoi-testkit fake --fault <spec> well-behaved <argv>` under `runProbe`: real pipes (a FIFO closed as
 * `| head -1` would), real signals, a clean environment. `--` goes before arguments the kit itself
 * would read (--schema-version).
 */
async function asProcess(c: BehaviourCase): Promise<Observed> {
  const stateDir = await preparedStateDir();
  const args = [
    CLI,
    'fake',
    '--fault',
    c.fault,
    'well-behaved',
    ...(c.argv.includes('--schema-version') ? ['--'] : []),
    ...c.argv,
  ];
  const run = () =>
    runProbe(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '', AOI_TESTKIT_STATE_DIR: stateDir, ...c.env },
      extendEnv: false,
      stdin: c.stdin ?? 'closed',
      timeoutMs: c.hangs ? 4_000 : 20_000,
      graceMs: 1_500,
      ...(c.closeStdoutAfterLines !== undefined
        ? { closeStdoutAfterLines: c.closeStdoutAfterLines }
        : {}),
      ...(c.signalAfterLines ? { signalAfterLines: c.signalAfterLines } : {}),
    });
  if (c.twice) await run();
  const probe = await run();
  return observe({ ...probe, graceExpired: probe.probe.graceExpired }, loadState(stateDir));
}

describe.concurrent(
  'each behaviour fault as a real process: the same behaviour as in memory',
  () => {
    test.each(BEHAVIOUR_CASES.map((c) => [`${c.fault}: ${c.shows}`, c] as const))(
      '%s',
      async (_name, c) => {
        const [real, memory, clean] = await Promise.all([
          asProcess(c),
          runCaseInMemory(c, true),
          runCaseInMemory(c, false),
        ]);
        c.check(real, clean);
        const end = (o: Observed) => ({
          exitCode: o.exitCode,
          signal: o.signal,
          timedOut: o.timedOut,
          graceExpired: o.graceExpired,
        });
        expect(end(real)).toEqual(end(memory));
        expect(real.notes).toEqual(memory.notes);
        // Where a probe acted, how many lines got through before it did depends on the pipe's timing.
        if (c.closeStdoutAfterLines === undefined && c.signalAfterLines === undefined)
          expect(real.stdout).toBe(memory.stdout);
      },
    );
  },
);

describe('engine behaviours the probes above do not reach', () => {
  test('schema-needs-network: the process really reaches for the network before printing (the tripwire sees it)', async () => {
    const { run, attempts } = await withNetworkTripwire((env) =>
      runCli(
        process.execPath,
        [
          CLI,
          'fake',
          '--fault',
          'schema-needs-network',
          'well-behaved',
          'schema',
          '--output',
          'json',
        ],
        { env, timeoutMs: 20_000 },
      ),
    );
    expect(attempts).toContainEqual(
      expect.objectContaining({ source: 'node', kind: 'tcp', host: SCHEMA_UPDATE_HOST, port: 443 }),
    );
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(Buffer.from(run.stdout).toString())).toHaveProperty('$id');

    const clean = await withNetworkTripwire((env) =>
      runKit(['fake', 'well-behaved', 'schema', '--output', 'json'], {
        env,
        timeoutMs: 20_000,
      }),
    );
    expect(clean.attempts).toEqual([]);
  });

  test('a preset and --fault compose: stalling search, plus a dry run that deletes', async () => {
    const stateDir = await preparedStateDir();
    const env = { AOI_TESTKIT_STATE_DIR: stateDir };
    const fake = ['fake', '--fault', 'dry-run-side-effect', 'stalling'];
    const deleted = await runCli(
      process.execPath,
      [CLI, ...fake, 'delete', 'n_0001', '--dry-run', '--output', 'jsonl'],
      { env, timeoutMs: 20_000 },
    );
    expect(deleted.exitCode).toBe(0);
    expect(loadState(stateDir).notes.map((note) => note.id)).toEqual(['n_0002', 'n_0003']);
    const stalled = await runProbe(
      process.execPath,
      [CLI, ...fake, 'search', 'note', '--output', 'jsonl'],
      { env, timeoutMs: 4_000 },
    );
    expect(stalled.timedOut).toBe(true);
  });
});

describe('aoi-testkit fake --fault: usage', () => {
  const fake = (...args: string[]) => runKit(['fake', ...args], { timeoutMs: 20_000 });
  const stderr = (run: { stderr: Uint8Array }) => Buffer.from(run.stderr).toString();

  test('an unknown fault is a usage error that lists the known ones', async () => {
    const run = await fake('--fault', 'no-such-fault', 'well-behaved', 'list');
    expect(run.exitCode).toBe(64);
    expect(stderr(run)).toMatch(
      /unknown fault "no-such-fault"; known faults: .*banner.*dry-run-side-effect/,
    );
  });

  test.each([
    ['not JSON', 'stall={afterEvents:2}'],
    ['not an object', 'stall=[2]'],
    ['out of range', 'stall={"afterEvents":-1}'],
  ])('parameters that are %s are a usage error', async (_what, spec) => {
    const run = await fake('--fault', spec, 'well-behaved', 'list');
    expect(run.exitCode).toBe(64);
    expect(stderr(run)).toContain('--fault stall');
  });

  test('--fault=ID=JSON and --seed=N forms work too', async () => {
    const run = await fake(
      '--seed=3',
      '--fault=usage-exit-code={"exitCode":1}',
      'well-behaved',
      'list',
      '--nope',
    );
    expect(run.exitCode).toBe(1);
  });
});
