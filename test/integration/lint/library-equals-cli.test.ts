/**
 * The library equals the CLI: `lintProgram` with the options `aoi-testkit lint` is given, rendered by the JSONL
 * reporter of `aoi-testkit/report`, is the verb's `--output jsonl`, byte for byte once the values of the moment
 * are blanked (temporary paths, durations). A program, with detection: AOI and exec are found and judged.
 */
import { describe, expect, test } from 'vitest';
import { lintProgram } from '../../../src/lint/program.js';
import { render } from '../../../src/report/index.js';
import { kitCommand, runKit } from '../../support/kit-cli.js';

const setup = [['create', '--title', 'First note', '--body', 'groceries']];
const invocations = [['list'], ['get', 'n_0001']];
const words = (argv: readonly string[]) => argv.map((a) => `'${a}'`).join(' ');

/** The values of the moment blanked: temporary paths and clock readings. */
const normalise = (jsonl: string) =>
  jsonl
    .replace(/\/(?:tmp|dev\/shm)\/[^"\s\\]+/g, '<tmp>')
    .replace(/"(duration_ms|elapsed_ms)":\d+/g, '"$1":0');

describe('lintProgram and aoi-testkit lint', () => {
  test(
    'the JSONL reporter over lintProgram is `lint --output jsonl` on the same program; a difference shows',
    { timeout: 600_000 },
    async () => {
      const program = kitCommand('fake', 'well-behaved');
      const report = await lintProgram(program, { setup, invocations });
      const library = render('jsonl', report);
      const run = await runKit(
        [
          'lint',
          ...setup.flatMap((argv) => ['--setup', words(argv)]),
          ...invocations.flatMap((argv) => ['--invoke', words(argv)]),
          '--output',
          'jsonl',
          '--',
          ...program,
        ],
        { timeoutMs: 400_000 },
      );
      const cli = Buffer.from(run.stdout).toString('utf8');
      expect(run.exitCode).toBe(0);
      expect(cli).toMatch(/"specs":\[\{"spec":"aoi","status":"run"/);
      expect(normalise(library)).toBe(normalise(cli));
      // A planted difference shows: the library's report with one verdict fewer.
      const planted = render('jsonl', { ...report, verdicts: report.verdicts.slice(1) });
      expect(normalise(planted)).not.toBe(normalise(cli));
    },
  );
});
