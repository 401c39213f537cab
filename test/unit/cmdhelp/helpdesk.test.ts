/** The helpdesk fake in memory: the same code the process runs. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELPDESK_FAULTS, runHelpdesk } from '../../../src/fakes/cmdhelp/index.js';

const json = (argv: string[], env = {}) =>
  JSON.parse(runHelpdesk(argv, { env }).stdout) as {
    commands: Record<string, Record<string, unknown>>;
    cmdhelp_version: string;
  };

describe('helpdesk (in memory)', () => {
  it('advertises cmdhelp/0.1 in both discovery forms', () => {
    expect(runHelpdesk(['help', '--capabilities'])).toEqual({
      stdout: 'cmdhelp/0.1: text, md, json, llm\n',
      stderr: '',
      exitCode: 0,
    });
    expect(runHelpdesk(['--cmdhelp-capabilities']).stdout).toBe(
      'cmdhelp/0.1: text, md, json, llm\n',
    );
  });
  it('summarises at the root, details a leaf, expands with --depth', () => {
    expect(Object.keys(json(['help', '--format', 'json']).commands)).toEqual([
      'ticket',
      'queue',
      'status',
    ]);
    expect(
      json(['help', 'ticket', 'create', '--format', 'json']).commands['ticket create'],
    ).toHaveProperty('flags');
    const deep = json(['help', '--format', 'json', '--depth', '2']);
    expect(deep.commands['ticket list']).toHaveProperty('examples');
    // --depth 1: the first level in full (status), the second in summary only.
    const one = json(['help', '--format', 'json', '--depth', '1']);
    expect(one.commands.status).toHaveProperty('examples');
    expect(one.commands['ticket list']).toEqual({ summary: 'List tickets.' });
    expect(
      json(['help', '--format', 'json', '--depth', '1', '--fault', 'depth-unbounded']).commands[
        'ticket list'
      ],
    ).toHaveProperty('examples');
    expect(Object.keys(json(['help', 'queue', '--format', 'json']).commands)).toEqual([
      'queue list',
      'queue show',
    ]);
  });
  it('splices dynamic enum values from its state directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpdesk-'));
    writeFileSync(join(dir, 'queues.json'), JSON.stringify(['hr', 'ops']));
    const doc = JSON.parse(
      runHelpdesk(['help', 'ticket', 'create', '--format', 'json'], { stateDir: dir }).stdout,
    ) as {
      commands: Record<
        string,
        { flags: Record<string, { enum?: string[]; enum_source?: string }> }
      >;
    };
    expect(doc.commands['ticket create']!.flags.queue).toEqual(
      expect.objectContaining({ enum: ['hr', 'ops'], enum_source: 'dynamic:helpdesk queue list' }),
    );
    expect(runHelpdesk(['queue', 'list'], { stateDir: dir }).stdout).toBe('hr\nops\n');
  });
  it('rejects an unknown format and a negative depth with a message', () => {
    for (const argv of [
      ['help', '--format', 'yaml'],
      ['help', '--depth', '-1'],
    ]) {
      const r = runHelpdesk(argv);
      expect(r.exitCode).not.toBe(0);
      expect(r.stderr).not.toBe('');
    }
  });
  it('selects faults by --fault and by AOI_TESTKIT_CMDHELP_FAULTS, and refuses unknown ones', () => {
    expect(runHelpdesk(['help', '--capabilities', '--fault', 'capability-patch']).stdout).toBe(
      'cmdhelp/0.1.0: text, md, json, llm\n',
    );
    expect(
      json(['help', '--format', 'json'], { AOI_TESTKIT_CMDHELP_FAULTS: 'json-version-patch' })
        .cmdhelp_version,
    ).toBe('0.1.0');
    expect(runHelpdesk(['help', '--fault', 'nope']).exitCode).toBe(2);
  });
  it('a leaf parses its own flags before its --help: a bool flag refuses a value, an unknown flag is refused', () => {
    expect(runHelpdesk(['ticket', 'list', '--open', '--help']).exitCode).toBe(0);
    expect(runHelpdesk(['ticket', 'list', '--open=true', '--help'])).toMatchObject({
      exitCode: 2,
      stderr: 'helpdesk: --open takes no value, got "true"\n',
    });
    expect(runHelpdesk(['ticket', 'list', '--no-such', '--help']).exitCode).toBe(2);
    expect(runHelpdesk(['help', '--verbose=true']).exitCode).toBe(2);
    expect(
      runHelpdesk(['ticket', 'list', '--open=true', '--help', '--fault', 'bool-takes-value'])
        .exitCode,
    ).toBe(0);
  });
  it('every fault changes some output of the help surface', () => {
    const probes = [
      ['help', '--capabilities'],
      ['--cmdhelp-capabilities'],
      ['help'],
      ['help', '--format', 'json', '--depth', '1'],
      ['help', '--format', 'json', '--depth', '2'],
      ['help', '--format', 'md', '--depth', '2'],
      ['help', '--format', 'llm'],
      ['help', '--format', 'nope'],
      ['help', '--depth', '-1'],
      ['help', 'queue', '--format', 'json'],
      ['help', 'status', '--format', 'json'],
      ['ticket', 'list', '--help', '--format', 'md'],
      ['help', 'ticket', '--format', 'json', '--depth', '1'],
      ['ticket', 'list', '--open=true', '--help'],
    ];
    const run = (argv: string[]) => JSON.stringify(runHelpdesk(argv, { now: () => new Date(0) }));
    const clean = probes.map(run).join('\n');
    for (const fault of HELPDESK_FAULTS)
      expect(probes.map((p) => run([...p, '--fault', fault.id])).join('\n'), fault.id).not.toBe(
        clean,
      );
  });
});

describe('coverage of the CMDHELP sub-rules', () => {
  it('every sub-rule is shown failing: by an invalid fixture, a helpdesk fault, or a live test (missing, unstable)', async () => {
    const { CMDHELP_SUB_RULES } = await import('../../../src/spec/cmdhelp/rules.js');
    const { readdirSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const fixtureDirs = readdirSync(
      fileURLToPath(new URL('../../../fixtures/cmdhelp/invalid/', import.meta.url)),
    );
    const covered = new Set([
      ...HELPDESK_FAULTS.flatMap((f) => f.violates),
      ...['CMDHELP-01/missing', 'CMDHELP-01/unstable'],
    ]);
    for (const sub of CMDHELP_SUB_RULES) {
      const byFixture = fixtureDirs.includes(sub.id.toLowerCase().replace('/', '--'));
      expect(byFixture || covered.has(sub.id), `${sub.id} is never shown failing`).toBe(true);
    }
  });
});
