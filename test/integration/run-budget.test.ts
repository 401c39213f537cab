import { expect, test } from 'vitest';
import { OutputBudget, type BudgetShare } from '../../src/run/output-budget.js';
import { runProbe } from '../../src/run/run-probe.js';

// runProbe with a share of an output budget, on real pipes: it pauses reading when the budget says so and
// loses nothing, and a run's own cap still ends it. Nothing here waits on time.

const node = process.execPath;
const MIB = 1024 * 1024;

/** Resolves when `share` is first told to pause. */
function firstPause(share: BudgetShare): Promise<number> {
  return new Promise((resolve) => {
    const take = share.take.bind(share);
    share.take = (n, onResume) => {
      const goOn = take(n, onResume);
      if (!goOn) resolve(share.bytes);
      return goOn;
    };
  });
}

test('paused while an older run holds the budget, it reads everything once that run is done', async () => {
  const budget = new OutputBudget(0);
  const older = budget.share();
  const share = budget.share();
  const paused = firstPause(share);
  const running = runProbe(
    node,
    [
      '-e',
      'process.stderr.write(Buffer.alloc(1 << 20, 98)); process.stdout.write(Buffer.alloc(4 << 20, 97))',
    ],
    { budget: share },
  );
  expect(await paused).toBeLessThan(5 * MIB); // it stopped reading before the end
  older.release();
  const run = await running;
  expect(run).toMatchObject({ exitCode: 0, timedOut: false });
  expect([run.stdout.length, run.stderr.length]).toEqual([4 * MIB, 1 * MIB]);
  expect(Buffer.from(run.stdout).every((byte) => byte === 97)).toBe(true);
  // Its bytes stay counted until the caller gives the output up.
  expect([share.reading, budget.total]).toEqual([false, 5 * MIB]);
  share.release();
  expect(budget.total).toBe(0);
});

test('its own cap still ends a flood: an older run that stopped reading does not hold it back', async () => {
  const budget = new OutputBudget(0);
  const older = budget.share();
  older.take(10, () => {});
  older.stopReading(); // ended, output still held by its caller
  const share = budget.share();
  const flood =
    'const b = Buffer.alloc(65536, 97); const w = () => { while (process.stdout.write(b)); process.stdout.once("drain", w); }; w();';
  const run = await runProbe(node, ['-e', flood], { budget: share, maxBufferBytes: 2 * MIB });
  expect(run.probe.maxBufferExceeded).toBe(true);
  expect(run.stdout.length).toBeLessThanOrEqual(2 * MIB);
  share.release();
  older.release();
  expect(budget.total).toBe(0);
});
