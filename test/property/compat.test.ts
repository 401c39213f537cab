/**
 * compareContracts, as properties over contracts derived from the corpus's base contract (fixtures/contracts):
 * whatever is taken away from a release is a break no version announces, and putting it back is never one; a
 * contract never differs from itself; and a contract that reads as one never makes the judge throw, whatever JSON
 * its tool put inside its documents.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../src/checks/compat/contract-file.js';
import { compareContracts } from '../../src/checks/compat/judge.js';
import type { Contract } from '../../src/spec/compat/contract.js';

const numRuns = Number(process.env.PROPERTY_RUNS ?? 200);
const base = JSON.parse(
  readFileSync(new URL('../../fixtures/contracts/identical/base.json', import.meta.url), 'utf8'),
) as Contract;
const clone = <T>(value: T): T => structuredClone(value);
type Json = Record<string, any>;

/**
 * One removal from the contract, each something an old consumer or caller relied on: a command of capabilities, a
 * cmdhelp flag, an exec command, an event type, or a required field of an event (from the bare schema and its
 * version alike, since both describe the one default layout).
 */
const REMOVALS: Record<string, (c: Json) => void> = {
  'capabilities command search': (c) => {
    c.aoi.capabilities.commands = c.aoi.capabilities.commands.filter(
      (x: Json) => x.name !== 'search',
    );
  },
  'capabilities command create': (c) => {
    c.aoi.capabilities.commands = c.aoi.capabilities.commands.filter(
      (x: Json) => x.name !== 'create',
    );
  },
  'help flag search --limit': (c) => delete c.cmdhelp.document.commands.search.flags.limit,
  'help flag search --tag': (c) => delete c.cmdhelp.document.commands.search.flags.tag,
  'help flag create --dry-run': (c) => delete c.cmdhelp.document.commands.create.flags['dry-run'],
  'exec command doc.create': (c) => delete c.exec.manifest.commands['doc.create'],
  'event field hit.rank': (c) => {
    for (const schema of schemasOf(c)) {
      const hit = schema.allOf[0].then;
      delete hit.properties.rank;
      hit.required = hit.required.filter((f: string) => f !== 'rank');
    }
  },
  'event field hit.title': (c) => {
    for (const schema of schemasOf(c)) {
      const hit = schema.allOf[0].then;
      delete hit.properties.title;
      hit.required = hit.required.filter((f: string) => f !== 'title');
    }
  },
  'event type created': (c) => {
    for (const schema of schemasOf(c)) {
      schema.allOf = schema.allOf.slice(0, 1);
      schema.properties.type.enum = schema.properties.type.enum.filter(
        (t: string) => t !== 'created',
      );
    }
    for (const command of c.aoi.capabilities.commands)
      command.event_types = command.event_types.filter((t: string) => t !== 'created');
  },
};
const schemasOf = (c: Json): Json[] => [
  c.aoi.schema,
  ...Object.values(c.aoi.schemas as Json).flatMap((versions) => Object.values(versions as Json)),
];
const OUTPUT = (name: string) => name.startsWith('event ');

/** A non-empty set of removals, and the contract they leave. */
const smaller = fc.subarray(Object.keys(REMOVALS), { minLength: 1 }).map((names) => {
  const contract = clone(base) as Json;
  for (const name of names) REMOVALS[name]!(contract);
  return { names, contract: contract as Contract };
});

describe('compareContracts, for any removal from a release', () => {
  it('taking it away is a break no version announces: a finding per surface touched, and strict fails', () => {
    fc.assert(
      fc.property(smaller, ({ names, contract }) => {
        const report = compareContracts(base, contract);
        const breaking = report.changes.filter((c) => c.breaking);
        expect(breaking.length).toBeGreaterThanOrEqual(1);
        expect(breaking.every((c) => c.announcedBy === undefined)).toBe(true);
        // Output breaks are errors (§5.1's MUST); the command surface's, warnings.
        expect(report.ok).toBe(!names.some(OUTPUT));
        expect(
          report.findings.some((f) => f.id.startsWith('COMPAT-01/') && f.severity === 'error'),
        ).toBe(names.some(OUTPUT));
        expect(compareContracts(base, contract, { strict: true }).ok).toBe(false);
      }),
      { numRuns },
    );
  });

  it('putting it back is never a break: every change compatible, no finding, under strict too', () => {
    fc.assert(
      fc.property(smaller, ({ contract }) => {
        const report = compareContracts(contract, base, { strict: true });
        expect(report.changes.filter((c) => c.breaking)).toEqual([]);
        expect(report.changes.length).toBeGreaterThanOrEqual(1);
        expect(report.findings).toEqual([]);
        expect(report.ok).toBe(true);
      }),
      { numRuns },
    );
  });

  it('a contract never differs from itself', () => {
    fc.assert(
      fc.property(smaller, ({ contract }) => {
        const report = compareContracts(contract, clone(contract), { strict: true });
        expect(report.changes).toEqual([]);
        expect(report.ok).toBe(true);
      }),
      { numRuns },
    );
  });
});

describe('compareContracts on whatever JSON a tool put in its documents', () => {
  /** Places in a contract a tool's own output fills (a path of keys); an earlier edit may have replaced a parent. */
  const PLACES: string[][] = [
    ['aoi', 'capabilities', 'commands'],
    ['aoi', 'capabilities', 'schemas'],
    ['aoi', 'capabilities', 'aoi_versions'],
    ['aoi', 'capabilities', 'tool_version'],
    ['aoi', 'schema', 'allOf'],
    ['aoi', 'schema', 'properties'],
    ['aoi', 'schemas', 'com.example.outline.events', '1.0.0', 'allOf'],
    ['cmdhelp', 'capability'],
    ['cmdhelp', 'document', 'commands'],
    ['cmdhelp', 'document', 'commands', 'search', 'flags'],
    ['cmdhelp', 'document', 'commands', 'search', 'args'],
    ['cmdhelp', 'document', 'commands', 'search', 'exit_codes'],
    ['exec', 'manifest', 'commands'],
    ['exec', 'manifest', 'commands', 'doc.create'],
  ];
  const put = (c: Json, path: string[], value: unknown) => {
    let at: unknown = c;
    for (const key of path.slice(0, -1))
      at = at !== null && typeof at === 'object' ? (at as Json)[key] : undefined;
    if (at !== null && typeof at === 'object' && !Array.isArray(at))
      (at as Json)[path.at(-1)!] = value;
  };
  const hostile = fc
    .array(fc.tuple(fc.nat(PLACES.length - 1), fc.jsonValue({ maxDepth: 4 })), {
      minLength: 1,
      maxLength: 4,
    })
    .map((edits) => {
      const contract = clone(base) as Json;
      for (const [place, value] of edits) put(contract, PLACES[place]!, value);
      return contract;
    });

  it('never throws: three verdicts, each a status the rules give, either way round', () => {
    let judged = 0;
    fc.assert(
      fc.property(hostile, fc.boolean(), (contract, asBase) => {
        const read = readContract(JSON.stringify(contract));
        if (!read.ok) return; // refused with its reason before any judge sees it
        const [before, after] = asBase ? [read.contract, base] : [base, read.contract];
        const report = compareContracts(before, after);
        judged++;
        expect(report.verdicts.map((v) => v.rule)).toEqual(['COMPAT-01', 'COMPAT-02', 'COMPAT-03']);
        for (const v of report.verdicts)
          expect(['pass', 'fail', 'skip', 'not_applicable']).toContain(v.status);
      }),
      { numRuns },
    );
    // Not vacuous: most hostile contracts still read as contracts (the format leaves the documents' insides open).
    expect(judged).toBeGreaterThan(numRuns / 2);
  });
});
