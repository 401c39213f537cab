import { describe, expect, test } from 'vitest';
import {
  findLeaks,
  makeCanaries,
  runProbe,
  withNetworkTripwire,
  withStateDir,
} from '../../../src/run/index.js';

const bin = (name: string) => new URL(`./bin/${name}`, import.meta.url).pathname;
const node = process.execPath;

describe('probes compose the way a live linter uses them', () => {
  test('discovery in a fresh state dir, behind the tripwire, with canaries planted', async () => {
    const canaries = makeCanaries('compose');
    const { run, attempts } = await withStateDir((_dir, stateEnv) =>
      withNetworkTripwire((netEnv) =>
        runProbe(node, [bin('net-none.mjs'), ...canaries.argv], {
          env: { ...netEnv, ...stateEnv, ...canaries.env },
        }),
      ),
    );
    expect(run.exitCode).toBe(0);
    expect(attempts).toEqual([]);
    expect(findLeaks(run, canaries)).toEqual([]);
  });

  test('an interrupted run behind the tripwire', async () => {
    const { run, attempts } = await withNetworkTripwire((env) =>
      runProbe(node, [bin('interrupted-summary.mjs')], {
        env,
        signalAfterLines: { lines: 2, signal: 'SIGINT' },
      }),
    );
    expect(run.exitCode).toBe(130);
    expect(attempts).toEqual([]);
  });
});
