import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ProbeRunner } from '../../../src/lint/aoi/runner.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { makeCanaries } from '../../../src/run/canaries.js';

/**
 * A probe that runs out of time on a busy machine is run once more, longer, before the tool is blamed (starved
 * or stuck?). A probe in another probe's sandbox (AOI-07's replay, AOI-08's second create) must get that second
 * run in the sandbox as it found it, not as the starved run left it. The "tool" counts its runs in its state
 * directory; `stall-once` counts, then hangs the first time it is ever run (a marker outside every sandbox says
 * it has), as a starved run would look.
 */
const TOOL = `
const fs = require('node:fs'), path = require('node:path');
const file = path.join(process.env.AOI_TESTKIT_STATE_DIR, 'count');
const count = (fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0) + 1;
fs.writeFileSync(file, String(count));
if (process.argv[1] === 'stall-once' && !fs.existsSync(process.env.STALLED_ONCE)) {
  fs.writeFileSync(process.env.STALLED_ONCE, '');
  setInterval(() => {}, 1 << 30);
} else console.log(JSON.stringify({ count }));
`;

let runner: ProbeRunner | undefined;
afterEach(async () => runner?.dispose());

async function stallInPlace(retryOutOfTime: 'always' | 'never') {
  const marker = join(mkdtempSync(join(tmpdir(), 'aoi-starved-')), 'stalled');
  // 5 s for a run that never ends by itself; the second run gets three times that to start Node on a loaded machine.
  runner = await ProbeRunner.create(processTarget(process.execPath, ['-e', TOOL]), {
    timeoutMs: 5_000,
    graceMs: 5_000,
    canaries: makeCanaries('starved'),
    env: { STALLED_ONCE: marker },
    retryOutOfTime,
    watchEscapes: false,
  });
  const first = await runner.probe(['count']);
  const second = await runner.probe(['stall-once'], { dirs: first.dirs });
  return { first, second, stalled: existsSync(marker) };
}

const out = (probe: { run: { stdout: Uint8Array } }) =>
  Buffer.from(probe.run.stdout).toString('utf8');

describe('a probe in another probe’s sandbox that ran out of time', () => {
  test('is run again, longer, in a copy of the sandbox as it found it: the starved run’s writes are not there', async () => {
    const { first, second, stalled } = await stallInPlace('always');
    expect(stalled).toBe(true);
    expect(out(first)).toBe('{"count":1}\n');
    expect(second.run.timedOut).toBe(false);
    // The stalled run counted to 2 in the first probe's sandbox; the second run started from 1 again.
    expect(out(second)).toBe('{"count":2}\n');
    expect(second.dirs.stateDir).not.toBe(first.dirs.stateDir);
    expect(readFileSync(join(first.dirs.stateDir, 'count'), 'utf8')).toBe('2');
  }, 60_000);

  test('with retries off, stays timed out, in the sandbox it was given', async () => {
    const { first, second } = await stallInPlace('never');
    expect(second.run.timedOut).toBe(true);
    expect(second.dirs).toBe(first.dirs);
  }, 60_000);
});
