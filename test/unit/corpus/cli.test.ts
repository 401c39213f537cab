import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadScenarios,
  resolveScenario,
  scenarioFakeArgs,
  scenariosDir,
} from '../../../src/corpus/scenario-files.js';
import { parseScenariosArgs, runScenarios } from '../../../src/cli/scenarios.js';
import { Emitter } from '../../../src/cli/emitter.js';
import { scenarioListText as renderScenarioList } from '../../../src/report/corpus.js';
import { UsageError } from '../../../src/errors.js';
import { scenarioFaults } from '../../../src/corpus/run.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = loadScenarios();

afterEach(() => {
  vi.restoreAllMocks();
});

async function jsonl(
  args: string[],
): Promise<{ code: number; events: Array<Record<string, unknown>> }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const emitter = new Emitter(out);
  const code = await runScenarios(['--output', 'jsonl', ...args], emitter);
  await emitter.close();
  const text = Buffer.concat(chunks).toString('utf8');
  return {
    code,
    events: text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
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
    expect(events[0]).toMatchObject({
      type: 'aoi:meta',
      tool: 'aoi-testkit',
      command: 'scenarios',
    });
    expect(events.at(-1)).toEqual({
      type: 'aoi:summary',
      ok: true,
      count: corpus.length,
      warning_count: 0,
      error_count: 0,
    });
    const scenarios = events.filter((e) => e.type === 'scenario');
    expect(scenarios).toHaveLength(corpus.length);
    expect(scenarios.map(({ type: _type, ...rest }) => rest)).toEqual(corpus);
    // An APP-runtime scenario has no command: its package is made per run (request, responses instead).
    for (const event of scenarios)
      expect(event).toHaveProperty(
        event.kind === 'app' ? 'path' : event.shape === 'runtime' ? 'request' : 'command',
      );
  });

  it('--kind keeps one kind, --spec one spec; together, both', async () => {
    for (const kind of ['stream', 'lint', 'foreign', 'cmdhelp', 'exec', 'app', 'agent'] as const) {
      const { events } = await jsonl(['--kind', kind]);
      const scenarios = events.filter((e) => e.type === 'scenario');
      expect(scenarios.length, kind).toBeGreaterThan(0);
      expect(scenarios.length).toBe(corpus.filter((s) => s.kind === kind).length);
      expect(scenarios.every((s) => s.kind === kind)).toBe(true);
    }
    for (const spec of ['aoi', 'cmdhelp', 'exec', 'app', 'agent'] as const) {
      const { events } = await jsonl(['--spec', spec]);
      const scenarios = events.filter((e) => e.type === 'scenario');
      expect(scenarios.length, spec).toBe(corpus.filter((s) => s.spec === spec).length);
      expect(new Set(scenarios.map((s) => s.kind)), spec).toEqual(
        new Set(spec === 'aoi' ? ['stream', 'lint', 'foreign'] : [spec]),
      );
    }
    expect(
      (await jsonl(['--spec', 'aoi', '--kind', 'lint'])).events.filter((e) => e.type === 'scenario')
        .length,
    ).toBe(corpus.filter((s) => s.kind === 'lint').length);
    expect(
      (await jsonl(['--spec', 'exec', '--kind', 'lint'])).events.filter(
        (e) => e.type === 'scenario',
      ),
    ).toEqual([]);
  });

  it('text: one line per scenario with the rules it must fail, then the counts', async () => {
    let written = '';
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => (written += chunk.toString()));
    expect(await runScenarios(['--kind', 'stream'], new Emitter(out))).toBe(0);
    const lines = written.trimEnd().split('\n');
    const streams = corpus.filter((s) => s.kind === 'stream');
    expect(lines).toHaveLength(streams.length + 1);
    expect(lines.find((l) => l.startsWith('preset.well-behaved '))).toMatch(
      /stream\s+aoi\s+passes$/,
    );
    expect(lines.find((l) => l.startsWith('fault.ansi-colour.summary-only '))).toMatch(
      /fails AOI-02, AOI-03$/,
    );
    expect(lines.find((l) => l.startsWith('fault.crlf '))).toMatch(/passes; warns AOI-02$/);
    expect(lines.at(-1)).toBe(`${streams.length} scenario(s): ${streams.length} stream`);
  });

  it('text: every kind shows its spec, and the counts per kind', () => {
    const text = renderScenarioList(corpus);
    expect(text).toMatch(/^cmdhelp\.helpdesk\.depth-ignored +cmdhelp +cmdhelp +fails CMDHELP-04$/m);
    expect(text).toMatch(/^exec\.notes\.deadlock +exec +exec +fails EXEC-10$/m);
    expect(text).toMatch(
      /^app\.broken\.app-12--unstructured-error +app +app +passes; warns APP-12$/m,
    );
    expect(text).toMatch(/^agent\.acp\.crash-mid-turn +agent +agent +fails AGENTCLI-22$/m);
    expect(text).toMatch(/^backend\.rate-limited +stream +aoi +passes$/m);
    expect(text).toMatch(
      /^consumer\.spawn\.killed +consumer +consumer +a consumer must fail closed, else CONSUMER-06\/killed-accepted$/m,
    );
    const count = (kind: string) => corpus.filter((s) => s.kind === kind).length;
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      `${corpus.length} scenario(s): ${['stream', 'lint', 'foreign', 'cmdhelp', 'exec', 'app', 'agent', 'consumer'].map((k) => `${count(k)} ${k}`).join(', ')}`,
    );
  });

  it('renders an empty list', () => {
    expect(renderScenarioList([])).toBe('0 scenario(s)\n');
  });

  it('rejects bad options as usage errors', () => {
    expect(() => parseScenariosArgs(['--kind', 'both'])).toThrow(UsageError);
    expect(() => parseScenariosArgs(['--spec', 'agentcli'])).toThrow(
      /--spec must be one of aoi, cmdhelp, exec, app, agent/,
    );
    expect(() => parseScenariosArgs(['--output', 'yaml'])).toThrow(/text or jsonl/);
    expect(() => parseScenariosArgs(['--nope'])).toThrow(UsageError);
    expect(parseScenariosArgs(['--format', 'jsonl'])).toEqual({
      output: 'jsonl',
      kind: undefined,
      spec: undefined,
      run: undefined,
    });
  });
});

describe('resolveScenario: `aoi-testkit fake <scenario-id>` for AOI scenarios', () => {
  it('gives the preset, the faults on top of it, the seed and the environment', () => {
    expect(resolveScenario('fault.ansi-colour.summary-only')).toEqual({
      preset: 'well-behaved',
      faults: [['ansi-colour', { target: ['aoi:summary'] }]],
      seed: 1,
      env: {},
    });
    expect(resolveScenario('preset.colourful')).toEqual({
      preset: 'colourful',
      faults: [],
      seed: 1,
      env: {},
    });
    expect(resolveScenario('backend.unavailable')).toEqual({
      preset: 'well-behaved',
      faults: [],
      seed: 1,
      env: { NOTES_BACKEND: '{"status":503}' },
    });
  });

  it('is undefined for anything that is not an AOI scenario id', () => {
    for (const id of [
      'colourful',
      'fault.no-such-fault',
      'preset.nope',
      '../package',
      'fault./etc/passwd',
      '',
      'cmdhelp.helpdesk',
      'exec.notes',
    ])
      expect(resolveScenario(id), id).toBeUndefined();
  });

  it('resolves every AOI scenario to faults the catalogue can make', () => {
    for (const scenario of corpus) {
      if (scenario.kind !== 'stream' && scenario.kind !== 'lint') continue;
      const spec = resolveScenario(scenario.id)!;
      expect(spec, scenario.id).toEqual({
        preset: scenario.fake.preset,
        faults: scenario.fake.faults,
        seed: scenario.fake.seed,
        env: scenario.kind === 'stream' ? (scenario.env ?? {}) : {},
      });
      expect(() => scenarioFaults({ tool: 'notes', ...spec })).not.toThrow();
    }
  });
});

describe('scenarioFakeArgs: `aoi-testkit fake <scenario-id>` for the other kinds', () => {
  it('gives the words of the scenario’s command after `fake`', () => {
    expect(scenarioFakeArgs('cmdhelp.helpdesk.depth-ignored')).toEqual(['helpdesk.depth-ignored']);
    expect(scenarioFakeArgs('exec.notes.lost-lines')).toEqual([
      '--env',
      'AOI_TESTKIT_EXEC_FAULTS=lost-lines',
      'well-behaved',
    ]);
    expect(scenarioFakeArgs('exec.notes')).toEqual(['well-behaved']);
    expect(scenarioFakeArgs('agent.repl.crash-mid-turn')).toEqual(['agent-repl.crash-mid-turn']);
  });

  it('an app scenario has no fake: a usage error that names lint --app-dir; an unknown id is one too', () => {
    expect(() => scenarioFakeArgs('app.todo')).toThrow(UsageError);
    expect(() => scenarioFakeArgs('app.todo')).toThrow(
      `app.todo is an Agent Application package, not a fake: judge it with aoi-testkit lint --app-dir ${ROOT}fixtures/apps/todo`,
    );
    expect(() => scenarioFakeArgs('agent.acp.no-such-fault')).toThrow(
      /unknown scenario "agent\.acp\.no-such-fault"/,
    );
    expect(() => scenarioFakeArgs('foreign.pynotes')).toThrow(
      'foreign.pynotes is a foreign tool, not a fake: run python3 fixtures/foreign/pynotes/pynotes.py from',
    );
    expect(() => scenarioFakeArgs('exec.../x')).toThrow(/unknown scenario/);
  });
});
