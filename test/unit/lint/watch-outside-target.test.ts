import { describe, expect, test, vi } from 'vitest';

// The default for watching escapes follows whether the target runs real processes, not whether it sees the network:
// the in-memory target honours the network tripwire (its engine records each attempt), yet writes nowhere real, so an
// in-memory lint with watchOutside must never snapshot the caller's cwd or HOME. Counted at the snapshot itself.
const snapshots = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/lint/aoi/escapes.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/lint/aoi/escapes.js')>();
  return {
    ...real,
    outsideSnapshot: (...args: Parameters<typeof real.outsideSnapshot>) => {
      snapshots.count++;
      return real.outsideSnapshot(...args);
    },
  };
});

const { notes } = await import('../../../src/fakes/aoi/notes/index.js');
const { lintCli } = await import('../../../src/lint/aoi/lint.js');
const { inMemoryTarget } = await import('../../../src/lint/aoi/memory-target.js');
const { processTarget } = await import('../../../src/lint/aoi/target.js');
const { ProbeRunner } = await import('../../../src/lint/aoi/runner.js');
const { makeCanaries } = await import('../../../src/run/canaries.js');

describe('watchOutside follows runsProcesses', () => {
  test('the targets say what they are: in memory sees the network and runs no process', () => {
    expect(inMemoryTarget(notes)).toMatchObject({ seesNetwork: true, runsProcesses: false });
    expect(processTarget('true')).toMatchObject({ seesNetwork: true, runsProcesses: true });
  });

  test('an in-memory lint with watchOutside: true never snapshots the real HOME or cwd', async () => {
    snapshots.count = 0;
    const report = await lintCli(inMemoryTarget(notes), {
      invocations: [['list']],
      only: ['AOI-06'],
      watchOutside: true,
    });
    expect(report.verdicts.length).toBeGreaterThan(0);
    expect(snapshots.count).toBe(0);
  });

  test.each([
    ['left to the target', {}, 0],
    ['forced on (the control: the count can fail)', { watchEscapes: true }, 1],
  ] as const)(
    'a probe runner over the in-memory target, watchEscapes %s',
    async (_label, watch, least) => {
      snapshots.count = 0;
      const runner = await ProbeRunner.create(inMemoryTarget(notes), {
        timeoutMs: 10_000,
        graceMs: 1_000,
        canaries: makeCanaries(),
        watchOutside: true,
        ...watch,
      });
      try {
        await runner.probe(['list', '--output', 'jsonl']);
      } finally {
        await runner.dispose();
      }
      if (least === 0) expect(snapshots.count).toBe(0);
      else expect(snapshots.count).toBeGreaterThanOrEqual(least);
    },
  );
});
