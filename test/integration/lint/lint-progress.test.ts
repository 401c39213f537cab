/**
 * lint's progress on stderr when stderr is not a terminal (`npm run build` first): whole lines, each with
 * done/total and the probe just run. The format only: how many lines a run prints depends on the machine's speed.
 */
import { describe, expect, test } from 'vitest';
import { runCli } from '../../../src/run/run-cli.js';

import { CLI } from '../../support/kit-cli.js';
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('aoi-testkit lint progress, not on a terminal', () => {
  test(
    'lines of done/total probes and the current probe, the total never below done',
    { timeout: 240_000 },
    async () => {
      const run = await runCli(
        process.execPath,
        [
          CLI,
          'lint',
          '--spec',
          'aoi',
          '--invoke',
          'list',
          '--no-color',
          '--',
          process.execPath,
          CLI,
          'fake',
          'well-behaved',
        ],
        { timeoutMs: 230_000 },
      );
      expect(run.exitCode, text(run.stderr)).toBe(0);
      const progress = text(run.stderr)
        .split('\n')
        .filter((line) => / probes? · |probe\(s\) done/.test(line));
      // The first probe's line is always printed (a line a second, counted from none).
      expect(progress.length).toBeGreaterThan(0);
      for (const line of progress) {
        const [, done, total, probe] =
          /^aoi-testkit lint: (\d+)\/(\d+) probes · (.+)$/.exec(line) ?? [];
        expect(probe, line).toBeDefined();
        expect(Number(done)).toBeGreaterThan(0);
        expect(Number(done)).toBeLessThanOrEqual(Number(total));
        expect(probe).not.toMatch(/[\u0000-\u001f]/);
      }
    },
  );
});
