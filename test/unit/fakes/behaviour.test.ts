import { describe, expect, test } from 'vitest';
import {
  appliesTo,
  commandOf,
  mergeBehaviours,
  WELL_BEHAVED,
} from '../../../src/fakes/aoi/engine/behaviour.js';
import { runTool, type RunIO } from '../../../src/fakes/aoi/engine/core.js';
import { runInMemory } from '../../../src/fakes/aoi/engine/memory.js';
import {
  BEHAVIOUR_FAULT_CATALOGUE,
  BEHAVIOUR_FAULT_IDS,
  declaredBy,
  isFaultId,
  makeFault,
  makeFaultVariant,
  PRESET_IDS,
  PRESETS,
  presetFaults,
  type FaultEntry,
} from '../../../src/fakes/aoi/faults/index.js';
import { SCHEMA_UPDATE_HOST } from '../../../src/fakes/aoi/notes/discovery-commands.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { loadState } from '../../../src/fakes/aoi/notes/state.js';
import { AOI_SUB_RULES } from '../../../src/spec/aoi/rules.js';
import { getSubRule } from '../../../src/spec/rules.js';
import {
  BEHAVIOUR_CASES,
  parseFaultSpec,
  preparedStateDir,
  runCaseInMemory,
} from './behaviour-cases.js';

const registrySeverity = (ids: readonly string[]) =>
  ids.some((id) => getSubRule(id).severity === 'error') ? 'error' : 'warning';
const entries = Object.entries(BEHAVIOUR_FAULT_CATALOGUE) as [string, FaultEntry][];
const VARIANTS = entries.flatMap(([id, entry]) => [
  { label: id, make: () => makeFault(id) },
  ...Object.keys(entry.variants).map((variant) => ({
    label: `${id} [${variant}]`,
    make: () => makeFaultVariant(id as never, variant),
  })),
]);

describe('each behaviour fault at work, in memory: it does what it says, and the clean tool does not', () => {
  test.concurrent.each(BEHAVIOUR_CASES.map((c) => [`${c.fault}: ${c.shows}`, c] as const))(
    '%s',
    async (_name, c) => {
      const [faulty, clean] = await Promise.all([
        runCaseInMemory(c, true),
        runCaseInMemory(c, false),
      ]);
      c.check(faulty, clean);
    },
  );

  test('schema-needs-network: schema tries a TCP connection before printing; in memory it is only recorded', async () => {
    const argv = ['schema', '--output', 'json'];
    const [faulty, clean] = await Promise.all([
      runInMemory(notes, { argv, faults: [makeFault('schema-needs-network')] }),
      runInMemory(notes, { argv }),
    ]);
    expect(faulty.network).toEqual([`tcp ${SCHEMA_UPDATE_HOST}:443`]);
    expect(Buffer.from(faulty.stdout).equals(Buffer.from(clean.stdout))).toBe(true);
    expect(clean.network).toEqual([]);
  });

  test('every behaviour fault is shown at work by a case', () => {
    const shown = new Set([
      ...BEHAVIOUR_CASES.map((c) => parseFaultSpec(c.fault).id),
      'schema-needs-network',
    ]);
    expect(BEHAVIOUR_FAULT_IDS.filter((id) => !shown.has(id))).toEqual([]);
  });
});

describe('the behaviour catalogue', () => {
  test.each(VARIANTS.map((v) => [v.label, v] as const))(
    '%s declares registered sub-rules, a severity that matches the registry, and how it misbehaves',
    (_label, v) => {
      const fault = v.make();
      const known = new Set(AOI_SUB_RULES.map((s) => s.id));
      expect(fault.violates.filter((id) => !known.has(id))).toEqual([]);
      expect(new Set(fault.violates).size).toBe(fault.violates.length);
      if (fault.violates.length > 0) expect(fault.severity).toBe(registrySeverity(fault.violates));
      expect(fault.behaviour !== undefined || fault.onEvent !== undefined).toBe(true);
      expect(fault.description.length).toBeGreaterThan(10);
    },
  );

  test('only slow declares nothing: a slow tool is conformant', () => {
    expect(VARIANTS.filter((v) => v.make().violates.length === 0).map((v) => v.label)).toEqual([
      'slow',
    ]);
    expect(declaredBy([makeFault('slow')])).toEqual({ violates: [], severity: null });
    expect(declaredBy([makeFault('slow'), makeFault('stall')])).toEqual({
      violates: ['AOI-03/timed-out'],
      severity: 'error',
    });
  });

  test('one lookup serves both catalogues', () => {
    expect(isFaultId('stall')).toBe(true);
    expect(isFaultId('banner')).toBe(true);
    expect(isFaultId('no-such-fault')).toBe(false);
    expect(makeFault('broken-cursor', { how: 'repeats' }).violates).toEqual([
      'AOI-11/cursor-repeats',
    ]);
    expect(makeFaultVariant('usage-exit-code', 'exit-1').violates).toEqual([
      'AOI-05/usage-exit-code',
    ]);
    expect(() => makeFault('no-such-fault')).toThrow(/known faults: .*banner.*stall/);
    expect(() => makeFaultVariant('stall', 'nope')).toThrow(/no variant/);
    expect(() => makeFault('usage-exit-code', { exitCode: 64 })).toThrow(/not 64/);
  });

  test('behaviour presets are the reference tool plus behaviour faults, with no reference run', () => {
    const behaviourPresets = PRESET_IDS.filter((id) =>
      PRESETS[id].faults.some(([faultId]) => (BEHAVIOUR_FAULT_IDS as string[]).includes(faultId)),
    );
    expect(behaviourPresets).toEqual(
      expect.arrayContaining([
        'slow',
        'ignoring-sigpipe',
        'stack-trace-on-epipe',
        'ignoring-signals',
        'stalling',
        'destructive-without-confirmation',
        'prompting',
      ]),
    );
    for (const id of behaviourPresets) {
      expect(PRESETS[id].run, id).toBeUndefined();
      expect(presetFaults(id).length, id).toBeGreaterThan(0);
    }
    expect(
      PRESET_IDS.filter((id) => !behaviourPresets.includes(id) && PRESETS[id].run === undefined),
    ).toEqual([]);
  });
});

describe('behaviour switches', () => {
  test('well-behaved unless a fault says otherwise; a later fault wins', () => {
    expect(mergeBehaviours([])).toEqual(WELL_BEHAVED);
    const merged = mergeBehaviours([
      { signals: 'ignore' },
      undefined,
      { signals: 'no-summary', dryRun: 'applies' },
    ]);
    expect(merged).toMatchObject({
      signals: 'no-summary',
      dryRun: 'applies',
      confirmation: 'required',
    });
  });

  test('the command of a run is its first argument that is not a flag', () => {
    expect(commandOf(['search', 'note', '--limit', '2'])).toBe('search');
    expect(commandOf(['--help'])).toBeUndefined();
    expect(appliesTo(['search'], 'search')).toBe(true);
    expect(appliesTo(['search'], 'list')).toBe(false);
    expect(appliesTo('all', undefined)).toBe(true);
  });

  test('faults compose: a stall on search and a dry run that applies, in one run each', async () => {
    const faults = [makeFault('stall'), makeFault('dry-run-side-effect')];
    const stateDir = await preparedStateDir();
    const search = await runInMemory(notes, {
      argv: ['search', 'note', '--output', 'jsonl'],
      stateDir,
      faults,
      timeoutMs: 300,
    });
    const dryRun = await runInMemory(notes, {
      argv: ['delete', 'n_0001', '--dry-run', '--output', 'jsonl'],
      stateDir,
      faults,
    });
    expect(search.timedOut).toBe(true);
    expect(dryRun.exitCode).toBe(0);
    expect(loadState(stateDir).notes.map((note) => note.id)).toEqual(['n_0002', 'n_0003']);
  });

  test('latency is seeded: the same seed gives the same delays, another seed others, nothing for the clean tool', async () => {
    const delays = async (
      seed: number,
      faults = [makeFault('slow', { firstByteMs: 100, betweenEventsMs: 10, jitterMs: 50 })],
    ) => {
      const slept: number[] = [];
      const stateDir = await preparedStateDir();
      const io: RunIO = {
        argv: ['search', 'note', '--output', 'jsonl'],
        env: {},
        stateDir,
        stdinReadable: false,
        readStdin: async () => new Uint8Array(),
        writeStdout: async () => {},
        writeStderr: async () => {},
        sleep: async (ms) => void slept.push(ms),
        hang: () => new Promise<never>(() => {}),
        connect: async () => {},
        interrupted: new Promise(() => {}),
      };
      expect((await runTool(notes, io, { faults, seed })).exitCode).toBe(0);
      return slept;
    };
    const first = await delays(7);
    expect(first).toHaveLength(5); // before meta, three hits and the summary
    expect(first[0]).toBeGreaterThanOrEqual(100);
    expect(first.slice(1).every((ms) => ms >= 10 && ms <= 60)).toBe(true);
    expect(await delays(7)).toEqual(first);
    expect(await delays(8)).not.toEqual(first);
    expect(await delays(7, [])).toEqual([]);
  });
});

describe('runInMemory probes', () => {
  const search = ['search', 'note', '--output', 'jsonl'];

  test('closeStdoutAfterLines: later writes fail as EPIPE does; the clean tool exits 141 quietly', async () => {
    const run = await runInMemory(notes, {
      argv: search,
      stateDir: await preparedStateDir(),
      closeStdoutAfterLines: 1,
    });
    expect(Buffer.from(run.stdout).toString().split('\n').filter(Boolean)).toHaveLength(1);
    expect([
      run.exitCode,
      run.stdoutClosed,
      run.graceExpired,
      Buffer.from(run.stderr).toString(),
    ]).toEqual([141, true, false, '']);
  });

  test('closeStdoutAfterLines 0 closes at once; a cue the run never reaches does nothing', async () => {
    const closed = await runInMemory(notes, {
      argv: search,
      stateDir: await preparedStateDir(),
      closeStdoutAfterLines: 0,
    });
    expect([closed.stdout.length, closed.exitCode, closed.stdoutClosed]).toEqual([0, 141, true]);
    const never = await runInMemory(notes, {
      argv: search,
      stateDir: await preparedStateDir(),
      closeStdoutAfterLines: 50,
    });
    expect([never.exitCode, never.stdoutClosed]).toEqual([0, false]);
  });

  test('signalAfterLines counts stdout lines; the interrupted summary is the next line', async () => {
    const run = await runInMemory(notes, {
      argv: ['watch', '--interval-ms', '5', '--output', 'jsonl'],
      signalAfterLines: { lines: 3, signal: 'SIGTERM' },
    });
    const lines = Buffer.from(run.stdout).toString().trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[3]!)).toMatchObject({ type: 'aoi:summary', reason: 'interrupted' });
    expect([run.exitCode, run.signalSent, run.graceExpired]).toEqual([143, true, false]);
  });

  test('graceMs: a tool that outlives it is ended as if killed', async () => {
    const run = await runInMemory(notes, {
      argv: ['watch', '--interval-ms', '5', '--output', 'jsonl'],
      faults: [makeFault('ignores-signals')],
      interruptAfterEvents: { events: 2 },
      graceMs: 50,
    });
    expect([run.exitCode, run.signal, run.timedOut, run.graceExpired, run.signalSent]).toEqual([
      null,
      'SIGKILL',
      true,
      true,
      true,
    ]);
  });

  test('a timeout is not a grace period', async () => {
    const run = await runInMemory(notes, {
      argv: search,
      faults: [makeFault('stall')],
      timeoutMs: 50,
    });
    expect([run.timedOut, run.graceExpired, run.signal]).toEqual([true, false, 'SIGKILL']);
  });
});

describe('notes never echoes a secret-looking operand raw', () => {
  const secretUrl = 'https://user:hunter2pass@example.invalid/x?token=tok_1234567890';

  test.each([
    ['get', ['get', secretUrl, '--output', 'jsonl']],
    ['update', ['update', secretUrl, '--title', 'x', '--output', 'jsonl']],
    ['delete', ['delete', 'n_0001', secretUrl, '--confirm', '--output', 'jsonl']],
    ['an unknown command', [secretUrl, '--output', 'jsonl']],
    ['an unknown command, human mode', [secretUrl]],
    ['get, human mode', ['get', secretUrl]],
  ])('%s', async (_name, argv) => {
    const run = await runInMemory(notes, { argv, stateDir: await preparedStateDir() });
    const out = `${Buffer.from(run.stdout).toString()}${Buffer.from(run.stderr).toString()}`;
    expect(out).toContain('example.invalid');
    expect(out).not.toContain('hunter2pass');
    expect(out).not.toContain('tok_1234567890');
  });
});
