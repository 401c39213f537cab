/**
 * The built CLI (`npm run build` first: test/integration/global-setup.ts builds it when missing) and the one way
 * tests run it: its path, its command line for a program to lint or a fake to start, and a run of a verb.
 */
import { fileURLToPath } from 'node:url';
import { runCli, type RunCliOptions } from '../../src/run/run-cli.js';

/** `dist/cli/main.js`, the bin. */
export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** `[node, dist/cli/main.js, ...args]`: the kit's CLI as a command line (a fake to lint, a program to start). */
export const kitCommand = (...args: string[]): string[] => [process.execPath, CLI, ...args];

/** `aoi-testkit ...args` as a process, with runCli's options (stdin, env, cwd, timeout). */
export const runKit = (args: readonly string[], options: RunCliOptions = {}) =>
  runCli(process.execPath, [CLI, ...args], options);

/** A run's stdout or stderr as text. */
export const utf8 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

/** A run's JSONL stdout as its events, one per line. */
export const jsonlEvents = (bytes: Uint8Array): Record<string, unknown>[] =>
  utf8(bytes)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
