import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  advertisedDiscoveryFlags,
  judgeDiscoveryFlag,
} from '../../../src/checks/aoi/probe/discovery.js';
import type { ProbeOutcome } from '../../../src/checks/aoi/probe/types.js';
import { parseLintArgs } from '../../../src/cli/lint.js';
import { discoveryFlag, machine, machineArgs } from '../../../src/lint/aoi/plan.js';
import { detectSpecs } from '../../../src/lint/detect.js';
import { probeOutcome } from '../../support/probe-outcome.js';

/** Tools not shaped like the reference tool (§16.4, §3): how machine mode and discovery are asked for, and judged. */

const run = probeOutcome;
const ids = (judge: (report: (id: string) => void) => void): string[] => {
  const found: string[] = [];
  judge((id) => found.push(id));
  return found;
};

describe('machineArgs: the machine flag appended unless the invocation chose its output', () => {
  it.each<[string, readonly string[], readonly string[], readonly string[]]>([
    ['default', ['--output', 'jsonl'], ['list'], ['list', '--output', 'jsonl']],
    [
      'default, --format already given',
      ['--output', 'jsonl'],
      ['list', '--format', 'jsonl'],
      ['list', '--format', 'jsonl'],
    ],
    ['--format jsonl (§16.4)', ['--format', 'jsonl'], ['list'], ['list', '--format', 'jsonl']],
    [
      '--format jsonl, --output already given',
      ['--format', 'jsonl'],
      ['list', '--output=jsonl'],
      ['list', '--output=jsonl'],
    ],
    [
      'a tool-specific flag',
      ['--jsonl'],
      ['list', '--output', 'report.txt'],
      ['list', '--output', 'report.txt', '--jsonl'],
    ],
    ['an AOI-only tool: nothing', [], ['list'], ['list']],
    ['one word, --format=jsonl', ['--format=jsonl'], ['list'], ['list', '--format=jsonl']],
    [
      'one word, --output already given',
      ['--format=jsonl'],
      ['list', '--output', 'jsonl'],
      ['list', '--output', 'jsonl'],
    ],
  ])('%s', (_label, flag, args, expected) => {
    expect(machineArgs(args, flag)).toEqual(expected);
  });

  it('machine() is the reference tool’s --output jsonl', () => {
    expect(machine(['get', 'n1'])).toEqual(['get', 'n1', '--output', 'jsonl']);
  });
});

describe('discoveryFlag: discovery asks for JSON the way machine mode asks for JSONL', () => {
  it.each<[readonly string[], readonly string[]]>([
    [
      ['--output', 'jsonl'],
      ['--output', 'json'],
    ],
    [
      ['--format', 'jsonl'],
      ['--format', 'json'],
    ],
    [['--format=jsonl'], ['--format=json']],
    [[], []],
    [['--jsonl'], ['--jsonl']],
  ])('%j → %j', (flag, expected) => {
    expect(discoveryFlag(flag)).toEqual(expected);
  });
});

describe('lint --machine-flag and --schema-command', () => {
  const parse = (...args: string[]) => parseLintArgs([...args, '--', 'tool']).request.options;

  it('takes a value that is itself a flag, as typed (`--machine-flag "--format jsonl"`)', () => {
    expect(parse('--machine-flag', '--format jsonl').machineFlag).toEqual(['--format', 'jsonl']);
    expect(parse('--machine-flag=--format jsonl').machineFlag).toEqual(['--format', 'jsonl']);
  });

  it('an empty machine flag is an AOI-only tool, not the default', () => {
    expect(parse('--machine-flag', '').machineFlag).toEqual([]);
    expect(parse().machineFlag).toBeUndefined();
  });

  it('--schema-command names the discovery command', () => {
    expect(parse('--schema-command', 'aoi-schema').schemaCommand).toEqual(['aoi-schema']);
    expect(parse().schemaCommand).toBeUndefined();
  });
});

describe('AOI-01/discovery-flag-differs (§3: flags and subcommands MUST return equivalent information)', () => {
  const help = (text: string) => run({ stdout: Buffer.from(text) });

  it('reads the flags --help offers as the program’s own options: option entries, the program’s usage line', () => {
    expect(advertisedDiscoveryFlags(help('usage: t [-h] [--schema] [--capabilities]'))).toEqual([
      '--schema',
      '--capabilities',
    ]);
    expect(advertisedDiscoveryFlags(help('Usage: t [--version] [--capabilities] COMMAND'))).toEqual(
      ['--capabilities'],
    );
    expect(
      advertisedDiscoveryFlags(
        run({ stderr: Buffer.from('options:\n  --capabilities  print what it offers') }),
      ),
    ).toEqual(['--capabilities']);
    expect(advertisedDiscoveryFlags(help('  -s, --schema   the event schema'))).toEqual([
      '--schema',
    ]);
  });

  it('a subcommand’s flag, a longer flag or a mention in prose advertises nothing', () => {
    expect(
      advertisedDiscoveryFlags(
        help('  aoi-testkit help [COMMAND] [--format text] [--capabilities]'),
      ),
    ).toEqual([]);
    expect(advertisedDiscoveryFlags(help('usage: t help [--capabilities]'))).toEqual([]);
    expect(
      advertisedDiscoveryFlags(
        help('  schema --output json [--schema-version 1|2]\n  --schema-version N'),
      ),
    ).toEqual([]);
    expect(advertisedDiscoveryFlags(help('  --schemas DIR\n  --capabilities-file F'))).toEqual([]);
    expect(advertisedDiscoveryFlags(help('Discovery: t schema (or the --schema flag).'))).toEqual(
      [],
    );
  });

  const doc = { $id: 'https://example.org/s.json', type: 'object', required: ['type'] };
  it('passes a flag that prints the same JSON value as its subcommand, key order aside', () => {
    const reordered = JSON.stringify({
      required: ['type'],
      type: 'object',
      $id: 'https://example.org/s.json',
    });
    expect(
      ids((r) =>
        judgeDiscoveryFlag('--schema', run({ stdout: Buffer.from(`${reordered}\n`) }), doc, r),
      ),
    ).toEqual([]);
  });

  it.each<[string, ProbeOutcome]>([
    [
      'a different document',
      run({ stdout: Buffer.from(JSON.stringify({ ...doc, $id: 'https://example.org/old.json' })) }),
    ],
    ['a failure', run({ exitCode: 64 })],
    ['a timeout', run({ exitCode: null, signal: 'SIGKILL', timedOut: true })],
    ['not JSON', run({ stdout: Buffer.from('usage: t schema\n') })],
  ])('fails %s', (_label, flagRun) => {
    expect(ids((r) => judgeDiscoveryFlag('--schema', flagRun, doc, r))).toEqual([
      'AOI-01/discovery-flag-differs',
    ]);
  });

  it('without the subcommand’s document, only judges that the flag works', () => {
    expect(
      ids((r) =>
        judgeDiscoveryFlag(
          '--capabilities',
          run({ stdout: Buffer.from('{"commands":[]}') }),
          undefined,
          r,
        ),
      ),
    ).toEqual([]);
    expect(
      ids((r) => judgeDiscoveryFlag('--capabilities', run({ exitCode: 1 }), undefined, r)),
    ).toEqual(['AOI-01/discovery-flag-differs']);
  });
});

describe('detection probes run in a sandbox, never in the caller’s cwd or HOME', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'aoi-detect-sandbox-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('each probe gets its own cwd, HOME, XDG directories and TMPDIR; {stateDir} is filled in', async () => {
    const log = join(scratch, 'seen.log');
    const tool = join(scratch, 'tool.sh');
    // A tool that writes where it stands and under its HOME, and says where that was.
    writeFileSync(
      tool,
      '#!/bin/sh\necho "$PWD|$HOME|$XDG_CONFIG_HOME|$TMPDIR|$TOOL_HOME" >> "$SEEN_LOG"\necho x > written-here\nexit 64\n',
      { mode: 0o755 },
    );
    const before = readdirSync(process.cwd());
    await detectSpecs('sh', [tool], {
      env: { SEEN_LOG: log, TOOL_HOME: '{stateDir}/tool' },
      timeoutMs: 20_000,
    });
    expect(readdirSync(process.cwd())).toEqual(before);
    const seen = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('|'));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const [cwd, home, xdg, tmp, toolHome] of seen) {
      expect(cwd).toMatch(/aoi-(?:lint|detect)-[^/]+\/p\d+\/cwd$/);
      expect(home).toBe(cwd!.replace(/cwd$/, 'home'));
      expect(xdg).toBe(`${home}/.config`);
      expect(tmp).toBe(cwd!.replace(/cwd$/, 'tmp'));
      expect(toolHome).toBe(`${cwd!.replace(/cwd$/, 'state')}/tool`);
      expect(home).not.toBe(homedir());
    }
    expect(new Set(seen.map(([cwd]) => cwd)).size).toBe(seen.length);
  }, 60_000);
});
