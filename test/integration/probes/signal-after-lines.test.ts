import { describe, expect, test } from 'vitest';
import { runProbe } from '../../../src/run/index.js';

const bin = (name: string) => new URL(`./bin/${name}`, import.meta.url).pathname;
const node = process.execPath;
const lines = (bytes: Uint8Array) =>
  Buffer.from(bytes).toString('utf8').split('\n').filter(Boolean);
const INTERRUPTED = { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true };

describe('runProbe: signalAfterLines (AOI-CLI §7, interrupted summary)', () => {
  test('SIGINT after 3 events: the tool emits the interrupted summary and exits 130', async () => {
    const run = await runProbe(node, [bin('interrupted-summary.mjs')], {
      signalAfterLines: { lines: 3, signal: 'SIGINT' },
    });
    expect(run).toMatchObject({ exitCode: 130, signal: null, timedOut: false });
    expect(run.probe.signalSent).toMatchObject({
      signal: 'SIGINT',
      target: 'process',
      afterLines: 3,
      delivered: true,
    });
    expect(run.probe.graceExpired).toBe(false);
    // Everything was read to EOF: the events before the signal and the summary after it.
    const events = lines(run.stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(events[0]).toMatchObject({ type: 'aoi:meta' });
    expect(events.at(-1)).toEqual(INTERRUPTED);
    expect(Buffer.from(run.stdout).subarray(run.probe.signalSent!.atByte).toString()).toContain(
      '"reason":"interrupted"',
    );
  });

  test('SIGTERM: the same summary and exit 143', async () => {
    const run = await runProbe(node, [bin('interrupted-summary.mjs')], {
      signalAfterLines: { lines: 1, signal: 'SIGTERM' },
    });
    expect(run).toMatchObject({ exitCode: 143, timedOut: false });
    expect(JSON.parse(lines(run.stdout).at(-1)!)).toEqual(INTERRUPTED);
  });

  test('a tool that ignores SIGINT and SIGTERM is ended by the tree kill after the grace period', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const run = await runProbe(node, [bin('ignores-signals.mjs')], {
        signalAfterLines: { lines: 2, signal },
        graceMs: 300,
      });
      expect(run).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null });
      expect(run.probe).toMatchObject({
        graceExpired: true,
        signalSent: { signal, delivered: true },
      });
      expect(lines(run.stdout).some((line) => line.includes('aoi:summary'))).toBe(false);
    }
  });

  test('a tool without handlers dies by the signal itself, with no summary', async () => {
    const run = await runProbe(node, ['-e', 'console.log("{}"); setInterval(() => {}, 1e6)'], {
      signalAfterLines: { lines: 1, signal: 'SIGTERM' },
    });
    expect(run).toMatchObject({ signal: 'SIGTERM', exitCode: null, timedOut: false });
  });

  test('only the child is signalled unless the group is asked for', async () => {
    const alone = await runProbe(node, [bin('interrupt-needs-group.mjs')], {
      signalAfterLines: { lines: 2, signal: 'SIGINT' },
      graceMs: 300,
    });
    expect(alone).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(alone.probe).toMatchObject({ graceExpired: true, signalSent: { target: 'process' } });

    const group = await runProbe(node, [bin('interrupt-needs-group.mjs')], {
      signalAfterLines: { lines: 2, signal: 'SIGINT', group: true },
    });
    expect(group).toMatchObject({ exitCode: 130, timedOut: false });
    expect(group.probe.signalSent).toMatchObject({ target: 'group' });
    expect(JSON.parse(lines(group.stdout).at(-1)!)).toEqual(INTERRUPTED);
  });

  test('a tool that finishes before N lines is not signalled', async () => {
    const run = await runProbe(node, ['-e', 'console.log("{}")'], {
      signalAfterLines: { lines: 5, signal: 'SIGINT' },
    });
    expect(run).toMatchObject({ exitCode: 0, timedOut: false });
    expect(run.probe).toMatchObject({ signalSent: null, linesRead: 1 });
  });

  test('both probes at once; invalid counts are rejected', async () => {
    const run = await runProbe(node, [bin('interrupted-summary.mjs')], {
      signalAfterLines: { lines: 2, signal: 'SIGINT' },
      closeStdoutAfterLines: 4,
    });
    expect(run.timedOut).toBe(false);
    expect(run.probe.signalSent).not.toBeNull();
    await expect(runProbe(node, ['-e', ''], { closeStdoutAfterLines: -1 })).rejects.toThrow(
      RangeError,
    );
    await expect(
      runProbe(node, ['-e', ''], { signalAfterLines: { lines: 1.5, signal: 'SIGINT' } }),
    ).rejects.toThrow(RangeError);
  });
});
