/** The kit CLI passes its own cmdhelp v0.1 checks (src/cli/help.ts), and its help says what it does. */
import { describe, expect, test } from 'vitest';
import { checkCmdhelp } from '../../src/lint/cmdhelp/check.js';
import { resolveExample, tokenizeExample } from '../../src/checks/cmdhelp/examples.js';
import { validateCmdhelpDocument } from '../../src/checks/cmdhelp/document.js';
import { COMMANDS, helpDocument } from '../../src/cli/help.js';
import { HELP } from '../../src/cli/usage.js';

import { CLI, runKit } from '../support/kit-cli.js';
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const cli = (args: string[], stdin?: string) =>
  runKit([...args], stdin === undefined ? {} : { stdin });

describe('aoi-testkit help (cmdhelp v0.1)', () => {
  test('checkCmdhelp: valid, every rule passes', async () => {
    const report = await checkCmdhelp(process.execPath, [CLI]);
    expect(report.findings).toEqual([]);
    // Most verbs answer --help before they parse (so §5.3 cannot be asked there); help itself parses first and refuses --capabilities=true.
    expect(report.verdicts.find((v) => v.rule === 'CMDHELP-02')?.notes?.join(' ')).toMatch(
      /answers --help before it parses its flags/,
    );
    expect(report.valid).toBe(true);
    expect(report.verdicts.map((v) => `${v.rule}:${v.status}`)).toEqual(
      report.verdicts.map((v) => `${v.rule}:pass`),
    );
    expect(report.capability?.formats).toEqual(['text', 'md', 'json', 'llm']);
    expect(Object.keys(report.document?.commands ?? {}).sort()).toEqual(
      Object.keys(COMMANDS).sort(),
    );
  }, 120_000);

  test('the capability line, in both forms', async () => {
    for (const args of [['help', '--capabilities'], ['--cmdhelp-capabilities']]) {
      const run = await cli(args);
      expect(run.exitCode).toBe(0);
      expect(text(run.stdout)).toBe('cmdhelp/0.1: text, md, json, llm\n');
      expect(text(run.stderr)).toBe('');
    }
    // A bool flag is a presence switch (§5.3): --capabilities=false must not print the line.
    const valued = await cli(['help', '--capabilities=false']);
    expect(valued.exitCode).toBe(64);
    expect(text(valued.stdout)).toBe('');
    expect(text(valued.stderr)).toMatch(/--capabilities takes no value/);
  });

  test('help and --help print the usage text; help <verb> the verb in full; errors exit 64', async () => {
    expect(text((await cli(['help'])).stdout)).toBe(HELP);
    expect(text((await cli(['--help'])).stdout)).toBe(HELP);
    const exec = text((await cli(['help', 'exec'])).stdout);
    expect(exec).toMatch(/^aoi-testkit exec — /);
    expect(exec).toContain('--ignore-errors');
    const json = JSON.parse(text((await cli(['help', 'check', '--format', 'json'])).stdout)) as {
      commands: Record<string, { flags?: object }>;
    };
    expect(Object.keys(json.commands)).toEqual(['check']);
    expect(Object.keys(json.commands.check!.flags ?? {})).toContain('exit-code');
    for (const args of [
      ['help', 'nope'],
      ['help', '--format', 'yaml'],
      ['help', '--depth', '-1'],
    ]) {
      const run = await cli(args);
      expect(run.exitCode).toBe(64);
      expect(text(run.stderr)).toMatch(/^aoi-testkit: help: /);
    }
  });

  test('every verb of the tree is in the usage text, and every example resolves and names its verb', () => {
    expect(validateCmdhelpDocument(JSON.stringify(helpDocument('', 1))).findings).toEqual([]);
    for (const [path, c] of Object.entries(COMMANDS)) {
      expect(HELP).toContain(`aoi-testkit ${path}`);
      for (const e of c.examples ?? []) {
        expect(resolveExample(helpDocument('', 1), e.cmd), e.cmd).toEqual([]);
        expect(tokenizeExample(e.cmd)[1]).toBe(path);
      }
    }
  });

  // The examples that need no file or program of the reader's: run as written, they succeed.
  test.each([
    'aoi-testkit scenarios --kind lint --output jsonl',
    'aoi-testkit schema --output json',
    'aoi-testkit capabilities --output json',
    'aoi-testkit fake --list',
    'aoi-testkit help check --format md',
    'aoi-testkit help --format json --depth 1',
    'aoi-testkit help --capabilities',
    'aoi-testkit exec manifest --output json',
  ])('example runs: %s', async (cmd) => {
    expect(Object.values(COMMANDS).some((c) => c.examples?.some((e) => e.cmd === cmd))).toBe(true);
    const run = await cli(tokenizeExample(cmd).slice(1));
    expect(run.exitCode, text(run.stderr)).toBe(0);
    expect(text(run.stdout)).not.toBe('');
  });

  test('check --help --format md is help check --format md; check --help is help check', async () => {
    const strip = (s: string) => s.replace(/^generated:.*$/m, '');
    expect(strip(text((await cli(['check', '--help', '--format', 'md'])).stdout))).toBe(
      strip(text((await cli(['help', 'check', '--format', 'md'])).stdout)),
    );
    expect(text((await cli(['check', '--help'])).stdout)).toBe(
      text((await cli(['help', 'check'])).stdout),
    );
  });
});
