import { describe, expect, test } from 'vitest';
import { checkCmdhelp } from '../../../src/lint/cmdhelp/check.js';
import { checkExec } from '../../../src/lint/exec/index.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { assertCommandLine, runProbe } from '../../../src/run/run-probe.js';
import { runCli } from '../../../src/run/run-cli.js';

// A whole argv in the program's place is the likeliest misuse (lintConsumer and the matchers take one).
const argv = ['node', 'tool.js'] as unknown as string;

describe('an argv array where the program belongs is refused up front, naming the right shape', () => {
  test.each([
    ['checkCmdhelp', () => checkCmdhelp(argv)],
    ['checkExec', () => checkExec(argv)],
    ['runCli', () => runCli(argv)],
    ['runProbe', () => runProbe(argv)],
  ])('%s rejects', async (api, call) => {
    await expect(call()).rejects.toThrow(
      new TypeError(
        `${api}: the program must be a non-empty string and its arguments an array, e.g. ${api}('node', ['tool.js']); got an array for the program`,
      ),
    );
  });

  test('processTarget throws', () => {
    expect(() => processTarget(argv)).toThrow(
      /^processTarget: the program must be a non-empty string/,
    );
  });

  test('arguments that are not an array of strings, and an empty program', () => {
    expect(() => assertCommandLine('runCli', 'node', 'tool.js')).toThrow(
      "runCli: the arguments must be an array of strings, e.g. runCli('node', ['tool.js'])",
    );
    expect(() => assertCommandLine('runCli', 'node', ['--n', 1])).toThrow(
      /arguments must be an array of strings/,
    );
    expect(() => assertCommandLine('runCli', '', [])).toThrow(
      /got an empty string for the program/,
    );
  });

  test('the right shape passes', () => {
    expect(() => assertCommandLine('runCli', 'node', ['tool.js'])).not.toThrow();
    expect(() => assertCommandLine('runCli', 'node', [])).not.toThrow();
  });
});
