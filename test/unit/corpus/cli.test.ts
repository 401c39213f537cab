import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScenarios, parseScenariosArgs, renderScenarioList, resolveScenario, runScenarios, scenariosDir } from '../../../src/cli/scenarios.js';
import { Emitter } from '../../../src/cli/emitter.js';
import { UsageError } from '../../../src/cli/usage.js';
import { scenarioFaults } from '../../../src/corpus/run.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = loadScenarios();

afterEach(() => {
  vi.restoreAllMocks();
});

async function jsonl(args: string[]): Promise<{ code: number; events: Array<Record<string, unknown>> }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const emitter = new Emitter(out);
  const code = await runScenarios(['--output', 'jsonl', ...args], emitter);
  await emitter.close();
  const text = Buffer.concat(chunks).toString('utf8');
  return { code, events: text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('aoi-testkit scenarios', () => {
  it('finds the corpus beside src/ and beside dist/ (entry or chunk)', () => {
    expect(scenariosDir()).toBe(`${ROOT}scenarios`);
    expect(scenariosDir(`${ROOT}dist/cli/main.js`)).toBe(`${ROOT}scenarios`);
    expect(scenariosDir(`${ROOT}dist/scenarios-ABC123.js`)).toBe(`${ROOT}scenarios`);
  });

  it('reads every scenario file, in id order', () => {
    expect(corpus.length).toBeGreaterThan(50);
    const ids = corpus.map((s) => s.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toContain('preset.well-behaved');
  });

  it('--output jsonl: meta, one scenario event per file with the whole scenario, summary', async () => {
    const { code, events } = await jsonl([]);
    expect(code).toBe(0);
    expect(events[0]).toMatchObject({ type: 'aoi:meta', tool: 'aoi-testkit', command: 'scenarios' });
    expect(events.at(-1)).toEqual({ type: 'aoi:summary', ok: true, count: corpus.length, warning_count: 0, error_count: 0 });
    const scenarios = events.filter((e) => e.type === 'scenario');
    expect(scenarios).toHaveLength(corpus.length);
    expect(scenarios.map(({ type: _type, ...rest }) => rest)).toEqual(corpus);
    for (const event of scenarios) expect(event).toHaveProperty('command');
  });

  it('--kind keeps one kind', async () => {
    for (const kind of ['stream', 'lint'] as const) {
      const { events } = await jsonl(['--kind', kind]);
      const scenarios = events.filter((e) => e.type === 'scenario');
      expect(scenarios.length).toBe(corpus.filter((s) => s.kind === kind).length);
      expect(scenarios.every((s) => s.kind === kind)).toBe(true);
    }
  });

  it('text: one line per scenario with the rules it must fail, then the counts', async () => {
    let written = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written += chunk.toString();
      return true;
    });
    expect(await runScenarios(['--kind', 'stream'], new Emitter(new PassThrough()))).toBe(0);
    const lines = written.trimEnd().split('\n');
    const streams = corpus.filter((s) => s.kind === 'stream');
    expect(lines).toHaveLength(streams.length + 1);
    expect(lines.find((l) => l.startsWith('preset.well-behaved '))).toMatch(/stream\s+passes$/);
    expect(lines.find((l) => l.startsWith('fault.ansi-colour.summary-only '))).toMatch(/fails AOI-02, AOI-03$/);
    expect(lines.find((l) => l.startsWith('fault.crlf '))).toMatch(/passes; warns AOI-02$/);
    expect(lines.at(-1)).toBe(`${streams.length} scenario(s): ${streams.length} stream, 0 lint`);
  });

  it('renders an empty list', () => {
    expect(renderScenarioList([])).toBe('0 scenario(s): 0 stream, 0 lint\n');
  });

  it('rejects bad options as usage errors', () => {
    expect(() => parseScenariosArgs(['--kind', 'both'])).toThrow(UsageError);
    expect(() => parseScenariosArgs(['--output', 'yaml'])).toThrow(/text or jsonl/);
    expect(() => parseScenariosArgs(['--nope'])).toThrow(UsageError);
    expect(parseScenariosArgs(['--format', 'jsonl'])).toEqual({ output: 'jsonl', kind: undefined });
  });
});

describe('resolveScenario: `aoi-testkit fake <scenario-id>`', () => {
  it('gives the preset, the faults on top of it and the seed', () => {
    expect(resolveScenario('fault.ansi-colour.summary-only')).toEqual({ preset: 'well-behaved', faults: [['ansi-colour', { target: ['aoi:summary'] }]], seed: 1 });
    expect(resolveScenario('preset.colourful')).toEqual({ preset: 'colourful', faults: [], seed: 1 });
  });

  it('is undefined for anything that is not a scenario id', () => {
    for (const id of ['colourful', 'fault.no-such-fault', 'preset.nope', '../package', 'fault./etc/passwd', '']) expect(resolveScenario(id), id).toBeUndefined();
  });

  it('resolves every scenario to faults the catalogue can make', () => {
    for (const scenario of corpus) {
      const spec = resolveScenario(scenario.id)!;
      expect(spec, scenario.id).toEqual({ preset: scenario.fake.preset, faults: scenario.fake.faults, seed: scenario.fake.seed });
      expect(() => scenarioFaults({ tool: 'notes', ...spec })).not.toThrow();
    }
  });
});
