/**
 * Every shell command of the README, as written, from the checkout: a scratch project where `node_modules/aoi-testkit`
 * is this checkout (a link, as `npm link` makes it) and `npx aoi-testkit` its built bin. test:package runs the same
 * list from an install of the packed kit (its `readme-commands` project). What a command must exit with, and the
 * few not run here with the reason, are in test/package/readme-commands.mjs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error a plain Node script without types: it runs in a scratch project as it is
import * as readme from '../../package/readme-commands.mjs';

interface Entry {
  command: string;
  exports: string[];
}
const { readmeCommands, expectation, staleExpectations, runCommand } = readme as {
  readmeCommands: (text: string) => Entry[];
  expectation: (command: string) => { exit?: number; skip?: string };
  staleExpectations: (commands: Entry[]) => string[];
  runCommand: (
    entry: Entry,
    options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
  ) => Promise<{ code: number; output: string }>;
};

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const COMMANDS = readmeCommands(readFileSync(join(REPO, 'README.md'), 'utf8'));
const TIMEOUT = 8 * 60_000;

const project = mkdtempSync(join(tmpdir(), 'aoi-readme-'));
mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
symlinkSync(REPO, join(project, 'node_modules', 'aoi-testkit'));
// The checkout is the corpus package's one copy too (scripts/pack-corpus.mjs packs it from there).
symlinkSync(REPO, join(project, 'node_modules', 'aoi-testkit-corpus'));
symlinkSync(
  '../aoi-testkit/dist/cli/main.js',
  join(project, 'node_modules', '.bin', 'aoi-testkit'),
);
writeFileSync(join(project, 'package.json'), '{ "name": "readme-project", "private": true }\n');
afterAll(() => rmSync(project, { recursive: true, force: true }));

const ENV = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };

describe('the README’s commands, as written, from the checkout', () => {
  test('every expectation names a command the README has, and the README has commands', () => {
    expect(COMMANDS.length).toBeGreaterThan(30);
    expect(staleExpectations(COMMANDS)).toEqual([]);
  });

  // In README order, one after the other: a command may read what an earlier one wrote (a contract, blobs).
  for (const entry of COMMANDS) {
    const expected = expectation(entry.command);
    if (expected.skip !== undefined) {
      test.skip(`${entry.command} (not run: ${expected.skip})`, () => {});
      continue;
    }
    test(
      entry.command,
      async () => {
        const { code, output } = await runCommand(entry, {
          cwd: project,
          env: ENV,
          timeoutMs: TIMEOUT,
        });
        expect({ code, output: output.slice(-4000) }).toEqual({
          code: expected.exit,
          output: expect.not.stringMatching(/^\s+at .+:\d+:\d+\)?$/m) as unknown as string,
        });
      },
      TIMEOUT + 30_000,
    );
  }
});
