import { isUtf8 } from 'node:buffer';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStream, type StreamReport } from '../../../src/checks/aoi/stream.js';
import {
  runInMemory,
  type FakeRun,
  type InMemoryOptions,
} from '../../../src/fakes/aoi/engine/memory.js';
import { banner } from '../../../src/fakes/aoi/faults/banner.js';
import type { Fault } from '../../../src/fakes/aoi/faults/fault.js';
import {
  FAULT_CATALOGUE,
  FAULT_IDS,
  PRESET_IDS,
  PRESETS,
  REFERENCE_RUNS,
  declaredBy,
  makeFault,
  makeFaultVariant,
  presetFaults,
  BEHAVIOUR_FAULT_IDS,
  BEHAVIOUR_FAULT_CATALOGUE,
  CONTRACT_FAULT_IDS,
  type FaultId,
  type CatalogueEntry,
  type StreamFaultId,
  type ReferenceRunId,
  type StreamFault,
} from '../../../src/fakes/aoi/faults/index.js';
import { leaksEnvInMeta } from '../../../src/fakes/aoi/faults/leaks-env-in-meta.js';
import { schemaVersionMissing } from '../../../src/fakes/aoi/faults/schema-version-missing.js';
import { truncationWithoutFlag } from '../../../src/fakes/aoi/faults/truncation-without-flag.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { AOI_SUB_RULES } from '../../../src/spec/aoi/rules.js';
import { getSubRule } from '../../../src/spec/rules.js';
import { writeTable } from '../../support/tables.js';

const FAULTS_DIR = new URL('../../../src/fakes/aoi/faults/', import.meta.url);
/** Files in faults/ that are not faults: the interface, the shared helpers, the catalogue. */
const NOT_FAULTS = new Set(['fault.ts', 'stream-fault.ts', 'index.ts']);

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aoi-faults-'));
  tempDirs.push(dir);
  return dir;
}

/** A state directory with the reference run's setup done (by the clean tool). */
async function prepared(runId: ReferenceRunId): Promise<string> {
  const dir = freshDir();
  for (const argv of REFERENCE_RUNS[runId].setup) {
    const setup = await runInMemory(notes, { argv, stateDir: dir });
    if (setup.exitCode !== 0)
      throw new Error(
        `setup ${argv.join(' ')} exited ${setup.exitCode}: ${Buffer.from(setup.stderr).toString()}`,
      );
  }
  return dir;
}

// The reference runs only read their state, so one prepared directory per run serves every fault.
const STATE: Record<ReferenceRunId, string> = {
  'search-truncated': await prepared('search-truncated'),
  'get-missing': await prepared('get-missing'),
};

function reference(runId: ReferenceRunId, faults: readonly Fault[], seed = 1): Promise<FakeRun> {
  return runInMemory(notes, {
    argv: REFERENCE_RUNS[runId].argv,
    stateDir: STATE[runId],
    faults,
    seed,
  });
}

function judge(run: FakeRun, strict = false): StreamReport {
  return checkStream(run.stdout, { exitCode: run.exitCode, signal: run.signal, strict });
}

const detectedIds = (report: StreamReport): string[] =>
  [...new Set(report.findings.map((f) => f.id))].sort();
const sorted = (ids: readonly string[]): string[] => [...ids].sort();
const registrySeverity = (ids: readonly string[]) =>
  ids.some((id) => getSubRule(id).severity === 'error') ? 'error' : 'warning';

interface Case {
  label: string;
  id: StreamFaultId;
  variant?: string;
  make: () => StreamFault;
  entry: CatalogueEntry;
}

const entryOf = (id: StreamFaultId) => FAULT_CATALOGUE[id] as unknown as CatalogueEntry;
const CASES: Case[] = FAULT_IDS.flatMap((id) => [
  { label: id, id, make: () => makeFault(id), entry: entryOf(id) },
  ...Object.keys(entryOf(id).variants).map((variant) => ({
    label: `${id} [${variant}]`,
    id,
    variant,
    make: () => makeFaultVariant(id, variant),
    entry: entryOf(id),
  })),
]);

describe('the fault catalogue itself', () => {
  it('holds one fault per file in src/fakes/aoi/faults, under its file name (stream, behaviour and contract faults)', () => {
    const files = readdirSync(FAULTS_DIR).filter((f) => f.endsWith('.ts') && !NOT_FAULTS.has(f));
    const ids = [...FAULT_IDS, ...BEHAVIOUR_FAULT_IDS, ...CONTRACT_FAULT_IDS];
    expect(sorted(files.map((f) => f.slice(0, -3)))).toEqual(sorted(ids));
    for (const id of ids) expect(makeFault(id).id).toBe(id);
  });

  it('keeps stream and behaviour faults apart: no id in both catalogues, stream faults flip no switch', () => {
    expect(FAULT_IDS.filter((id) => (BEHAVIOUR_FAULT_IDS as string[]).includes(id))).toEqual([]);
    expect(FAULT_IDS.filter((id) => makeFault(id).behaviour !== undefined)).toEqual([]);
  });

  it('has no variant that only repeats the defaults (each would be a duplicate scenario in the corpus)', () => {
    const catalogue = { ...FAULT_CATALOGUE, ...BEHAVIOUR_FAULT_CATALOGUE } as unknown as Record<
      string,
      { variants: Record<string, unknown> }
    >;
    const redundant = Object.entries(catalogue).flatMap(([id, entry]) =>
      Object.keys(entry.variants)
        .filter(
          (variant) =>
            JSON.stringify(makeFaultVariant(id as FaultId, variant).params) ===
            JSON.stringify(makeFault(id).params),
        )
        .map((variant) => `${id}.${variant}`),
    );
    expect(redundant).toEqual([]);
  });

  it('has at least the faults the design asks for', () => {
    const required = [
      'mixing-prose',
      'ansi-colour',
      'banner',
      'stack-trace',
      'missing-type',
      'giant-json-array',
      'pretty-printed',
      'crash-before-summary',
      'killed-mid-stream',
      'summary-not-last',
      'ok-missing',
      'unknown-error-category',
      'unstructured-error',
      'legacy-unprefixed',
      'reserved-domain-name',
      'leaks-argv-in-meta',
      'leaks-env-in-meta',
      'truncation-without-flag',
      'schema-version-missing',
      'crlf',
      'bom',
      'blank-lines',
      'invalid-utf8',
    ];
    expect(required.filter((id) => !FAULT_IDS.includes(id as StreamFaultId))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.label, c] as const))(
    '%s declares distinct registered sub-rules and a severity that matches the registry',
    (_label, c) => {
      const fault = c.make();
      expect(fault.violates.length).toBeGreaterThan(0);
      expect(new Set(fault.violates).size).toBe(fault.violates.length);
      const known = new Set(AOI_SUB_RULES.map((s) => s.id));
      expect(fault.violates.filter((id) => !known.has(id))).toEqual([]);
      expect(fault.severity).toBe(registrySeverity(fault.violates));
      expect(fault.description.length).toBeGreaterThan(10);
    },
  );

  it('rejects unknown ids and variants with the known ones in the message', () => {
    expect(() => makeFault('no-such-fault')).toThrow(/known faults: .*mixing-prose/);
    expect(() => makeFaultVariant('crlf', 'nope')).toThrow(/no variant/);
    expect(() => presetFaults('nope')).toThrow(/known presets: .*well-behaved/);
  });
});

describe('the reference runs, clean', () => {
  it.each(Object.keys(REFERENCE_RUNS) as ReferenceRunId[])(
    '%s has the shape its description promises and no finding in strict mode',
    async (runId) => {
      const run = await reference(runId, []);
      expect(run.exitCode).toBe(REFERENCE_RUNS[runId].exitCode);
      const report = judge(run, true);
      expect(report.findings).toEqual([]);
      const types = Buffer.from(run.stdout)
        .toString('utf8')
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { type: string }).type);
      if (runId === 'search-truncated') {
        expect(types).toEqual(['aoi:meta', 'hit', 'hit', 'aoi:summary']);
        expect(report.summary).toMatchObject({
          ok: true,
          truncated: true,
          next_cursor: expect.any(String),
        });
      } else {
        expect(types).toEqual(['aoi:meta', 'aoi:error', 'aoi:summary']);
        expect(report.summary).toMatchObject({ ok: false });
      }
    },
  );
});

describe('every fault is caught by exactly the sub-rules it declares', () => {
  type Row = {
    fault: string;
    run: string;
    severity: string;
    declared: string;
    detected: string;
    match: string;
  };
  const rows = new Map<string, Row>();

  afterAll(() => {
    const header: Row = {
      fault: 'fault',
      run: 'run',
      severity: 'severity',
      declared: 'violates (declared)',
      detected: 'detected',
      match: '',
    };
    const all = [header, ...CASES.flatMap((c) => rows.get(c.label) ?? [])];
    const keys = Object.keys(header) as (keyof Row)[];
    const width = (key: keyof Row) => Math.max(...all.map((r) => r[key].length));
    const line = (r: Row) =>
      keys
        .map((k) => r[k].padEnd(width(k)))
        .join(' | ')
        .trimEnd();
    writeTable(
      'fault-table',
      [
        '',
        line(header),
        keys.map((k) => '-'.repeat(width(k))).join('-|-'),
        ...all.slice(1).map(line),
        '',
      ].join('\n'),
    );
  });

  for (const c of CASES) {
    const row = (fault: StreamFault, detected: string): Row => ({
      fault: c.label,
      run: c.entry.run,
      severity: fault.severity,
      declared: sorted(fault.violates).join(', '),
      detected,
      match: detected === sorted(fault.violates).join(', ') ? 'ok' : 'MISMATCH',
    });
    it(`${c.label} (on ${c.entry.run})`, async () => {
      const fault = c.make();
      const run = await reference(c.entry.run, [fault]);
      const report = judge(run);
      const detected = detectedIds(report);
      rows.set(c.label, row(fault, detected.join(', ')));
      expect(detected).toEqual(sorted(fault.violates));
      // A warning-only fault passes a lenient check and fails a strict one; an error fault fails both.
      expect(report.ok).toBe(fault.severity === 'warning');
      expect(judge(run, true).ok).toBe(false);
    });
  }

  it('invalid-utf8 really writes bytes that are not UTF-8', async () => {
    for (const how of ['latin1', 'cut-sequence', 'lone-byte'] as const) {
      const run = await reference('search-truncated', [makeFault('invalid-utf8', { how })]);
      expect(isUtf8(run.stdout), how).toBe(false);
    }
  });
});

describe('seeds', () => {
  it.each(CASES.map((c) => [c.label, c] as const))(
    '%s: the same seed gives the same bytes, and no seed changes the verdict',
    async (_label, c) => {
      const fault = c.make();
      const first = await reference(c.entry.run, [fault], 42);
      const again = await reference(c.entry.run, [fault], 42);
      expect(Buffer.from(again.stdout).equals(Buffer.from(first.stdout))).toBe(true);
      expect([again.exitCode, again.signal]).toEqual([first.exitCode, first.signal]);

      const outputs = new Set<string>();
      for (let seed = 1; seed <= 12; seed++) {
        const run = await reference(c.entry.run, [fault], seed);
        outputs.add(Buffer.from(run.stdout).toString('latin1'));
        expect(detectedIds(judge(run)), `seed ${seed}`).toEqual(sorted(fault.violates));
      }
      // The catalogue's `randomised` flag (about the default parameters) is honest both ways.
      if (c.variant === undefined) expect(outputs.size > 1).toBe(c.entry.randomised);
    },
  );

  it('one fault instance serves many runs: per-run state does not leak between them', async () => {
    const fault = makeFault('giant-json-array');
    const a = await reference('search-truncated', [fault]);
    const b = await reference('search-truncated', [fault]);
    expect(Buffer.from(b.stdout).toString()).toBe(Buffer.from(a.stdout).toString());
    expect(Buffer.from(a.stdout).toString().split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('composition', () => {
  it('two faults on different events report the union of their declarations', async () => {
    const faults = [banner(), truncationWithoutFlag()];
    const run = await reference('search-truncated', faults);
    expect(detectedIds(judge(run))).toEqual(declaredBy(faults).violates);
    expect(declaredBy(faults).violates).toEqual([
      'AOI-02/prose',
      'AOI-11/cursor-without-truncated',
    ]);
  });

  it('two faults on the same event chain, and report the union', async () => {
    const faults = [schemaVersionMissing(), leaksEnvInMeta()];
    const run = await reference('search-truncated', faults);
    expect(detectedIds(judge(run))).toEqual(['AOI-09/meta-env', 'AOI-13/meta-schema-version']);
    expect(declaredBy(faults)).toEqual({
      violates: ['AOI-09/meta-env', 'AOI-13/meta-schema-version'],
      severity: 'error',
    });
  });

  it('a warning-only composition stays a warning', async () => {
    // Faults that re-serialise lines (crlf here) come last: later faults pass raw lines through untouched.
    const faults = [makeFault('late-meta'), makeFault('crlf')];
    const run = await reference('search-truncated', faults);
    expect(declaredBy(faults)).toEqual({
      violates: ['AOI-02/crlf', 'AOI-03/meta-not-first'],
      severity: 'warning',
    });
    expect(detectedIds(judge(run))).toEqual(declaredBy(faults).violates);
    expect(judge(run).ok).toBe(true);
  });

  // Presets of behaviour faults have no reference run: the process linter judges them (behaviour.test.ts).
  it.each(PRESET_IDS.filter((id) => PRESETS[id].run !== undefined))(
    'preset %s reports exactly the union of its faults',
    async (id) => {
      const faults = presetFaults(id);
      const run = await reference(PRESETS[id].run!, faults);
      const { violates, severity } = declaredBy(faults);
      expect(detectedIds(judge(run, true))).toEqual(violates);
      expect(judge(run).ok).toBe(severity !== 'error');
      if (id === 'well-behaved') expect(violates).toEqual([]);
    },
  );

  it('has the presets the design and the brief name', () => {
    expect(PRESET_IDS).toEqual(
      expect.arrayContaining([
        'well-behaved',
        'crashing-without-summary',
        'leaking-secrets',
        'mixing-prose',
        'slow',
        'ignoring-sigpipe',
      ]),
    );
  });
});

describe('the clean reference tool on every machine-mode command', () => {
  interface Command {
    name: string;
    argv: string[];
    exitCode: number;
    options?: Partial<InMemoryOptions>;
    check?: { unbounded?: boolean; schemaVersion?: string };
  }
  const NDJSON = '{"title":"Imported one"}\n{"title":"Imported two","tags":["x"]}\n';
  const BAD = '{"title":"ok"}\nnot json\n';
  const commands: Command[] = [
    {
      name: 'search (truncated)',
      argv: ['search', 'note', '--output', 'jsonl', '--limit', '2'],
      exitCode: 0,
    },
    { name: 'search (all)', argv: ['search', 'note', '--output', 'jsonl'], exitCode: 0 },
    { name: 'search (no hits)', argv: ['search', 'zzz', '--output', 'jsonl'], exitCode: 0 },
    { name: 'search --format=jsonl', argv: ['search', 'note', '--format=jsonl'], exitCode: 0 },
    {
      name: 'search --schema-version 2',
      argv: ['search', 'note', '--output', 'jsonl', '--schema-version', '2'],
      exitCode: 0,
      check: { schemaVersion: '2' },
    },
    {
      name: 'search --limit 0 (usage error after meta)',
      argv: ['search', 'note', '--output', 'jsonl', '--limit', '0'],
      exitCode: 64,
    },
    {
      name: 'search without a query (usage error)',
      argv: ['search', '--output', 'jsonl'],
      exitCode: 64,
    },
    { name: 'list', argv: ['list', '--output', 'jsonl'], exitCode: 0 },
    { name: 'list (truncated)', argv: ['list', '--output', 'jsonl', '--limit', '1'], exitCode: 0 },
    { name: 'get', argv: ['get', 'n_0001', '--output', 'jsonl'], exitCode: 0 },
    { name: 'get (missing)', argv: ['get', 'n_9999', '--output', 'jsonl'], exitCode: 1 },
    {
      name: 'create',
      argv: ['create', '--title', 'New', '--tag', 'a', '--output', 'jsonl'],
      exitCode: 0,
    },
    {
      name: 'create --dry-run',
      argv: ['create', '--title', 'New', '--dry-run', '--output', 'jsonl'],
      exitCode: 0,
    },
    {
      name: 'create --idempotency-key',
      argv: ['create', '--title', 'New', '--idempotency-key', 'k1', '--output', 'jsonl'],
      exitCode: 0,
    },
    {
      name: 'update',
      argv: ['update', 'n_0001', '--title', 'Renamed', '--output', 'jsonl'],
      exitCode: 0,
    },
    {
      name: 'update --dry-run',
      argv: ['update', 'n_0001', '--title', 'Renamed', '--dry-run', '--output', 'jsonl'],
      exitCode: 0,
    },
    {
      name: 'update (missing)',
      argv: ['update', 'n_9999', '--title', 'x', '--output', 'jsonl'],
      exitCode: 1,
    },
    {
      name: 'delete --confirm',
      argv: ['delete', 'n_0001', '--confirm', '--output', 'jsonl'],
      exitCode: 0,
    },
    {
      name: 'delete without --confirm',
      argv: ['delete', 'n_0001', '--output', 'jsonl'],
      exitCode: 64,
    },
    {
      name: 'delete --dry-run',
      argv: ['delete', 'n_0001', 'n_0002', '--dry-run', '--output', 'jsonl'],
      exitCode: 0,
    },
    {
      name: 'delete --confirm-count mismatch',
      argv: ['delete', 'n_0001', '--confirm', '--confirm-count', '2', '--output', 'jsonl'],
      exitCode: 65,
    },
    {
      name: 'import',
      argv: ['import', '--input-jsonl', '-', '--output', 'jsonl'],
      exitCode: 0,
      options: { stdin: NDJSON },
    },
    {
      name: 'import (fail-fast on a bad line)',
      argv: ['import', '--input-jsonl', '-', '--output', 'jsonl'],
      exitCode: 65,
      options: { stdin: BAD },
    },
    {
      name: 'import --continue-on-error',
      argv: ['import', '--input-jsonl', '-', '--continue-on-error', '--output', 'jsonl'],
      exitCode: 1,
      options: { stdin: BAD },
    },
    { name: 'doctor', argv: ['doctor', '--output', 'jsonl'], exitCode: 0 },
    {
      name: 'doctor with a token',
      argv: ['doctor', '--output', 'jsonl'],
      exitCode: 0,
      options: { env: { NOTES_API_TOKEN: 'nt_secret_value_123' } },
    },
    {
      name: 'watch (interrupted)',
      argv: ['watch', '--interval-ms', '1', '--output', 'jsonl'],
      exitCode: 130,
      options: { interruptAfterEvents: { events: 3 } },
      check: { unbounded: true },
    },
    { name: 'login (interactive required)', argv: ['login', '--output', 'jsonl'], exitCode: 77 },
  ];

  it.each(commands.map((c) => [c.name, c] as const))(
    '%s: no finding in strict mode',
    async (_name, c) => {
      const run = await runInMemory(notes, {
        argv: c.argv,
        stateDir: await prepared('search-truncated'),
        ...c.options,
      });
      expect(run.exitCode).toBe(c.exitCode);
      expect(run.stdout.length).toBeGreaterThan(0);
      const report = checkStream(run.stdout, {
        exitCode: run.exitCode,
        signal: run.signal,
        strict: true,
        ...c.check,
      });
      expect(report.findings).toEqual([]);
      expect(report.ok).toBe(true);
    },
  );

  it("a second page fetched with the first page's cursor is clean too", async () => {
    const first = await reference('search-truncated', []);
    const cursor = judge(first).summary?.next_cursor as string;
    const run = await runInMemory(notes, {
      argv: ['search', 'note', '--output', 'jsonl', '--limit', '2', '--cursor', cursor],
      stateDir: STATE['search-truncated'],
    });
    expect(run.exitCode).toBe(0);
    const report = judge(run, true);
    expect(report.findings).toEqual([]);
    expect(report.summary).toMatchObject({ ok: true, truncated: false, count: 1 });
  });
});
