/**
 * A config's sarifLocation places SARIF results as --sarif-location does, and the flag wins over it: a Python tool
 * written elsewhere (pynotes, its --schema flag stale) linted from its own directory with only a config file.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runKit } from '../../support/kit-cli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'aoi-config-sarif-'));
  copyFileSync(join(root, 'fixtures/foreign/pynotes/pynotes.py'), join(work, 'pynotes.py'));
  writeFileSync(join(work, 'README.md'), '# pynotes\n\n\nIts machine mode\n');
  writeFileSync(join(work, 'NOTES.md'), 'notes\n');
  writeFileSync(
    join(work, 'aoi-testkit.config.json'),
    JSON.stringify({
      program: 'python3 pynotes.py',
      env: { PYNOTES_HOME: '{stateDir}' },
      machineFlag: '--format jsonl',
      sarifLocation: 'README.md:4',
      only: ['AOI-01'],
    }),
  );
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const locations = async (flags: string[]) => {
  const run = await runKit(['lint', '--quiet', '--reporter', 'sarif=out.sarif', ...flags], {
    cwd: work,
    env: { PYNOTES_DEFECT: 'schema-flag-stale' },
    timeoutMs: 240_000,
  });
  expect(run.exitCode).toBe(1);
  const sarif = JSON.parse(readFileSync(join(work, 'out.sarif'), 'utf8')) as {
    runs: { results: { ruleId: string; locations: { physicalLocation: unknown }[] }[] }[];
  };
  return sarif.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation]);
};

test('the config places results; --sarif-location replaces it', async () => {
  expect(await locations([])).toEqual([
    [
      'AOI-01/discovery-flag-differs',
      { artifactLocation: { uri: 'README.md' }, region: { startLine: 4 } },
    ],
  ]);
  expect(await locations(['--sarif-location', 'NOTES.md'])).toEqual([
    [
      'AOI-01/discovery-flag-differs',
      { artifactLocation: { uri: 'NOTES.md' }, region: { startLine: 1 } },
    ],
  ]);
}, 480_000);
