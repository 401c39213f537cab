import { describe, expect, test } from 'vitest';
import { aoiMatchers } from '../../../src/matchers/index.js';

expect.extend(aoiMatchers);

import { CLI, runKit, jsonlEvents as events } from '../../support/kit-cli.js';

// The kit's own CLI, linted by itself: every spec it offers (AOI, cmdhelp, exec), judged as any tool would be.
describe('aoi-testkit lint -- aoi-testkit', () => {
  const lint = (args: string[]) => runKit(['lint', ...args], { timeoutMs: 170_000 });

  test(
    'the kit CLI passes its own lint, and its answer passes the stream checker',
    { timeout: 180_000 },
    async () => {
      const run = await lint(['--output', 'jsonl', '--', process.execPath, CLI]);
      expect(run.exitCode).toBe(0);
      expect(run).toBeAoiConformant({ strict: true });
      const out = events(run.stdout);
      const checks = out.filter((e) => e.type === 'aoi:check');
      expect(checks.filter((c) => c.status === 'fail')).toEqual([]);
      expect(new Set(checks.filter((c) => c.command !== undefined).map((c) => c.command))).toEqual(
        new Set([
          'schema',
          'capabilities',
          '--help',
          'check',
          'lint',
          'consumer',
          'runner',
          'scenarios',
          'manifest',
          'compat',
          'merge-reports',
        ]),
      );
      // The kit CLI advertises cmdhelp/0.1 (src/cli/help.ts) and exec (its dispatch manifest is `exec manifest`):
      // lint judges both, tool-wide (no command); a plan built from safe commands leaves EXEC-08 and 09 skipped.
      expect(
        checks
          .filter((c) => c.command === undefined)
          .map((c) => `${String(c.name)}:${String(c.status)}`),
      ).toEqual([
        ...['01', '02', '03', '04', '05', '06', '07', '08'].map((n) => `CMDHELP-${n}:pass`),
        ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map(
          (n) => `EXEC-${n}:${n === '08' || n === '09' ? 'skip' : 'pass'}`,
        ),
      ]);
      expect(out.at(-1)).toMatchObject({
        type: 'aoi:summary',
        ok: true,
        count: checks.length,
        error_count: 0,
      });
    },
  );
});
