/**
 * compareContracts beyond the corpus: what announces a break (a schema major, a major release of the tool), the
 * versions below 1.0.0, strict, and the reference tool notes recorded in memory (schema 1.0.0 → 2.0.0, announced).
 */
import { describe, expect, it } from 'vitest';
import { formatContract, readContract } from '../../../src/checks/compat/contract-file.js';
import { compareContracts } from '../../../src/checks/compat/judge.js';
import {
  releaseMajorChanged,
  releaseVersion,
  schemaMajorChanged,
} from '../../../src/checks/compat/versions.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { recordContract } from '../../../src/lint/contract/record.js';
import type { Contract } from '../../../src/spec/compat/contract.js';

const withCommands = (version: string, commands: object[], schema?: string): Contract => ({
  contract: '1',
  tool: { name: 't', version },
  aoi: {
    capabilities: {
      tool: 't',
      tool_version: version,
      aoi_versions: ['0.2'],
      ...(schema ? { schemas: [{ name: 's', versions: [schema], default: schema }] } : {}),
      commands,
    },
  },
});

describe('versions', () => {
  it('the schema major is the first number, below 1.0.0 too (§5.1 names the major)', () => {
    expect(schemaMajorChanged('1.0.0', '1.4.0')).toBe(false);
    expect(schemaMajorChanged('1.0.0', '2.0.0')).toBe(true);
    expect(schemaMajorChanged('0.1.0', '0.2.0')).toBe(false);
    expect(schemaMajorChanged('v1', '2')).toBe(true);
    expect(schemaMajorChanged('1.0.0', 'latest')).toBeUndefined();
  });

  it('a release is major by semantic versioning: below 1.0.0 the minor counts', () => {
    expect(releaseMajorChanged('1.8.2', '1.9.0')).toBe(false);
    expect(releaseMajorChanged('1.8.2', '2.0.0')).toBe(true);
    expect(releaseMajorChanged('0.3.1', '0.4.0')).toBe(true);
    expect(releaseMajorChanged('0.3.1', '0.3.2')).toBe(false);
    expect(releaseVersion('notes 1.4.0')?.major).toBe(1);
    expect(releaseMajorChanged(undefined, '2.0.0')).toBeUndefined();
  });
});

describe('what announces a break of the command surface', () => {
  const before = withCommands('1.2.0', [
    { name: 'a', read_only: true },
    { name: 'b', read_only: true },
  ]);
  const after = (version: string, schema?: string) =>
    withCommands(version, [{ name: 'a', read_only: true }], schema);

  it('nothing: a warning, and the rule passes unless strict', () => {
    const report = compareContracts(before, after('1.3.0'));
    expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
      ['COMPAT-02/command-removed', 'warning'],
    ]);
    expect(report.ok).toBe(true);
    const strict = compareContracts(before, after('1.3.0'), { strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.verdicts.find((v) => v.rule === 'COMPAT-02')!.status).toBe('fail');
  });

  it('a major release of the tool: a note, no finding', () => {
    const report = compareContracts(before, after('2.0.0'));
    expect(report.findings).toEqual([]);
    expect(report.changes[0]!.announcedBy).toBe('tool_version 1.2.0 → 2.0.0');
    expect(report.verdicts.find((v) => v.rule === 'COMPAT-02')!.notes).toEqual([
      'announced by tool_version 1.2.0 → 2.0.0: capabilities: command b is gone',
    ]);
  });

  it('a new major of the default schema announces it too', () => {
    const b = withCommands('1.2.0', [{ name: 'a' }, { name: 'b' }], '1.0.0');
    const report = compareContracts(b, withCommands('1.3.0', [{ name: 'a' }], '2.0.0'));
    expect(report.findings).toEqual([]);
    expect(report.changes.find((c) => c.class === 'command-removed')!.announcedBy).toBe(
      'schema_version 1.0.0 → 2.0.0',
    );
  });
});

describe('what the rules say when there is nothing to judge', () => {
  it('no schema, no shared surface, no version: not applicable, with the reason', () => {
    const bare: Contract = {
      contract: '1',
      tool: {},
      cmdhelp: { capability: 'cmdhelp/0.1: text, md, json' },
    };
    const other: Contract = {
      contract: '1',
      tool: {},
      exec: { manifestArgs: ['manifest'], manifest: { commands: { exec: {} } } },
    };
    const report = compareContracts(bare, bare);
    expect(report.verdicts.map((v) => [v.rule, v.status])).toEqual([
      ['COMPAT-01', 'not_applicable'],
      ['COMPAT-02', 'pass'],
      ['COMPAT-03', 'not_applicable'],
    ]);
    const apart = compareContracts(other, bare);
    // cmdhelp came in, exec went away: the exec surface was withdrawn.
    expect(apart.changes.map((c) => [c.class, c.breaking])).toEqual([
      ['capability-added', false],
      ['capability-withdrawn', true],
    ]);
  });
});

describe('the contract file', () => {
  it('is written with sorted keys and read back; anything else is refused with the reason', () => {
    const contract = withCommands('1.0.0', [{ read_only: true, name: 'a' }]);
    const text = formatContract(contract);
    expect(text.split('\n')[1]).toBe(
      '  "$schema": "https://unpkg.com/aoi-testkit/dist/schemas/compat/contract.schema.json",',
    );
    expect(text.indexOf('"name": "a"')).toBeLessThan(text.indexOf('"read_only"'));
    const read = readContract(text);
    expect(read.ok && read.contract.tool).toEqual({ name: 't', version: '1.0.0' });
    expect(readContract('{').ok).toBe(false);
    expect(readContract('{"contract":"2","tool":{}}')).toEqual({
      ok: false,
      problems: ['contract format "2" is not 1, the one this kit reads'],
    });
    expect(readContract({ contract: '1' })).toEqual({
      ok: false,
      problems: ['/: missing required property "tool"'],
    });
  });
});

describe('the reference tool notes, recorded in memory', () => {
  it('records its capabilities, both schema versions and its dispatch manifest, from discovery alone', async () => {
    const contract = await recordContract(inMemoryTarget(notes));
    expect(contract.tool).toEqual({ name: 'notes', version: '1.0.0' });
    expect(Object.keys(contract.aoi!.schemas!['dev.aoi-testkit.notes.events']!)).toEqual([
      '1.0.0',
      '2.0.0',
    ]);
    expect(contract.exec!.manifestArgs).toEqual(['manifest', '--output', 'json']);
    expect(contract.cmdhelp).toBeUndefined();
    expect(contract.unrecorded).toBeUndefined();
    expect(readContract(formatContract(contract)).ok).toBe(true);
    // Two recordings of the same tool are the same bytes.
    expect(formatContract(await recordContract(inMemoryTarget(notes)))).toBe(
      formatContract(contract),
    );
  });

  it('judges its schema 1.0.0 → 2.0.0 (hit.rank renamed hit.score) breaking, announced by the major', async () => {
    const contract = await recordContract(inMemoryTarget(notes));
    const report = compareContracts(contract, contract);
    expect(report.ok).toBe(true);
    expect(report.findings).toEqual([]);
    expect(report.changes.map((c) => [c.class, c.breaking, c.announcedBy])).toEqual([
      ['field-removed', true, 'schema_version 1.0.0 → 2.0.0'],
      ['field-added', false, undefined],
    ]);
  });
});
